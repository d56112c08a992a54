/**
 * Dragging several results inside the gallery (a selection onto a board). The shared payload of
 * one library item (`entities/asset-drag.ts`) goes along with it for other places (Create's
 * reference tray takes the item the drag started on); this one carries every id.
 */

export const SELECTION_DRAG_TYPE = 'application/x-atelier-selection';
/** A board dragged to another place in the list. */
export const BOARD_DRAG_TYPE = 'application/x-atelier-board';

export function writeSelectionDrag(data: DataTransfer, ids: readonly string[]): void {
  data.setData(SELECTION_DRAG_TYPE, JSON.stringify(ids));
}

/** The dragged ids, or null when the drag carries none (or something malformed). */
export function readSelectionDrag(data: DataTransfer): string[] | null {
  try {
    const value: unknown = JSON.parse(data.getData(SELECTION_DRAG_TYPE));
    return Array.isArray(value) && value.length > 0 && value.every((id): id is string => typeof id === 'string') ? value : null;
  } catch {
    return null;
  }
}

/** Where a board dropped on `target` goes: just before it, the others keeping their order. */
export function boardOrderAfterDrop(order: readonly string[], moved: string, target: string): string[] {
  if (moved === target || !order.includes(moved) || !order.includes(target)) return [...order];
  const rest = order.filter((id) => id !== moved);
  const at = rest.indexOf(target);
  const movingDown = order.indexOf(moved) < order.indexOf(target);
  rest.splice(movingDown ? at + 1 : at, 0, moved);
  return rest;
}
