/**
 * Edits of loaded lists that are not "a new item at the top": items taken out (deleted) and items
 * brought back (undo), put back where their sort key places them within what is loaded.
 */
import { askMain, editIds, usePagedQueriesStore, type PagedSource } from './paged-queries';

/** Takes items out of every loaded list of a source. */
export function itemsRemoved(source: { name: string }, ids: readonly string[]): void {
  const gone = new Set(ids);
  const prefix = `${source.name} `;
  for (const [key, query] of Object.entries(usePagedQueriesStore.getState().queries)) {
    // A list still loading keeps the edit even when it does not hold the items yet: its answer may.
    if (!key.startsWith(prefix) || (query.status !== 'loading' && !query.ids.some((id) => gone.has(id)))) continue;
    editIds(key, (ids) => ids.filter((id) => !gone.has(id)));
  }
}

/**
 * Puts items back into every loaded list they belong to, at the place `compare` gives them among
 * the loaded items (past the last loaded item they wait for the page that holds them). Lists that
 * cannot tell whether an item belongs ask main (`askMain`), then place it the same way.
 */
export function itemsRestored<F, T extends { id: string }>(
  source: PagedSource<F, T>,
  items: readonly T[],
  itemOf: (id: string) => T | undefined,
  compare: (filter: F, a: T, b: T) => number,
): void {
  const prefix = `${source.name} `;
  for (const [key, query] of Object.entries(usePagedQueriesStore.getState().queries)) {
    if (!key.startsWith(prefix)) continue;
    const filter = JSON.parse(key.slice(prefix.length)) as F;
    const byId = new Map(items.map((item) => [item.id, item]));
    const place = (ids: readonly string[], id: string): string[] => {
      const item = byId.get(id);
      if (!item || ids.includes(id)) return [...ids];
      const at = ids.findIndex((other) => {
        const loaded = itemOf(other);
        return loaded !== undefined && compare(filter, item, loaded) < 0;
      });
      if (at >= 0) return [...ids.slice(0, at), id, ...ids.slice(at)];
      // Past the last loaded item it waits for the page that holds it, unless this was the last page.
      return usePagedQueriesStore.getState().queries[key]?.nextCursor === null ? [...ids, id] : [...ids];
    };
    const unsure: string[] = [];
    const belonging: string[] = [];
    for (const item of items) {
      if (query.ids.includes(item.id)) continue;
      const belongs = source.matches ? source.matches(filter, item) : undefined;
      if (belongs === undefined) unsure.push(item.id);
      if (belongs === true) belonging.push(item.id);
    }
    if (belonging.length > 0) editIds(key, (ids) => belonging.reduce((placed, id) => place(placed, id), [...ids]));
    if (unsure.length > 0) askMain(source, key, unsure, place);
  }
}
