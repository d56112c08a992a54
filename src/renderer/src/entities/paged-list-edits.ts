/**
 * Edits of loaded lists that are not "a new item at the top": items taken out (deleted) and items
 * brought back (undo), put back where their sort key places them within what is loaded.
 */
import { usePagedQueriesStore, type PagedSource } from './paged-queries';

/** Takes items out of every loaded list of a source. */
export function itemsRemoved(source: { name: string }, ids: readonly string[]): void {
  const gone = new Set(ids);
  const prefix = `${source.name} `;
  const { queries, update } = usePagedQueriesStore.getState();
  for (const [key, query] of Object.entries(queries)) {
    if (!key.startsWith(prefix) || !query.ids.some((id) => gone.has(id))) continue;
    update(key, (current) => current && { ...current, ids: current.ids.filter((id) => !gone.has(id)) });
  }
}

/**
 * Puts items back into every loaded list they belong to, at the place `compare` gives them among
 * the loaded items (past the last loaded item they wait for the page that holds them). Lists that
 * cannot tell whether an item belongs are marked as having newer items.
 */
export function itemsRestored<F, T extends { id: string }>(
  source: PagedSource<F, T>,
  items: readonly T[],
  itemOf: (id: string) => T | undefined,
  compare: (filter: F, a: T, b: T) => number,
): void {
  const prefix = `${source.name} `;
  const { queries, update } = usePagedQueriesStore.getState();
  for (const [key, query] of Object.entries(queries)) {
    if (!key.startsWith(prefix)) continue;
    const filter = JSON.parse(key.slice(prefix.length)) as F;
    let ids = query.ids;
    let unsure = false;
    for (const item of items) {
      if (ids.includes(item.id)) continue;
      const belongs = source.matches ? source.matches(filter, item) : undefined;
      if (belongs === undefined) unsure = true;
      if (belongs !== true) continue;
      const at = ids.findIndex((id) => {
        const other = itemOf(id);
        return other !== undefined && compare(filter, item, other) < 0;
      });
      if (at >= 0) ids = [...ids.slice(0, at), item.id, ...ids.slice(at)];
      else if (query.nextCursor === null) ids = [...ids, item.id];
    }
    if (ids !== query.ids || unsure) update(key, (current) => current && { ...current, ids, hasNewer: current.hasNewer || unsure });
  }
}
