/**
 * Long lists, fetched a page at a time with the contract's keyset cursor. A query is keyed by its
 * source and filter; it holds only ids and the next cursor, while the items live in their entity
 * cache, so an item changed by an event changes in every list that shows it.
 */
import { create } from 'zustand';
import type { Envelope, StudioError } from '../../../shared/contract';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Where a kind of list comes from and where its items are kept. */
export interface PagedSource<F, T extends { id: string }> {
  /** Names the list in query keys, e.g. `library.assets`. */
  name: string;
  pageSize: number;
  fetchPage(filter: F, cursor: string | null, limit: number): Promise<Envelope<Page<T>>>;
  /** Puts fetched items into their entity cache. */
  remember(items: readonly T[]): void;
  /** A hook reading items by id from their entity cache (skips ids it lacks). */
  useItems(ids: readonly string[]): T[];
  /**
   * Whether a new item belongs at the top of a list with this filter. `undefined`: cannot tell
   * here (a text search, say); the list is then marked as having newer items to reload for.
   */
  matches?(filter: F, item: T): boolean | undefined;
}

export interface QueryState {
  ids: string[];
  nextCursor: string | null;
  status: 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  error: StudioError | null;
  /** New items may belong to this list but could not be placed; `reload` shows them. */
  hasNewer: boolean;
  /** Bumped by each first-page load, so answers to a superseded load are dropped. */
  generation: number;
}

interface PagedQueriesState {
  queries: Readonly<Record<string, QueryState>>;
  update: (key: string, change: (query: QueryState | undefined) => QueryState | undefined) => void;
  /** Forgets lists (nobody has looked at them for a while: `query-lifetime.ts`). */
  remove: (keys: readonly string[]) => void;
}

/** The loaded lists, by query key. Written only by the functions below. */
export const usePagedQueriesStore = create<PagedQueriesState>()((set) => ({
  queries: {},
  update: (key, change) =>
    set((state) => {
      const next = change(state.queries[key]);
      return next === state.queries[key] ? state : { queries: { ...state.queries, [key]: next as QueryState } };
    }),
  remove: (keys) =>
    set((state) => {
      const gone = new Set(keys);
      return { queries: Object.fromEntries(Object.entries(state.queries).filter(([key]) => !gone.has(key))) };
    }),
}));

/** The ids every loaded list of a source holds (what its entity cache must keep). */
export function idsInLists(sourceName: string): Set<string> {
  const prefix = `${sourceName} `;
  const ids = new Set<string>();
  for (const [key, query] of Object.entries(usePagedQueriesStore.getState().queries)) {
    if (key.startsWith(prefix)) for (const id of query.ids) ids.add(id);
  }
  return ids;
}

/** A stable text for a filter: the same fields give the same key, whatever their order. */
export function queryKey(source: { name: string }, filter: unknown): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, sorted(v)]),
    );
  };
  return `${source.name} ${JSON.stringify(sorted(filter))}`;
}

const update = (key: string, change: (query: QueryState | undefined) => QueryState | undefined): void =>
  usePagedQueriesStore.getState().update(key, change);

const read = (key: string): QueryState | undefined => usePagedQueriesStore.getState().queries[key];

/** Loads (or reloads) the first page; what was loaded before stays shown until the answer comes. */
export async function loadFirstPage<F, T extends { id: string }>(source: PagedSource<F, T>, filter: F): Promise<void> {
  const key = queryKey(source, filter);
  const generation = (read(key)?.generation ?? 0) + 1;
  update(key, (query) => ({
    ids: query?.ids ?? [],
    nextCursor: query?.nextCursor ?? null,
    status: 'loading',
    loadingMore: false,
    error: null,
    hasNewer: false,
    generation,
  }));
  const answer = await source.fetchPage(filter, null, source.pageSize);
  if (read(key)?.generation !== generation) return;
  if (!answer.ok) {
    update(key, (query) => query && { ...query, status: 'error', error: answer.error });
    return;
  }
  // The list takes the ids first, so the cache keeps their items whatever its cap.
  update(key, (query) => query && { ...query, ids: answer.value.items.map((item) => item.id), nextCursor: answer.value.nextCursor, status: 'ready' });
  source.remember(answer.value.items);
}

/** Loads the page after the last one; does nothing while a load runs or when there is no further page. */
export async function loadNextPage<F, T extends { id: string }>(source: PagedSource<F, T>, filter: F): Promise<void> {
  const key = queryKey(source, filter);
  const start = read(key);
  if (!start || start.status !== 'ready' || start.loadingMore || start.nextCursor === null) return;
  const { generation, nextCursor } = start;
  update(key, (query) => query && { ...query, loadingMore: true, error: null });
  const answer = await source.fetchPage(filter, nextCursor, source.pageSize);
  if (read(key)?.generation !== generation) return;
  if (!answer.ok) {
    update(key, (query) => query && { ...query, loadingMore: false, error: answer.error });
    return;
  }
  update(key, (query) => {
    if (!query) return query;
    const known = new Set(query.ids);
    const added = answer.value.items.map((item) => item.id).filter((id) => !known.has(id));
    return { ...query, ids: [...query.ids, ...added], nextCursor: answer.value.nextCursor, loadingMore: false };
  });
  source.remember(answer.value.items);
}

/**
 * A new item of a source (an event): put at the top of every loaded list it belongs to, and
 * marks the lists that cannot tell as having newer items.
 */
export function itemAdded<F, T extends { id: string }>(source: PagedSource<F, T>, item: T): void {
  const prefix = `${source.name} `;
  for (const [key, query] of Object.entries(usePagedQueriesStore.getState().queries)) {
    if (!key.startsWith(prefix) || query.ids.includes(item.id)) continue;
    const filter = JSON.parse(key.slice(prefix.length)) as F;
    const belongs = source.matches ? source.matches(filter, item) : undefined;
    if (belongs === false) continue;
    update(key, (current) =>
      current && (belongs === true ? { ...current, ids: [item.id, ...current.ids] } : { ...current, hasNewer: true }),
    );
  }
}
