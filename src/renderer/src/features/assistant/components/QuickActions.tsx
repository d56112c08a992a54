import { FileImage, Languages, ListTree, WandSparkles } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui';
import './QuickActions.css';

export interface QuickActionsProps {
  /** The chosen variant's name, for "Improve for …"; null when Create has none. */
  variantLabel: string | null;
  /** Translating goes into this language (the other one of the text). */
  translateInto: 'en' | 'zh-CN';
  count: number;
  onCount: (count: number) => void;
  /** Whether there is text to work on (the message, else Create's prompt). */
  hasText: boolean;
  hasImage: boolean;
  busy: boolean;
  /** The line on what the actions work on, while the conversation is empty (later it is known). */
  showHint: boolean;
  onImprove: () => void;
  onTranslate: () => void;
  onDescribe: () => void;
  onExpand: () => void;
}

/** One-click requests on the message (or Create's prompt when the message is empty). */
export function QuickActions(props: QuickActionsProps) {
  const { variantLabel, translateInto, count, onCount, hasText, hasImage, busy, showHint, onImprove, onTranslate, onDescribe, onExpand } = props;
  const { t } = useTranslation();
  const countId = useId();
  const blocked = busy || !hasText;
  return (
    <div className="assistant-quick" role="group" aria-label={t('assistant.quick.label')}>
      <Button size="sm" icon={WandSparkles} disabled={blocked} onClick={onImprove}>
        {variantLabel ? t('assistant.quick.improveFor', { variant: variantLabel }) : t('assistant.quick.improve')}
      </Button>
      <Button size="sm" icon={Languages} disabled={blocked} onClick={onTranslate}>
        {translateInto === 'zh-CN' ? t('assistant.quick.intoChinese') : t('assistant.quick.intoEnglish')}
      </Button>
      <Button size="sm" icon={FileImage} disabled={busy || !hasImage} onClick={onDescribe}>
        {t('assistant.quick.describe')}
      </Button>
      <span className="assistant-expand">
        <Button size="sm" icon={ListTree} disabled={blocked} onClick={onExpand}>
          {t('assistant.quick.expand', { count })}
        </Button>
        <label htmlFor={countId} className="visually-hidden">
          {t('assistant.quick.count')}
        </label>
        <input
          id={countId}
          className="assistant-count"
          type="number"
          min={2}
          max={12}
          value={count}
          onChange={(event) => {
            const next = Math.round(Number(event.target.value));
            if (Number.isFinite(next)) onCount(Math.min(12, Math.max(2, next)));
          }}
        />
      </span>
      {showHint && <p className="assistant-quick-hint">{t('assistant.quick.hint')}</p>}
    </div>
  );
}
