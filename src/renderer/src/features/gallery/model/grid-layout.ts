/**
 * The gallery grid's geometry as pure functions: how many columns fit, where each item sits, which
 * items a rubber band touches and where the scroll must go when results arrive at the top. The
 * virtualiser and the DOM only carry these numbers out.
 */

export interface GridLayout {
  columns: number;
  /** Side of a (square) tile, in px. */
  tile: number;
  gap: number;
  /** Padding around the grid, in px. */
  padding: number;
  /** Tile plus the gap below it: the distance between two rows. */
  rowHeight: number;
}

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Fits tiles of about `target` px into `width`: as many columns as fit at that size (at least
 * one), then each tile grows so the row fills the width exactly.
 */
export function gridLayout(width: number, target: number, gap = 8, padding = 12): GridLayout {
  const inner = Math.max(0, width - padding * 2);
  const columns = Math.max(1, Math.floor((inner + gap) / (Math.max(24, target) + gap)));
  const tile = Math.max(1, Math.floor((inner - gap * (columns - 1)) / columns));
  return { columns, tile, gap, padding, rowHeight: tile + gap };
}

export const rowCount = (items: number, columns: number): number => Math.ceil(items / Math.max(1, columns));

export const rowOf = (index: number, columns: number): number => Math.floor(index / Math.max(1, columns));

/** The rectangle of item `index` in the grid's content coordinates. */
export function tileRect(index: number, layout: GridLayout): Rect {
  const row = rowOf(index, layout.columns);
  const column = index % layout.columns;
  const left = layout.padding + column * (layout.tile + layout.gap);
  const top = layout.padding + row * layout.rowHeight;
  return { left, top, right: left + layout.tile, bottom: top + layout.tile };
}

/** A rectangle from two corners in any order (a rubber band dragged any way). */
export function normalizeRect(a: { x: number; y: number }, b: { x: number; y: number }): Rect {
  return { left: Math.min(a.x, b.x), top: Math.min(a.y, b.y), right: Math.max(a.x, b.x), bottom: Math.max(a.y, b.y) };
}

/**
 * Indices of the items a rubber band touches, computed from the layout alone, so items scrolled
 * out of view (and not in the DOM) are selected too.
 */
export function itemsInRect(band: Rect, layout: GridLayout, count: number): number[] {
  const firstRow = Math.max(0, Math.floor((band.top - layout.padding) / layout.rowHeight));
  const lastRow = Math.floor((band.bottom - layout.padding) / layout.rowHeight);
  const found: number[] = [];
  for (let row = firstRow; row <= lastRow; row++) {
    for (let column = 0; column < layout.columns; column++) {
      const index = row * layout.columns + column;
      if (index >= count) return found;
      const tile = tileRect(index, layout);
      if (tile.left < band.right && tile.right > band.left && tile.top < band.bottom && tile.bottom > band.top) found.push(index);
    }
  }
  return found;
}

/** The item under a point of the content, or null for a gap, the padding or past the last item. */
export function itemAt(point: { x: number; y: number }, layout: GridLayout, count: number): number | null {
  const [index] = itemsInRect({ left: point.x, top: point.y, right: point.x + 0.5, bottom: point.y + 0.5 }, layout, count);
  return index ?? null;
}

/**
 * Where to scroll after `added` items arrived at the top, so the row the person is looking at stays
 * where it was (the items may move sideways by a column or two; the view does not jump). Results
 * often arrive one at a time: `carry` is how many arrived since the person last scrolled that did
 * not yet fill a row (start at 0, pass back what this returns), so every `columns` arrivals move
 * the view one row. At the very top nothing moves: the new results are meant to be seen.
 */
export function scrollAfterPrepend(scrollTop: number, added: number, layout: GridLayout, carry = 0): { scrollTop: number; carry: number } {
  if (added <= 0 || scrollTop <= 0) return { scrollTop, carry: 0 };
  const pending = carry + added;
  return { scrollTop: scrollTop + Math.floor(pending / layout.columns) * layout.rowHeight, carry: pending % layout.columns };
}

/** How many items were put in front of a list: the new position of its old first item. */
export function prependedCount(before: readonly string[], after: readonly string[]): number {
  const first = before[0];
  if (first === undefined) return 0;
  const at = after.indexOf(first);
  return at > 0 && after.length - at >= before.length ? at : 0;
}
