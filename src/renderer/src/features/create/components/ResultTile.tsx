import { Dices, Heart, ImagePlus, Shuffle, UserRound, Volume2, VolumeX, Wand2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssetView } from '../../../../../shared/contract';
import { writeAssetDrag } from '../../../entities/asset-drag';
import { IconButton } from '../../../ui';

/** The next steps a result offers in one click, on the stream and in the view over Create. */
export interface ResultStepActions {
  onOpen: (asset: AssetView) => void;
  onReference: (asset: AssetView) => void;
  onReroll: (asset: AssetView) => void;
  onVary: (asset: AssetView) => void;
  onFavourite: (asset: AssetView) => void;
  onRemix: (asset: AssetView) => void;
  onCharacter: (asset: AssetView) => void;
}

interface ResultTileProps extends ResultStepActions {
  asset: AssetView;
  /** The prompt (or what stands for it), for the names of its controls. */
  title: string;
  mediaUrl: (libraryPath: string) => string;
}

/**
 * One result in the stream: the picture itself, which opens the view over Create and drags into a
 * reference tray; its next steps show on hover or focus, not on every tile at rest. A video plays
 * muted on hover.
 */
export function ResultTile({ asset, title, mediaUrl, ...actions }: ResultTileProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [sound, setSound] = useState(false);
  const play = (): void => void video.current?.play().catch(() => undefined);
  const stop = (): void => {
    if (!sound) video.current?.pause();
  };
  const poster = asset.thumbPath ? mediaUrl(asset.thumbPath) : undefined;
  const image = asset.kind === 'image';
  return (
    <div className="result-tile" onMouseEnter={image ? undefined : play} onMouseLeave={image ? undefined : stop}>
      <button
        type="button"
        className="result-open"
        draggable={image}
        onDragStart={(event) => writeAssetDrag(event.dataTransfer, { id: asset.id, kind: asset.kind, name: asset.prompt.slice(0, 40) || asset.id })}
        aria-label={t('stream.open', { prompt: title })}
        onClick={() => actions.onOpen(asset)}
        onFocus={image ? undefined : play}
        onBlur={image ? undefined : stop}
      >
        {image ? (
          <img src={poster ?? mediaUrl(asset.mediaPath)} alt="" draggable={false} />
        ) : (
          <video ref={video} src={mediaUrl(asset.mediaPath)} poster={poster} muted={!sound} loop playsInline preload="none" />
        )}
      </button>
      <div className="result-tile-actions">
        {image && (
          <IconButton
            size="sm"
            variant="secondary"
            className="result-extra"
            label={t('create.recent.reference')}
            icon={ImagePlus}
            onClick={() => actions.onReference(asset)}
          />
        )}
        <IconButton size="sm" variant="secondary" className="result-extra" label={t('results.reroll')} icon={Dices} onClick={() => actions.onReroll(asset)} />
        {image && <IconButton size="sm" variant="secondary" label={t('results.vary')} icon={Shuffle} onClick={() => actions.onVary(asset)} />}
        {!image && <IconButton size="sm" variant="secondary" label={t('create.recent.remix')} icon={Wand2} onClick={() => actions.onRemix(asset)} />}
        {!image && (
          <IconButton
            size="sm"
            variant="secondary"
            className="result-extra"
            label={t('create.recent.character')}
            icon={UserRound}
            onClick={() => actions.onCharacter(asset)}
          />
        )}
        {!image && (
          <IconButton
            size="sm"
            variant="secondary"
            label={sound ? t('results.mute') : t('results.sound')}
            icon={sound ? Volume2 : VolumeX}
            pressed={sound}
            onClick={() => {
              setSound(!sound);
              if (!sound) play();
            }}
          />
        )}
        <IconButton
          size="sm"
          variant="secondary"
          className="result-favourite"
          label={asset.favourite ? t('results.unfavourite') : t('results.favourite')}
          icon={Heart}
          pressed={asset.favourite}
          onClick={() => actions.onFavourite(asset)}
        />
      </div>
    </div>
  );
}
