/**
 * The gallery grid's geometry as pure functions: justified rows (each result at its own aspect
 * ratio, every full row as wide as the grid, rows about the chosen height), where each item sits,
 * which items a rubber band touches, where the keyboard goes, and where to scroll so that
 * results arriving at the top do not move what is being looked at. The virtualiser and the DOM
 * only carry these numbers out. Built incrementally: appending a page reuses every finished row.
 */

export interface LayoutOptions {
  /** The grid's width, in px. */
  width: number;
  /** The height rows aim for (the tile size), in px. */
  target: number;
  gap: number;
  /** Padding around the grid, in px. */
  padding: number;
}

export interface LayoutRow {
  /** First item (index). */
  start: number;
  /** One past the last item. */
  end: number;
  top: number;
  height: number;
  /** Stretched to the grid's width; the last row of a list may not be. */
  full: boolean;
}

export interface JustifiedLayout {
  options: LayoutOptions;
  ratios: readonly number[];
  rows: LayoutRow[];
  /** Height of the content, padding included. */
  height: number;
}

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface ItemBox {
  index: number;
  left: number;
  width: number;
}

/** Ratios beyond these are cropped in their tile (a panorama would otherwise take a row as a sliver). */
const RATIO_LIMITS = { min: 0.25, max: 4 } as const;

/** Width over height of a result for the layout: its own when known, a square or 16:9 otherwise. */
export function layoutRatio(width: number | null, height: number | null, kind: 'image' | 'video', square = false): number {
  if (square) return 1;
  if (width === null || height === null || width <= 0 || height <= 0) return kind === 'video' ? 16 / 9 : 1;
  return Math.min(RATIO_LIMITS.max, Math.max(RATIO_LIMITS.min, width / height));
}

const sameOptions = (a: LayoutOptions, b: LayoutOptions): boolean => a.width === b.width && a.target === b.target && a.gap === b.gap && a.padding === b.padding;

/**
 * Lays `ratios` out in rows. With `previous` (the layout of the list before a change), rows that
 * the change cannot touch are kept: after a page is appended, only the last row and the new ones
 * are computed, so a list of 100,000 items grows by a page at the cost of that page.
 */
export function justifiedLayout(ratios: readonly number[], options: LayoutOptions, previous?: JustifiedLayout): JustifiedLayout {
  const rows: LayoutRow[] = [];
  if (previous && sameOptions(previous.options, options)) {
    const changed = firstDifference(previous.ratios, ratios);
    // A full row was decided by its items and the one after it (taken or left for the next row).
    for (const row of previous.rows) {
      if (!row.full || row.end >= changed) break;
      rows.push(row);
    }
  }
  const last = rows.at(-1);
  let top = last ? last.top + last.height + options.gap : options.padding;
  let start = last ? last.end : 0;
  const inner = Math.max(1, options.width - options.padding * 2);
  const target = Math.max(1, options.target);
  while (start < ratios.length) {
    const row = nextRow(ratios, start, top, inner, target, options.gap);
    rows.push(row);
    top += row.height + options.gap;
    start = row.end;
  }
  const end = rows.at(-1);
  return { options, ratios, rows, height: end ? end.top + end.height + options.padding : options.padding * 2 };
}

function firstDifference(a: readonly number[], b: readonly number[]): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) if (a[index] !== b[index]) return index;
  return length;
}

/** The row starting at `start`: items are added until it is as wide as the grid, keeping the height nearer the target. */
function nextRow(ratios: readonly number[], start: number, top: number, inner: number, target: number, gap: number): LayoutRow {
  let sum = 0;
  for (let end = start; end < ratios.length; end++) {
    sum += ratios[end] ?? 1;
    const count = end - start + 1;
    if (sum * target + gap * (count - 1) < inner) continue;
    const taking = (inner - gap * (count - 1)) / sum;
    if (count > 1) {
      const leaving = (inner - gap * (count - 2)) / (sum - (ratios[end] ?? 1));
      if (Math.abs(leaving - target) < Math.abs(taking - target)) return { start, end, top, height: Math.round(leaving), full: true };
    }
    return { start, end: end + 1, top, height: Math.round(taking), full: true };
  }
  return { start, end: ratios.length, top, height: Math.round(target), full: false };
}

/**
 * The boxes of a row's items (left edge and width). A full row ends exactly at the grid's right
 * edge: rounding is taken up by its last item, which stays within a pixel of its ratio.
 */
export function rowBoxes(layout: JustifiedLayout, row: LayoutRow): ItemBox[] {
  const { padding, gap, width } = layout.options;
  const boxes: ItemBox[] = [];
  let left = padding;
  let sum = 0;
  for (let index = row.start; index < row.end; index++) {
    sum += layout.ratios[index] ?? 1;
    const right = row.full && index === row.end - 1 ? width - padding : Math.round(padding + sum * row.height + (index - row.start) * gap);
    boxes.push({ index, left, width: Math.max(1, right - left) });
    left = right + gap;
  }
  return boxes;
}

/** The row holding item `index` (binary search), or -1. */
export function rowOfItem(layout: JustifiedLayout, index: number): number {
  const { rows } = layout;
  let low = 0;
  let high = rows.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const row = rows[middle];
    if (!row) break;
    if (index < row.start) high = middle - 1;
    else if (index >= row.end) low = middle + 1;
    else return middle;
  }
  return -1;
}

/** The first row whose bottom is below `y` (binary search), or the row count. */
function rowAtOrBelow(layout: JustifiedLayout, y: number): number {
  const { rows } = layout;
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const row = rows[middle];
    if (row && row.top + row.height <= y) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A rectangle from two corners in any order (a rubber band dragged any way). */
export function normalizeRect(a: { x: number; y: number }, b: { x: number; y: number }): Rect {
  return { left: Math.min(a.x, b.x), top: Math.min(a.y, b.y), right: Math.max(a.x, b.x), bottom: Math.max(a.y, b.y) };
}

/**
 * Indices of the items a rubber band touches, from the layout alone, so items scrolled out of
 * view (and not in the DOM) are selected too.
 */
export function itemsInRect(band: Rect, layout: JustifiedLayout): number[] {
  const found: number[] = [];
  for (let at = rowAtOrBelow(layout, band.top); at < layout.rows.length; at++) {
    const row = layout.rows[at];
    if (!row || row.top >= band.bottom) break;
    for (const box of rowBoxes(layout, row)) if (box.left < band.right && box.left + box.width > band.left) found.push(box.index);
  }
  return found;
}

export type GridKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End' | 'PageUp' | 'PageDown';

export const isGridKey = (key: string): key is GridKey =>
  ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'].includes(key);

/**
 * Where the keyboard goes from `index`: left and right through the order, up and down to the
 * item of the row above or below that is under the middle of this one (`page` rows for Page
 * Up/Down), Home and End to the ends.
 */
export function moveInLayout(layout: JustifiedLayout, index: number, key: GridKey, page = 3): number {
  const count = layout.ratios.length;
  if (count === 0) return -1;
  if (index < 0 || index >= count) return 0;
  if (key === 'ArrowLeft') return Math.max(0, index - 1);
  if (key === 'ArrowRight') return Math.min(count - 1, index + 1);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  const from = rowOfItem(layout, index);
  const step = key === 'ArrowUp' ? -1 : key === 'ArrowDown' ? 1 : key === 'PageUp' ? -page : page;
  const to = Math.min(layout.rows.length - 1, Math.max(0, from + step));
  const fromRow = layout.rows[from];
  const toRow = layout.rows[to];
  if (!fromRow || !toRow) return index;
  // Up from the first row stays; down from the last row goes to the last item.
  if (to === from) return step < 0 ? index : count - 1;
  const box = rowBoxes(layout, fromRow).find((candidate) => candidate.index === index);
  const middle = box ? box.left + box.width / 2 : 0;
  const boxes = rowBoxes(layout, toRow);
  const under = boxes.find((candidate) => candidate.left + candidate.width + layout.options.gap / 2 >= middle) ?? boxes.at(-1);
  return under?.index ?? index;
}

/** What the person is looking at: the first row in view, by its first item, and how far its top is above the view's. */
export interface ScrollAnchor {
  index: number;
  offset: number;
}

export function anchorAt(layout: JustifiedLayout, scrollTop: number): ScrollAnchor | null {
  const row = layout.rows[rowAtOrBelow(layout, scrollTop)];
  return row ? { index: row.start, offset: scrollTop - row.top } : null;
}

/** The scroll position that keeps the anchor's row where it was, once the anchor's item is at `index`. */
export function scrollToAnchor(layout: JustifiedLayout, index: number, offset: number): number {
  const row = layout.rows[rowOfItem(layout, index)];
  return row ? Math.max(0, row.top + offset) : 0;
}

/** How many items were put in front of a list: the new position of its old first item. */
export function prependedCount(before: readonly string[], after: readonly string[]): number {
  const first = before[0];
  if (first === undefined) return 0;
  const at = after.indexOf(first);
  return at > 0 && after.length - at >= before.length ? at : 0;
}

/** Items in the first row: the number of columns the grid shows now (for `aria-colcount`). */
export const columnsOf = (layout: JustifiedLayout): number => {
  const first = layout.rows[0];
  return first ? first.end - first.start : 0;
};
