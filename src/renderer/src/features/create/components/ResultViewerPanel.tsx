import {
  ArrowLeft,
  ChevronLeft,
  ChevronRight,
  Clapperboard,
  Dices,
  Expand,
  GalleryHorizontalEnd,
  Heart,
  ImagePlus,
  Paintbrush,
  RefreshCw,
  Shuffle,
  Sparkles,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AssetView } from '../../../../../shared/contract';
import type { NextSteps } from '../../../entities/result-actions';
import { Button, IconButton } from '../../../ui';
import './ResultViewer.css';

/** What the view over Create does with the result it shows. */
export interface ResultViewerActions {
  onVary: (asset: AssetView) => void;
  onVaryStrong: (asset: AssetView) => void;
  onLarger: (asset: AssetView, tier: string) => void;
  onEdit: (asset: AssetView) => void;
  onAnimate: (asset: AssetView) => void;
  onReference: (asset: AssetView) => void;
  onReroll: (asset: AssetView) => void;
  onReuse: (asset: AssetView) => void;
  onFavourite: (asset: AssetView) => void;
  onOpenInGallery: (asset: AssetView) => void;
}

interface ResultViewerPanelProps {
  asset: AssetView;
  steps: NextSteps;
  titleId: string;
  /** Its place in the stream, from 0. */
  position: { index: number; count: number };
  mediaSrc: string;
  modelName: string;
  actions: ResultViewerActions;
  onBack: () => void;
  onStep: (step: 1 | -1) => void;
}

/**
 * One result large, over Create: the picture at its own shape, its prompt and model, and the next
 * steps in the order an artist reaches for them (vary, larger, edit, animate), then the rest.
 */
export function ResultViewerPanel({ asset, steps, titleId, position, mediaSrc, modelName, actions, onBack, onStep }: ResultViewerPanelProps) {
  const { t } = useTranslation();
  const image = asset.kind === 'image';
  const larger = steps.larger[0];
  return (
    <div className="viewer">
      <div className="viewer-bar">
        <Button icon={ArrowLeft} variant="quiet" onClick={onBack}>
          {t('stream.viewer.back')}
        </Button>
        <span className="viewer-position">{t('stream.viewer.position', { index: position.index + 1, count: position.count })}</span>
        <IconButton label={t('stream.viewer.previous')} icon={ChevronLeft} disabled={position.index <= 0} onClick={() => onStep(-1)} />
        <IconButton label={t('stream.viewer.next')} icon={ChevronRight} disabled={position.index >= position.count - 1} onClick={() => onStep(1)} />
      </div>
      <div className="viewer-media">{image ? <img src={mediaSrc} alt={asset.prompt} /> : <video src={mediaSrc} controls loop playsInline />}</div>
      <aside className="viewer-side">
        <h2 id={titleId} className="viewer-prompt">
          {asset.prompt || modelName}
        </h2>
        <p className="viewer-meta">
          {modelName}
          {asset.width && asset.height ? ` · ${String(asset.width)}×${String(asset.height)}` : ''}
        </p>
        {image && (
          <div className="viewer-group" role="group" aria-label={t('stream.viewer.vary')}>
            <p className="viewer-group-title">{t('stream.viewer.vary')}</p>
            <div className="viewer-row">
              <Button
                icon={Shuffle}
                disabled={!steps.vary}
                onClick={() => actions.onVary(asset)}
                aria-label={t('stream.viewer.varySubtle')}
                title={t('stream.viewer.subtleHelp')}
              >
                {t('stream.viewer.subtle')}
              </Button>
              <Button
                icon={Sparkles}
                disabled={!steps.vary}
                onClick={() => actions.onVaryStrong(asset)}
                aria-label={t('stream.viewer.varyStrong')}
                title={t('stream.viewer.strongHelp')}
              >
                {t('stream.viewer.strong')}
              </Button>
            </div>
          </div>
        )}
        {larger !== undefined && (
          <div className="viewer-group">
            <Button icon={Expand} onClick={() => actions.onLarger(asset, larger)}>
              {t('resultActions.larger', { tier: larger })}
            </Button>
            <p className="viewer-note">{t('resultActions.largerNote')}</p>
          </div>
        )}
        {image && (
          <div className="viewer-row">
            <Button icon={Paintbrush} onClick={() => actions.onEdit(asset)} title={t('stream.viewer.editHelp')}>
              {t('stream.viewer.edit')}
            </Button>
            <Button icon={Clapperboard} onClick={() => actions.onAnimate(asset)} title={t('stream.viewer.animateHelp')}>
              {t('stream.viewer.animate')}
            </Button>
          </div>
        )}
        <div className="viewer-more">
          {steps.reference && (
            <Button variant="quiet" icon={ImagePlus} onClick={() => actions.onReference(asset)}>
              {t('resultActions.useAsReference')}
            </Button>
          )}
          {steps.again && (
            <Button variant="quiet" icon={Dices} onClick={() => actions.onReroll(asset)}>
              {t('resultActions.reroll')}
            </Button>
          )}
          <Button variant="quiet" icon={RefreshCw} onClick={() => actions.onReuse(asset)}>
            {t('create.recent.reuse')}
          </Button>
          <Button variant="quiet" icon={Heart} className="result-favourite" aria-pressed={asset.favourite} onClick={() => actions.onFavourite(asset)}>
            {asset.favourite ? t('stream.viewer.favourited') : t('stream.viewer.favourite')}
          </Button>
          <Button variant="quiet" icon={GalleryHorizontalEnd} onClick={() => actions.onOpenInGallery(asset)}>
            {t('stream.viewer.openInGallery')}
          </Button>
        </div>
      </aside>
    </div>
  );
}
