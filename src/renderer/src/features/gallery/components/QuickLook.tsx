import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssetView } from '../../../../../shared/contract';
import { IconButton } from '../../../ui';
import './QuickLook.css';

export interface QuickLookProps {
  asset: AssetView | undefined;
  /** Where the item is in the list, and how long the list is ("3 / 60"). */
  position: { index: number; count: number } | null;
  mediaUrl: (path: string) => string;
  onMove: (step: -1 | 1) => void;
  onClose: () => void;
}

const isChinese = (text: string): string | undefined => (/[\u3400-\u9fff]/.test(text) ? 'zh' : undefined);

/**
 * Space in the grid: the result filling the window, over the gallery (a modal `<dialog>`, so the
 * rest is inert and focus comes back). Left and right go through the list; Space or Escape close.
 */
export function QuickLook({ asset, position, mediaUrl, onMove, onClose }: QuickLookProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const open = asset !== undefined;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const title = asset ? asset.prompt || t('gallery.untitled') : '';
  return (
    <dialog
      ref={ref}
      className="quick-look"
      aria-label={title}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === ' ' || event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
          event.preventDefault();
          if (event.key === ' ') onClose();
          else onMove(event.key === 'ArrowLeft' ? -1 : 1);
        }
      }}
    >
      {asset && (
        <>
          <div className="quick-look-stage" onClick={(event) => event.target === event.currentTarget && onClose()}>
            {asset.kind === 'video' ? (
              <video
                key={asset.id}
                src={mediaUrl(asset.mediaPath)}
                poster={asset.thumbPath ? mediaUrl(asset.thumbPath) : undefined}
                controls
                autoPlay
                muted
                loop
                playsInline
              />
            ) : (
              <img key={asset.id} src={mediaUrl(asset.mediaPath)} alt={asset.prompt} />
            )}
          </div>
          <div className="quick-look-bar">
            <IconButton
              className="quick-look-button"
              label={t('gallery.detail.previous')}
              icon={ChevronLeft}
              disabled={!position || position.index === 0}
              onClick={() => onMove(-1)}
            />
            <p className="quick-look-title" lang={isChinese(title)}>
              {title}
            </p>
            {position && <span className="quick-look-position">{`${position.index + 1} / ${position.count}`}</span>}
            <IconButton
              className="quick-look-button"
              label={t('gallery.detail.next')}
              icon={ChevronRight}
              disabled={!position || position.index >= position.count - 1}
              onClick={() => onMove(1)}
            />
            <IconButton className="quick-look-button" label={t('gallery.closePreview')} icon={X} onClick={onClose} autoFocus />
          </div>
        </>
      )}
    </dialog>
  );
}
