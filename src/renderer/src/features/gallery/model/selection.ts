/**
 * Selection in the gallery as a pure state machine, in the ways file managers do it: click selects
 * one, Ctrl/Cmd-click toggles, Shift-click (or Shift+arrows) selects a range from the anchor,
 * a rubber band adds what it touches, Ctrl/Cmd+A selects everything shown.
 */

export interface Selection {
  /** Selected item ids. */
  ids: ReadonlySet<string>;
  /** Where a Shift range starts (the last item clicked without Shift). */
  anchor: string | null;
  /** The item the keyboard is on. */
  active: string | null;
}

export const emptySelection: Selection = { ids: new Set(), anchor: null, active: null };

export type SelectionAction =
  | { type: 'click'; id: string }
  | { type: 'toggle'; id: string }
  | { type: 'range'; id: string; order: readonly string[]; additive?: boolean }
  | { type: 'band'; ids: readonly string[]; base?: ReadonlySet<string> }
  | { type: 'all'; order: readonly string[] }
  | { type: 'focus'; id: string }
  | { type: 'clear' }
  /** Items gone from the list (deleted, filtered out) leave the selection. */
  | { type: 'keep'; order: readonly string[] };

export function select(state: Selection, action: SelectionAction): Selection {
  switch (action.type) {
    case 'click':
      return { ids: new Set([action.id]), anchor: action.id, active: action.id };
    case 'toggle': {
      const ids = new Set(state.ids);
      if (ids.has(action.id)) ids.delete(action.id);
      else ids.add(action.id);
      return { ids, anchor: action.id, active: action.id };
    }
    case 'range': {
      const anchor = state.anchor ?? action.id;
      const from = action.order.indexOf(anchor);
      const to = action.order.indexOf(action.id);
      if (from < 0 || to < 0) return { ids: new Set([action.id]), anchor: action.id, active: action.id };
      const range = action.order.slice(Math.min(from, to), Math.max(from, to) + 1);
      const ids = new Set(action.additive ? [...state.ids, ...range] : range);
      return { ids, anchor, active: action.id };
    }
    case 'band': {
      const ids = new Set([...(action.base ?? []), ...action.ids]);
      const last = action.ids.at(-1) ?? state.active;
      return { ids, anchor: action.ids[0] ?? state.anchor, active: last };
    }
    case 'all':
      return { ids: new Set(action.order), anchor: action.order[0] ?? null, active: state.active ?? action.order[0] ?? null };
    case 'focus':
      return { ...state, active: action.id };
    case 'clear':
      return { ids: new Set(), anchor: state.anchor, active: state.active };
    case 'keep': {
      const present = new Set(action.order);
      const ids = new Set([...state.ids].filter((id) => present.has(id)));
      const keep = (id: string | null): string | null => (id !== null && present.has(id) ? id : null);
      if (ids.size === state.ids.size && keep(state.anchor) === state.anchor && keep(state.active) === state.active) return state;
      return { ids, anchor: keep(state.anchor), active: keep(state.active) };
    }
  }
}
