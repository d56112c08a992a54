/**
 * Long lists, fetched a page at a time with the contract's keyset cursor. A query is keyed by its
 * source and filter; it holds only ids and the next cursor, while the items live in their entity
 * cache, so an item changed by an event changes in every list that shows it.
 */
import { create } from 'zustand';
import type { Envelope, StudioError } from '../../../shared/contract';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Where a kind of list comes from and where its items are kept. */
export interface PagedSource<F, T extends { id: string }> {
  /** Names the list in query keys, e.g. `library.assets`. */
  name: string;
  pageSize: number;
  /** `signal` abandons a next page nobody will see any more (`abandonPageLoad`). */
  fetchPage(filter: F, cursor: string | null, limit: number, signal?: AbortSignal): Promise<Envelope<Page<T>>>;
  /** Puts fetched items into their entity cache. */
  remember(items: readonly T[]): void;
  /** A hook reading items by id from their entity cache (skips ids it lacks). */
  useItems(ids: readonly string[]): T[];
  /**
   * Whether a new item belongs at the top of a list with this filter. `undefined`: cannot tell
   * here (a text search, say); `matching` then asks main, or without it the list is marked as
   * having newer items to reload for.
   */
  matches?(filter: F, item: T): boolean | undefined;
  /** Which of `ids` a list with this filter holds, as main decides (for what `matches` cannot tell). */
  matching?(filter: F, ids: readonly string[]): Promise<Envelope<string[]>>;
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

const update = (key: string, change: (query: QueryState | undefined) => QueryState | undefined): void => usePagedQueriesStore.getState().update(key, change);

const read = (key: string): QueryState | undefined => usePagedQueriesStore.getState().queries[key];

/** A change of a list's ids made from an event (an item added, brought back or taken out). */
export type IdsEdit = (ids: readonly string[]) => string[];

/**
 * The edits made to each list while its first page was loading. The answer may have been read
 * before the change the event tells of, so they are made again on the answer's ids.
 */
const editsWhileLoading = new Map<string, IdsEdit[]>();

/** Changes a loaded list's ids from an event; while its first page loads, the edit is kept to make again on the answer. */
export function editIds(key: string, edit: IdsEdit): void {
  const query = read(key);
  if (!query) return;
  if (query.status === 'loading') editsWhileLoading.set(key, [...(editsWhileLoading.get(key) ?? []), edit]);
  update(key, (current) => {
    if (!current) return current;
    const ids = edit(current.ids);
    return ids.length === current.ids.length && ids.every((id, i) => id === current.ids[i]) ? current : { ...current, ids };
  });
}

/** Loads (or reloads) the first page; what was loaded before stays shown until the answer comes. */
export async function loadFirstPage<F, T extends { id: string }>(source: PagedSource<F, T>, filter: F): Promise<void> {
  const key = queryKey(source, filter);
  const generation = (read(key)?.generation ?? 0) + 1;
  editsWhileLoading.delete(key);
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
  const edits = editsWhileLoading.get(key) ?? [];
  editsWhileLoading.delete(key);
  if (!answer.ok) {
    update(key, (query) => query && { ...query, status: 'error', error: answer.error });
    return;
  }
  // The list takes the ids first, so the cache keeps their items whatever its cap.
  update(key, (query) => query && { ...query, ids: answer.value.items.map((item) => item.id), nextCursor: answer.value.nextCursor, status: 'ready' });
  source.remember(answer.value.items);
  // Placing an item may read the answer's items from the cache, so the edits come after it has them.
  for (const edit of edits) editIds(key, edit);
}

/** The next-page load underway of each list, to abandon once nobody shows the list. */
const nextPageLoads = new Map<string, AbortController>();

/**
 * Abandons the next-page load of a list nobody shows any more (`query-lifetime.ts`). After fast
 * scrolling the gallery still waits for pages the wheel asked for; a search typed then must not
 * wait behind them for the window's connections and for main, which answers them in order.
 */
export function abandonPageLoad(key: string): void {
  nextPageLoads.get(key)?.abort();
}

/** Loads the page after the last one; does nothing while a load runs or when there is no further page. */
export async function loadNextPage<F, T extends { id: string }>(source: PagedSource<F, T>, filter: F): Promise<void> {
  const key = queryKey(source, filter);
  const start = read(key);
  if (!start || start.status !== 'ready' || start.loadingMore || start.nextCursor === null) return;
  const { generation, nextCursor } = start;
  update(key, (query) => query && { ...query, loadingMore: true, error: null });
  const abandon = new AbortController();
  nextPageLoads.set(key, abandon);
  const answer = await source.fetchPage(filter, nextCursor, source.pageSize, abandon.signal).finally(() => {
    if (nextPageLoads.get(key) === abandon) nextPageLoads.delete(key);
  });
  if (abandon.signal.aborted) {
    // Left as it was before: the next page is asked for again if the list is shown again.
    update(key, (query) => query && { ...query, loadingMore: false });
    return;
  }
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

/** The filter a query key was made from. */
const filterOfKey = (source: { name: string }, key: string): unknown => JSON.parse(key.slice(source.name.length + 1));

/**
 * A new item of a source (an event): put at the top of every loaded list it belongs to. Lists
 * that cannot tell here ask main (`matching`), so a search shows a new result it matches as
 * soon as it arrives; without `matching` they are marked as having newer items.
 */
export function itemAdded<F, T extends { id: string }>(source: PagedSource<F, T>, item: T): void {
  const prefix = `${source.name} `;
  for (const [key, query] of Object.entries(usePagedQueriesStore.getState().queries)) {
    if (!key.startsWith(prefix) || query.ids.includes(item.id)) continue;
    const belongs = source.matches ? source.matches(filterOfKey(source, key) as F, item) : undefined;
    if (belongs === false) continue;
    if (belongs === true) editIds(key, (ids) => atTop(ids, item.id));
    else askMain(source, key, [item.id], atTop);
  }
}

/** Puts an item main found to belong into a list's ids. */
export type Placement = (ids: readonly string[], id: string) => string[];

const atTop: Placement = (ids, id) => (ids.includes(id) ? [...ids] : [id, ...ids]);

interface Asking {
  waiting: string[];
  placements: Map<string, Placement>;
  running: boolean;
}

const asking = new Map<string, Asking>();
/** The most ids one question may carry (`library.match_assets` takes 200). */
const ASK_AT_ONCE = 200;

/**
 * Asks main whether `ids` belong to the list `key`, and places those that do with `place`. The
 * questions of one list go one at a time, the ids that came in meanwhile together. A list that
 * was reloaded meanwhile, or a question that failed, leaves the notice of newer items instead.
 */
export function askMain<F, T extends { id: string }>(source: PagedSource<F, T>, key: string, ids: readonly string[], place: Placement): void {
  if (!source.matching) {
    update(key, (current) => current && { ...current, hasNewer: true });
    return;
  }
  const entry = asking.get(key) ?? { waiting: [], placements: new Map<string, Placement>(), running: false };
  asking.set(key, entry);
  for (const id of ids) {
    if (!entry.placements.has(id)) entry.waiting.push(id);
    entry.placements.set(id, place);
  }
  if (!entry.running) void answerQuestions(source, key, entry);
}

async function answerQuestions<F, T extends { id: string }>(source: PagedSource<F, T>, key: string, entry: Asking): Promise<void> {
  entry.running = true;
  try {
    while (entry.waiting.length > 0) {
      const ids = entry.waiting.splice(0, ASK_AT_ONCE);
      const placements = ids.map((id) => entry.placements.get(id));
      for (const id of ids) entry.placements.delete(id);
      const generation = read(key)?.generation;
      if (generation === undefined || !source.matching) continue;
      const answer = await source.matching(filterOfKey(source, key) as F, ids);
      update(key, (current) => {
        if (!current) return current;
        if (!answer.ok || current.generation !== generation || current.status !== 'ready') return { ...current, hasNewer: true };
        const found = new Set(answer.value);
        let next = current.ids;
        ids.forEach((id, index) => {
          const place = placements[index];
          if (found.has(id) && !next.includes(id) && place) next = place(next, id);
        });
        return next === current.ids ? current : { ...current, ids: next };
      });
    }
  } finally {
    entry.running = false;
    if (entry.waiting.length === 0) asking.delete(key);
  }
}
