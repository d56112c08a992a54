import { Check, Play, Star, Volume2, VolumeX } from 'lucide-react';
import { memo, useLayoutEffect, useRef, useState, type DragEvent, type MouseEvent } from 'react';
import type { AssetView } from '../../../../../shared/contract';
import type { ThumbnailClaim, ThumbnailLoader } from '../../../transport/thumbnail-loader';
import { TileActions, type TileAction, type TileActionWords } from './TileActions';
import './AssetTile.css';

/** Words for each tile and its parts, in the UI language (one object for the whole grid). */
export interface TileWords {
  tile: (asset: AssetView) => string;
  /** A video's length (`12 s`). */
  duration: (ms: number) => string;
  video: string;
  noPoster: string;
  /** A thumbnail that did not load (its file is gone or unreadable). */
  noPicture: string;
  favourite: string;
  select: string;
  sound: string;
  silent: string;
  actions: TileActionWords;
}

export interface AssetTileProps {
  asset: AssetView;
  /** The cell's id, for the grid's `aria-activedescendant`. */
  cellId: string;
  left: number;
  width: number;
  height: number;
  selected: boolean;
  active: boolean;
  /** The library path of the tile's picture (its thumbnail, else the file itself), fetched by `thumbnails`. */
  thumbPath: string;
  /** The same picture's own address (a video's poster while it plays). */
  thumbUrl: string;
  mediaUrl: string;
  thumbnails: ThumbnailLoader;
  words: TileWords;
  onClick: (event: MouseEvent, id: string) => void;
  onToggle: (id: string) => void;
  onOpen: (id: string) => void;
  onDragStart: (event: DragEvent, asset: AssetView) => void;
  onAction: (action: TileAction, asset: AssetView) => void;
}

/**
 * One result in the grid at its own shape: its thumbnail (a video's poster, playing muted while the
 * pointer rests on it, with its length and whether it has sound), a favourite star, and its next
 * steps while the pointer or the keyboard is on it. Click selects, double-click opens.
 */
export const AssetTile = memo(function AssetTile(props: AssetTileProps) {
  const { asset, selected, active, words } = props;
  const [hovered, setHovered] = useState(false);
  // The address that failed, so a thumbnail made later (a new poster) is tried again.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const unreadable = failedUrl === props.thumbUrl;
  const noPoster = asset.kind === 'video' && asset.thumbPath === null;
  return (
    <div
      role="gridcell"
      id={props.cellId}
      aria-selected={selected}
      aria-label={words.tile(asset)}
      className={['tile', selected ? 'is-selected' : null, active ? 'is-active' : null].filter(Boolean).join(' ')}
      style={{ left: props.left, width: props.width, height: props.height }}
      draggable
      onDragStart={(event) => props.onDragStart(event, asset)}
      onClick={(event) => props.onClick(event, asset.id)}
      onDoubleClick={() => props.onOpen(asset.id)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      {noPoster || unreadable ? (
        <span className="tile-media tile-no-poster">{noPoster ? words.noPoster : words.noPicture}</span>
      ) : (
        <TileThumbnail libraryPath={props.thumbPath} thumbnails={props.thumbnails} onError={() => setFailedUrl(props.thumbUrl)} />
      )}
      {asset.kind === 'video' && hovered && (
        <video className="tile-media tile-video" src={props.mediaUrl} poster={noPoster ? undefined : props.thumbUrl} muted loop autoPlay playsInline />
      )}
      {(asset.kind === 'video' || asset.favourite) && (
        <span className="tile-badges" aria-hidden="true">
          {asset.kind === 'video' && (
            <span className="tile-badge" title={words.video}>
              <Play size={12} fill="currentColor" />
              {asset.durationMs !== null && words.duration(asset.durationMs)}
              {asset.hasAudio === true && <Volume2 size={12} aria-label={words.sound} />}
              {asset.hasAudio === false && <VolumeX size={12} aria-label={words.silent} />}
            </span>
          )}
          {asset.favourite && (
            <span className="tile-badge tile-favourite" title={words.favourite}>
              <Star size={12} fill="currentColor" />
            </span>
          )}
        </span>
      )}
      {(hovered || active) && <TileActions asset={asset} words={words.actions} onAction={props.onAction} />}
      <button
        type="button"
        className="tile-check"
        tabIndex={-1}
        aria-label={words.select}
        aria-pressed={selected}
        onClick={(event) => {
          event.stopPropagation();
          props.onToggle(asset.id);
        }}
      >
        {/* Drawn only when selected: unselected, the mark is transparent (the circle alone shows on hover). */}
        {selected && <Check size={14} strokeWidth={3} aria-hidden="true" />}
      </button>
    </div>
  );
});

/** The event a tile's picture sends when its tile leaves before it loaded (it will send neither load nor error). */
export const THUMBNAIL_ABANDONED = 'thumbnail-abandoned';

/**
 * A tile's picture, asked of the transport's loader when the tile comes into view and given back
 * when it leaves: a tile that leaves before its picture came never shows it, and its fetch stops
 * once nobody waits for it, so what comes into view next is not queued behind pictures nobody sees.
 */
function TileThumbnail({ libraryPath, thumbnails, onError }: { libraryPath: string; thumbnails: ThumbnailLoader; onError: () => void }) {
  const imageRef = useRef<HTMLImageElement>(null);
  useLayoutEffect(() => {
    const image = imageRef.current;
    if (!image) return;
    // Held here, not in a const: a picture already in memory is shown inside `request`, before it returns.
    const held: { claim?: ThumbnailClaim; settled: boolean } = { settled: false };
    const settled = (): void => {
      held.settled = true;
      held.claim?.settled();
    };
    image.addEventListener('load', settled);
    image.addEventListener('error', settled);
    const claim = thumbnails.request(libraryPath, (url) => {
      image.src = url;
      // Already decoded (the cache): no load to wait for.
      if (image.complete) settled();
    });
    held.claim = claim;
    if (held.settled) claim.settled();
    return () => {
      image.removeEventListener('load', settled);
      image.removeEventListener('error', settled);
      // A picture still on its way gives up its fetch (the browser cancels a request no element wants).
      if (!image.complete || !image.hasAttribute('src')) {
        image.removeAttribute('src');
        image.dispatchEvent(new Event(THUMBNAIL_ABANDONED));
      }
      claim.release();
    };
  }, [libraryPath, thumbnails]);
  return <img ref={imageRef} className="tile-media" alt="" decoding="async" draggable={false} onError={onError} />;
}
