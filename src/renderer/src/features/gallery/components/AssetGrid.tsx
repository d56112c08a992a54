import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import type { AssetView } from '../../../../../shared/contract';
import { gridLayout, itemsInRect, normalizeRect, prependedCount, rowCount, scrollAfterPrepend, type Rect } from '../model/grid-layout';
import { isGridKey, moveIndex, type Selection, type SelectionAction } from '../model/selection';
import { AssetTile } from './AssetTile';
import './AssetGrid.css';

export interface AssetGridProps {
  items: AssetView[];
  tileSize: number;
  selection: Selection;
  label: string;
  /** Words for each tile and its parts, in the UI language. */
  words: { tile: (asset: AssetView) => string; video: string; noPoster: string; favourite: string; select: string };
  mediaUrl: (path: string) => string;
  hasMore: boolean;
  onLoadMore: () => void;
  onSelect: (action: SelectionAction) => void;
  onOpen: (id: string) => void;
  onPreview: (id: string) => void;
  onDelete: (ids: string[]) => void;
  onFavourite: (ids: string[]) => void;
  onDragStart: (event: DragEvent, asset: AssetView) => void;
}

/** Where a tiny window or a DOM without layout (tests) starts, until the real size is known. */
const FALLBACK = { width: 1200, height: 800 };

const cellId = (id: string): string => `tile-${id}`;

/**
 * The gallery's virtualised grid: only the rows in view (and a few around) are in the DOM, rows
 * are fetched page by page as the end comes into view, and results arriving at the top do not
 * move what is being looked at. The geometry is `model/grid-layout.ts`; this hosts it.
 */
export function AssetGrid(props: AssetGridProps) {
  const { items, selection, onSelect } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK.width);
  const layout = useMemo(() => gridLayout(width, props.tileSize), [width, props.tileSize]);
  const rows = rowCount(items.length, layout.columns);
  const ids = useMemo(() => items.map((item) => item.id), [items]);
  const [band, setBand] = useState<Rect | null>(null);

  // The virtualiser keeps its own state outside React's; the compiler leaves this component as written.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer: Virtualizer<HTMLDivElement, Element> = useVirtualizer({
    count: rows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => layout.rowHeight,
    overscan: 2,
    paddingStart: layout.padding,
    paddingEnd: layout.padding,
    initialRect: FALLBACK,
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) => {
        const known = rect.width > 0 ? rect : FALLBACK;
        setWidth(known.width);
        callback(known);
      }),
  });
  useEffect(() => virtualizer.measure(), [layout.rowHeight, virtualizer]);

  const virtualRows = virtualizer.getVirtualItems();
  const lastRow = virtualRows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (props.hasMore && lastRow >= rows - 3) props.onLoadMore();
  }, [lastRow, rows, props.hasMore, props.onLoadMore]); // eslint-disable-line react-hooks/exhaustive-deps -- onLoadMore is a new function each render

  // Results put in front of the list: keep the row being looked at where it is. `placed` is where
  // this effect last put the view; any other position means the person scrolled since.
  const previous = useRef<readonly string[]>(ids);
  const carried = useRef({ placed: -1, carry: 0 });
  useLayoutEffect(() => {
    const added = prependedCount(previous.current, ids);
    previous.current = ids;
    const element = scrollRef.current;
    if (added === 0 || !element) return;
    const carry = element.scrollTop === carried.current.placed ? carried.current.carry : 0;
    const next = scrollAfterPrepend(element.scrollTop, added, layout, carry);
    element.scrollTop = next.scrollTop;
    carried.current = { placed: element.scrollTop, carry: next.carry };
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
      const next = moveIndex(activeIndex, event.key, layout.columns, ids.length, Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 600) / layout.rowHeight)));
      const id = ids[next];
      if (id === undefined) return;
      if (event.shiftKey) onSelect({ type: 'range', id, order: ids });
      else if (mod) onSelect({ type: 'focus', id });
      else onSelect({ type: 'click', id });
      virtualizer.scrollToIndex(Math.floor(next / layout.columns), { align: 'auto' });
      return;
    }
    const chosen = targets();
    if (mod && event.key.toLowerCase() === 'a') {
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
    } else if (event.key.toLowerCase() === 'f' && !mod && chosen.length > 0) {
      event.preventDefault();
      props.onFavourite(chosen);
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
  const bandStart = useRef<{ x: number; y: number; base: ReadonlySet<string> } | null>(null);
  const contentPoint = (event: PointerEvent): { x: number; y: number } => {
    const element = scrollRef.current;
    const box = element?.getBoundingClientRect();
    return { x: event.clientX - (box?.left ?? 0) + (element?.scrollLeft ?? 0), y: event.clientY - (box?.top ?? 0) + (element?.scrollTop ?? 0) };
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    if (event.button !== 0 || (event.target as Element).closest('[role="gridcell"]')) return;
    const additive = event.ctrlKey || event.metaKey || event.shiftKey;
    bandStart.current = { ...contentPoint(event), base: additive ? selection.ids : new Set() };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>): void => {
    const start = bandStart.current;
    if (!start) return;
    const rect = normalizeRect(start, contentPoint(event));
    if (rect.right - rect.left < 4 && rect.bottom - rect.top < 4) return;
    setBand(rect);
    onSelect({ type: 'band', ids: itemsInRect(rect, layout, ids.length).map((index) => ids[index] ?? ''), base: start.base });
  };
  const endBand = (): void => {
    if (bandStart.current && !band) onSelect({ type: 'clear' });
    bandStart.current = null;
    setBand(null);
  };

  return (
    <div
      ref={scrollRef}
      className="asset-grid"
      role="grid"
      tabIndex={0}
      aria-label={props.label}
      aria-multiselectable="true"
      aria-rowcount={rows}
      aria-colcount={layout.columns}
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
      <div className="asset-grid-content" style={{ height: virtualizer.getTotalSize() }}>
        {virtualRows.map((row) => (
          <div
            key={row.key}
            role="row"
            aria-rowindex={row.index + 1}
            className="asset-grid-row"
            style={{ transform: `translateY(${row.start}px)`, gap: layout.gap, left: layout.padding, height: layout.tile }}
          >
            {items.slice(row.index * layout.columns, (row.index + 1) * layout.columns).map((asset) => (
              <AssetTile
                key={asset.id}
                asset={asset}
                cellId={cellId(asset.id)}
                label={props.words.tile(asset)}
                size={layout.tile}
                selected={selection.ids.has(asset.id)}
                active={selection.active === asset.id}
                thumbUrl={props.mediaUrl(asset.thumbPath ?? asset.mediaPath)}
                mediaUrl={props.mediaUrl(asset.mediaPath)}
                videoLabel={props.words.video}
                noPosterLabel={props.words.noPoster}
                favouriteLabel={props.words.favourite}
                selectLabel={props.words.select}
                onClick={onTileClick}
                onToggle={onToggle}
                onOpen={props.onOpen}
                onDragStart={props.onDragStart}
              />
            ))}
          </div>
        ))}
        {band && <div className="rubber-band" style={{ left: band.left, top: band.top, width: band.right - band.left, height: band.bottom - band.top }} />}
      </div>
    </div>
  );
}
