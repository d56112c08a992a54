import { Check, Play, Star } from 'lucide-react';
import { memo, useState, type DragEvent, type MouseEvent } from 'react';
import type { AssetView } from '../../../../../shared/contract';
import { formatDuration } from '../model/recipe';
import './AssetTile.css';

export interface AssetTileProps {
  asset: AssetView;
  /** The cell's id, for the grid's `aria-activedescendant`. */
  cellId: string;
  label: string;
  size: number;
  selected: boolean;
  active: boolean;
  thumbUrl: string;
  mediaUrl: string;
  videoLabel: string;
  /** Shown in place of a video's poster when none could be made. */
  noPosterLabel: string;
  favouriteLabel: string;
  selectLabel: string;
  onClick: (event: MouseEvent, id: string) => void;
  onToggle: (id: string) => void;
  onOpen: (id: string) => void;
  onDragStart: (event: DragEvent, asset: AssetView) => void;
}

/**
 * One result in the grid: its thumbnail (a video's poster, playing muted while the pointer rests
 * on it, or "poster unavailable" when none could be made), a favourite star and a video's length.
 * Click selects, double-click opens.
 */
export const AssetTile = memo(function AssetTile(props: AssetTileProps) {
  const { asset, size, selected, active } = props;
  const [hovered, setHovered] = useState(false);
  const ratio = asset.width && asset.height ? asset.width / asset.height : 1;
  const noPoster = asset.kind === 'video' && asset.thumbPath === null;
  return (
    <div
      role="gridcell"
      id={props.cellId}
      aria-selected={selected}
      aria-label={props.label}
      className={['tile', selected ? 'is-selected' : null, active ? 'is-active' : null].filter(Boolean).join(' ')}
      style={{ width: size, height: size }}
      draggable
      onDragStart={(event) => props.onDragStart(event, asset)}
      onClick={(event) => props.onClick(event, asset.id)}
      onDoubleClick={() => props.onOpen(asset.id)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      {noPoster ? (
        <span className="tile-media tile-no-poster">{props.noPosterLabel}</span>
      ) : (
        <img
          className={ratio > 1.6 || ratio < 0.6 ? 'tile-media is-contained' : 'tile-media'}
          src={props.thumbUrl}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
        />
      )}
      {asset.kind === 'video' && hovered && <video className="tile-media tile-video" src={props.mediaUrl} poster={noPoster ? undefined : props.thumbUrl} muted loop autoPlay playsInline />}
      <span className="tile-badges" aria-hidden="true">
        {asset.kind === 'video' && (
          <span className="tile-badge" title={props.videoLabel}>
            <Play size={12} fill="currentColor" />
            {asset.durationMs !== null && formatDuration(asset.durationMs)}
          </span>
        )}
        {asset.favourite && (
          <span className="tile-badge tile-favourite" title={props.favouriteLabel}>
            <Star size={12} fill="currentColor" />
          </span>
        )}
      </span>
      <button
        type="button"
        className="tile-check"
        tabIndex={-1}
        aria-label={props.selectLabel}
        aria-pressed={selected}
        onClick={(event) => {
          event.stopPropagation();
          props.onToggle(asset.id);
        }}
      >
        <Check size={14} strokeWidth={3} aria-hidden="true" />
      </button>
    </div>
  );
});
