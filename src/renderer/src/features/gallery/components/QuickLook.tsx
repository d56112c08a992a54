import { useTranslation } from 'react-i18next';
import type { AssetView } from '../../../../../shared/contract';
import { Dialog } from '../../../ui';
import './QuickLook.css';

export interface QuickLookProps {
  asset: AssetView | undefined;
  mediaUrl: (path: string) => string;
  onClose: () => void;
}

/** Space in the grid: the result large, over the gallery, until Space or Escape again. */
export function QuickLook({ asset, mediaUrl, onClose }: QuickLookProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={asset !== undefined} title={asset?.prompt || t('gallery.untitled')} onClose={onClose} closeLabel={t('gallery.closePreview')}>
      {asset && (
        <div
          className="quick-look"
          onKeyDown={(event) => {
            if (event.key === ' ') {
              event.preventDefault();
              onClose();
            }
          }}
        >
          {asset.kind === 'video' ? (
            <video src={mediaUrl(asset.mediaPath)} controls autoPlay muted loop playsInline />
          ) : (
            <img src={mediaUrl(asset.mediaPath)} alt={asset.prompt} />
          )}
        </div>
      )}
    </Dialog>
  );
}
