import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import type { AssetView } from '../../../../../shared/contract';
import {
  anchorAt,
  columnsOf,
  isGridKey,
  itemsInRect,
  justifiedLayout,
  layoutRatio,
  moveInLayout,
  normalizeRect,
  prependedCount,
  rowBoxes,
  rowOfItem,
  scrollToAnchor,
  type JustifiedLayout,
  type Rect,
} from '../model/justified-layout';
import type { Selection, SelectionAction } from '../model/selection';
import type { ThumbnailLoader } from '../../../transport/thumbnail-loader';
import { AssetTile, THUMBNAIL_ABANDONED, type TileWords } from './AssetTile';
import type { TileAction } from './TileActions';
import './AssetGrid.css';
import { observeInnerWidth } from '../../../ui';

export interface AssetGridProps {
  items: AssetView[];
  /** The height rows aim for, in px. */
  tileSize: number;
  /** Square tiles (cropped) instead of each result's own ratio. */
  square: boolean;
  selection: Selection;
  label: string;
  words: TileWords;
  mediaUrl: (path: string) => string;
  /** Fetches the tiles' pictures (one loader per transport). */
  thumbnails: ThumbnailLoader;
  hasMore: boolean;
  onLoadMore: () => void;
  onSelect: (action: SelectionAction) => void;
  onOpen: (id: string) => void;
  onPreview: (id: string) => void;
  onDelete: (ids: string[]) => void;
  onFavourite: (ids: string[]) => void;
  onDragStart: (event: DragEvent, asset: AssetView) => void;
  /** A tile's next step (its hover buttons, or R and V for the item the keyboard is on). */
  onAction: (action: TileAction, asset: AssetView) => void;
  /** What the grid shows (the filter); a new one has a new first screen. */
  screenKey?: string;
  /** Once per `screenKey`: the thumbnails of the rows first in view have loaded (or failed). */
  onScreenDrawn?: (screenKey: string) => void;
}

/** Where a tiny window or a DOM without layout (tests) starts, until the real size is known. */
const FALLBACK = { width: 1200, height: 800 };
const GAP = 6;
const PADDING = 8;

const cellId = (id: string): string => `tile-${id}`;

/**
 * The gallery's virtualised grid of justified rows: only the rows in view (and a few around) are
 * in the DOM, rows are fetched page by page as the end comes into view, and results arriving at
 * the top do not move what is being looked at. The geometry is `model/justified-layout.ts`
 * (pure, and incremental as pages arrive); this hosts it.
 */
export function AssetGrid(props: AssetGridProps) {
  const { items, selection, onSelect, square, tileSize } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [measuredWidth, setMeasuredWidth] = useState<number | undefined>(undefined);
  const width = measuredWidth ?? FALLBACK.width;
  // No tiles until the width is known (measured before the first paint): tiles laid out at the
  // fallback width would ask for their pictures, then move to other rows and ask again.
  const widthKnown = measuredWidth !== undefined;
  const ids = useMemo(() => items.map((item) => item.id), [items]);
  const ratios = useMemo(() => items.map((item) => layoutRatio(item.width, item.height, item.kind, square)), [items, square]);
  // The last layout, so a new page only lays out itself (held in state: it is a cache, not data to render).
  const [cache] = useState<{ last?: JustifiedLayout }>({});
  const layout = useMemo(() => {
    cache.last = justifiedLayout(ratios, { width, target: tileSize, gap: GAP, padding: PADDING }, cache.last);
    return cache.last;
  }, [cache, ratios, width, tileSize]);
  const [band, setBand] = useState<Rect | null>(null);

  // The virtualiser keeps its own state outside React's; the compiler leaves this component as written.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer: Virtualizer<HTMLDivElement, Element> = useVirtualizer({
    count: layout.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (layout.rows[index]?.height ?? tileSize) + GAP,
    overscan: 2,
    paddingStart: PADDING,
    paddingEnd: PADDING - GAP,
    initialRect: FALLBACK,
    observeElementRect: observeInnerWidth(FALLBACK, setMeasuredWidth),
  });
  useEffect(() => virtualizer.measure(), [layout, virtualizer]);

  const virtualRows = widthKnown ? virtualizer.getVirtualItems() : [];
  // A new first screen (a search's, say) asks for its pictures at once, its tiles having asked in
  // this same commit (children's layout effects run first); rows the wheel brings wait for the grid to rest.
  const { thumbnails } = props;
  // Again when the width changes: tiles that moved to another row have asked anew.
  useLayoutEffect(() => thumbnails.sendWaiting(), [thumbnails, props.screenKey, measuredWidth]);
  // The first screen of a new list: its pictures still on their way, watched until the last one settles.
  const { screenKey, onScreenDrawn } = props;
  const watchedKey = useRef<string | undefined>(undefined);
  const [drawnKey, setDrawnKey] = useState<string | undefined>(undefined);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (screenKey === undefined || watchedKey.current === screenKey || !element || !widthKnown) return;
    watchedKey.current = screenKey;
    const drawn = (): void => {
      setDrawnKey(screenKey);
      onScreenDrawn?.(screenKey);
    };
    // A picture waiting for its turn has no address yet (and counts as complete).
    const pending = [...element.querySelectorAll('img')].filter((image) => !image.complete || !image.hasAttribute('src'));
    let left = pending.length;
    if (left === 0) drawn();
    const settled = (): void => {
      left -= 1;
      if (left === 0) drawn();
    };
    for (const image of pending) {
      image.addEventListener('load', settled, { once: true });
      image.addEventListener('error', settled, { once: true });
      image.addEventListener(THUMBNAIL_ABANDONED, settled, { once: true });
    }
  }, [screenKey, onScreenDrawn, widthKnown]);

  // The next page when the end comes near; while the first screen's pictures are on their way, only
  // when the end is in view (main answers one call at a time: a page would go before them).
  const lastRow = virtualRows.at(-1)?.index ?? -1;
  const nearEnd = screenKey === undefined || drawnKey === screenKey ? 3 : 1;
  useEffect(() => {
    if (props.hasMore && lastRow >= layout.rows.length - nearEnd) props.onLoadMore();
  }, [lastRow, layout.rows.length, props.hasMore, props.onLoadMore, nearEnd]); // eslint-disable-line react-hooks/exhaustive-deps -- onLoadMore is a new function each render

  // Results put in front of the list: the row being looked at stays where it is. The anchor (an
  // item and how far into its row the view starts) is kept while the view stays where this put it,
  // so results arriving one at a time move the view a row once they fill one.
  const previous = useRef<{ ids: readonly string[]; layout: JustifiedLayout }>({ ids, layout });
  const anchor = useRef<{ id: string; offset: number; placed: number } | null>(null);
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { ids, layout };
    const element = scrollRef.current;
    const added = prependedCount(before.ids, ids);
    if (added === 0 || !element || element.scrollTop <= 0) return;
    let kept = anchor.current;
    if (kept === null || kept.placed !== element.scrollTop) {
      const found = anchorAt(before.layout, element.scrollTop);
      const id = found ? before.ids[found.index] : undefined;
      kept = found && id !== undefined ? { id, offset: found.offset, placed: element.scrollTop } : null;
    }
    const index = kept ? ids.indexOf(kept.id) : -1;
    if (!kept || index < 0) return;
    element.scrollTop = scrollToAnchor(layout, index, kept.offset);
    anchor.current = { ...kept, placed: element.scrollTop };
  }, [ids, layout]);

  const activeIndex = selection.active === null ? -1 : ids.indexOf(selection.active);
  const targets = useCallback((): string[] => {
    if (selection.ids.size > 0) return ids.filter((id) => selection.ids.has(id));
    return selection.active !== null && ids.includes(selection.active) ? [selection.active] : [];
  }, [ids, selection]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const mod = event.ctrlKey || event.metaKey;
    if (isGridKey(event.key)) {
      event.preventDefault();
      const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 600) / (tileSize + GAP)));
      const next = moveInLayout(layout, activeIndex, event.key, page);
      const id = ids[next];
      if (id === undefined) return;
      if (event.shiftKey) onSelect({ type: 'range', id, order: ids });
      else if (mod) onSelect({ type: 'focus', id });
      else onSelect({ type: 'click', id });
      virtualizer.scrollToIndex(rowOfItem(layout, next), { align: 'auto' });
      return;
    }
    const chosen = targets();
    const active = activeIndex >= 0 ? items[activeIndex] : undefined;
    const key = event.key.toLowerCase();
    if (mod && key === 'a') {
      event.preventDefault();
      onSelect({ type: 'all', order: ids });
    } else if (event.key === 'Enter' && selection.active !== null) {
      event.preventDefault();
      props.onOpen(selection.active);
    } else if (event.key === ' ' && selection.active !== null) {
      event.preventDefault();
      props.onPreview(selection.active);
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && chosen.length > 0) {
      event.preventDefault();
      props.onDelete(chosen);
    } else if (key === 'f' && !mod && chosen.length > 0) {
      event.preventDefault();
      props.onFavourite(chosen);
    } else if ((key === 'r' || key === 'v') && !mod && active) {
      event.preventDefault();
      props.onAction(key === 'r' ? 'reroll' : 'vary', active);
    } else if (event.key === 'Escape' && selection.ids.size > 0) {
      event.preventDefault();
      onSelect({ type: 'clear' });
    }
  };

  const onTileClick = useCallback(
    (event: MouseEvent, id: string) => {
      if (event.shiftKey) onSelect({ type: 'range', id, order: ids, additive: event.ctrlKey || event.metaKey });
      else if (event.ctrlKey || event.metaKey) onSelect({ type: 'toggle', id });
      else onSelect({ type: 'click', id });
    },
    [ids, onSelect],
  );
  const onToggle = useCallback((id: string) => onSelect({ type: 'toggle', id }), [onSelect]);

  // Rubber band: drag from empty space (a gap, the margin, below the last item).
  // Whether the band was drawn is kept here, not read from `band`: a pointer up can come before the render of the last move.
  const bandStart = useRef<{ x: number; y: number; base: ReadonlySet<string>; drawn: boolean } | null>(null);
  const contentPoint = (event: PointerEvent): { x: number; y: number } => {
    const element = scrollRef.current;
    const box = element?.getBoundingClientRect();
    return { x: event.clientX - (box?.left ?? 0) + (element?.scrollLeft ?? 0), y: event.clientY - (box?.top ?? 0) + (element?.scrollTop ?? 0) };
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    if (event.button !== 0 || (event.target as Element).closest('[role="gridcell"]')) return;
    const additive = event.ctrlKey || event.metaKey || event.shiftKey;
    bandStart.current = { ...contentPoint(event), base: additive ? selection.ids : new Set(), drawn: false };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>): void => {
    const start = bandStart.current;
    if (!start) return;
    const rect = normalizeRect(start, contentPoint(event));
    if (rect.right - rect.left < 4 && rect.bottom - rect.top < 4) return;
    start.drawn = true;
    setBand(rect);
    onSelect({ type: 'band', ids: itemsInRect(rect, layout).map((index) => ids[index] ?? ''), base: start.base });
  };
  const endBand = (): void => {
    if (bandStart.current?.drawn === false) onSelect({ type: 'clear' });
    bandStart.current = null;
    setBand(null);
  };

  return (
    <div
      ref={scrollRef}
      className={virtualizer.isScrolling ? 'asset-grid is-scrolling' : 'asset-grid'}
      role="grid"
      tabIndex={0}
      aria-label={props.label}
      aria-multiselectable="true"
      aria-rowcount={layout.rows.length}
      aria-colcount={columnsOf(layout)}
      aria-activedescendant={selection.active !== null && activeIndex >= 0 ? cellId(selection.active) : undefined}
      onKeyDown={onKeyDown}
      onFocus={() => {
        if (selection.active === null && ids[0] !== undefined) onSelect({ type: 'focus', id: ids[0] });
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endBand}
      onPointerCancel={endBand}
    >
      <div className="asset-grid-content" style={{ height: layout.height }}>
        {virtualRows.map((virtualRow) => {
          const row = layout.rows[virtualRow.index];
          if (!row) return null;
          return (
            <div
              key={virtualRow.key}
              role="row"
              aria-rowindex={virtualRow.index + 1}
              className="asset-grid-row"
              style={{ transform: `translateY(${row.top}px)`, height: row.height }}
            >
              {rowBoxes(layout, row).map((box) => {
                const asset = items[box.index];
                if (!asset) return null;
                return (
                  <AssetTile
                    key={asset.id}
                    asset={asset}
                    cellId={cellId(asset.id)}
                    left={box.left}
                    width={box.width}
                    height={row.height}
                    selected={selection.ids.has(asset.id)}
                    active={selection.active === asset.id}
                    thumbPath={asset.thumbPath ?? asset.mediaPath}
                    thumbUrl={props.mediaUrl(asset.thumbPath ?? asset.mediaPath)}
                    thumbnails={props.thumbnails}
                    mediaUrl={props.mediaUrl(asset.mediaPath)}
                    words={props.words}
                    onClick={onTileClick}
                    onToggle={onToggle}
                    onOpen={props.onOpen}
                    onDragStart={props.onDragStart}
                    onAction={props.onAction}
                  />
                );
              })}
            </div>
          );
        })}
        {band && <div className="rubber-band" style={{ left: band.left, top: band.top, width: band.right - band.left, height: band.bottom - band.top }} />}
      </div>
    </div>
  );
}
