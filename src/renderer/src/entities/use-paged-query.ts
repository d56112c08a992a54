import { useEffect } from 'react';
import type { StudioError } from '../../../shared/contract';
import { loadFirstPage, loadNextPage, queryKey, usePagedQueriesStore, type PagedSource } from './paged-queries';
import { viewQuery } from './query-lifetime';

export interface PagedQuery<T> {
  items: T[];
  /** `loading` until the first page arrives (items of an earlier load stay meanwhile). */
  status: 'loading' | 'ready' | 'error';
  /** The last failure, of the first page or of a further one. */
  error: StudioError | null;
  hasMore: boolean;
  loadingMore: boolean;
  /** New items may belong here but could not be placed; `reload` shows them. */
  hasNewer: boolean;
  loadMore: () => void;
  reload: () => void;
}

const noIds: readonly string[] = [];

/**
 * The one hook for long lists: the pages of `source` for `filter`, loaded on first use and kept
 * while shown and for a while after (coming back to a filter soon shows its pages at once;
 * `query-lifetime.ts`). Call `loadMore` when the end of the list comes into view. The filter may
 * be a new object each render: its key decides.
 */
export function usePagedQuery<F, T extends { id: string }>(source: PagedSource<F, T>, filter: F): PagedQuery<T> {
  const key = queryKey(source, filter);
  const query = usePagedQueriesStore((state) => state.queries[key]);
  const items = source.useItems(query?.ids ?? noIds);
  const needsLoad = query === undefined;

  useEffect(() => viewQuery(key), [key]);

  useEffect(() => {
    // Checked again here: another list (or React's second mount in strict mode) may have started it.
    if (!needsLoad || usePagedQueriesStore.getState().queries[key] !== undefined) return;
    // The filter is read back from its key, so a new but equal filter object does not reload.
    void loadFirstPage(source, JSON.parse(key.slice(source.name.length + 1)) as F);
  }, [key, needsLoad, source]);

  return {
    items,
    status: query?.status ?? 'loading',
    error: query?.error ?? null,
    hasMore: query?.nextCursor != null,
    loadingMore: query?.loadingMore ?? false,
    hasNewer: query?.hasNewer ?? false,
    loadMore: () => void loadNextPage(source, filter),
    reload: () => void loadFirstPage(source, filter),
  };
}
