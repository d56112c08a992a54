import { useTranslation } from 'react-i18next';
import type { AssistantModel, TextStyle } from '../../../../../shared/contract';
import { modelLabels } from '../../../entities/model-names';
import { useLocale } from '../../../errors/use-error-wording';
import { Select } from '../../../ui';
import './ModelRow.css';

export interface ModelRowProps {
  models: readonly AssistantModel[];
  model: AssistantModel | undefined;
  onModel: (id: string) => void;
  onStyle: (style: TextStyle | null) => void;
}

/**
 * The text model and the request style it is called in. The assistant chooses both itself; an
 * artist who wants another model opens the advanced choice, where the style can be set too.
 */
export function ModelRow({ models, model, onModel, onStyle }: ModelRowProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const names = modelLabels(
    models.map((entry) => entry.id),
    locale,
    { standard: t('plainWords.modelStandard'), official: t('plainWords.modelOfficial') },
  );
  const styleName = (style: TextStyle): string => t(`assistant.styles.${style}`);
  return (
    <details className="assistant-advanced">
      <summary>{t('plainWords.textModelChoose')}</summary>
      <p className="field-help">{t('plainWords.textModelAuto')}</p>
      <div className="assistant-models">
        <Select
          label={t('assistant.model')}
          className="assistant-model-field"
          look={{ small: true, inline: true }}
          value={model?.id ?? ''}
          options={models.map((entry) => ({ value: entry.id, label: names.get(entry.id) ?? entry.id }))}
          onChange={onModel}
        />
        {model && (
          <Select<'auto' | TextStyle>
            label={t('assistant.style')}
            className="assistant-model-field"
            look={{ small: true, inline: true }}
            value={model.overridden ? model.style : 'auto'}
            options={[
              { value: 'auto', label: t('assistant.styleAuto', { style: styleName(model.autoStyle) }) },
              ...model.styles.map((style) => ({ value: style, label: styleName(style) })),
            ]}
            onChange={(value) => onStyle(value === 'auto' ? null : value)}
          />
        )}
      </div>
    </details>
  );
}
