import { Clapperboard, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../ui';
import type { RemixSource } from '../store/form-slice';

/** The finished video a remix changes, above the remix form. */
export function RemixSourceCard({ source, mediaUrl, onLeave }: { source: RemixSource; mediaUrl: (path: string) => string; onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="remix-card">
      <div className="remix-thumb">{source.thumbPath ? <img src={mediaUrl(source.thumbPath)} alt="" /> : <Clapperboard size={22} aria-hidden="true" />}</div>
      <div className="remix-text">
        <p className="remix-title">{t('create.remix.title')}</p>
        <p className="remix-prompt" title={source.prompt}>
          {source.prompt || source.taskId}
        </p>
        <p className="field-help">{source.official ? t('create.remix.official') : t('create.remix.family')}</p>
      </div>
      <IconButton label={t('create.remix.leave')} icon={X} onClick={onLeave} />
    </div>
  );
}
