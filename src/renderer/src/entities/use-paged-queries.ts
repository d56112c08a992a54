import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { loadFirstPage, loadNextPage, queryKey, usePagedQueriesStore, type PagedSource, type QueryState } from './paged-queries';
import { viewQuery } from './query-lifetime';

/** One of several lists of a source: its state (undefined until first loaded) and how to load it. */
export interface PagedList<F> {
  filter: F;
  query: QueryState | undefined;
  /** Loads the first page when nothing was loaded yet, else the next one (nothing while a load runs or at the end). */
  load: () => void;
}

/**
 * Several lists of one source at once (the jobs of each open batch on the timeline), read from the
 * same queries `usePagedQuery` keeps. Nothing loads by itself: call `load` when a list's end comes
 * into view, so lists nobody scrolls to cost nothing.
 */
export function usePagedLists<F, T extends { id: string }>(source: PagedSource<F, T>, filters: readonly F[]): PagedList<F>[] {
  const keys = filters.map((filter) => queryKey(source, filter));
  const queries = usePagedQueriesStore(useShallow((state) => keys.map((key) => state.queries[key])));
  const keyList = keys.join('\n');
  useEffect(() => {
    const releases = keyList === '' ? [] : keyList.split('\n').map(viewQuery);
    return () => {
      for (const release of releases) release();
    };
  }, [keyList]);
  return filters.map((filter, index) => ({
    filter,
    query: queries[index],
    load: () => {
      // Read now, not at render: a load started a moment ago must not be started again.
      const started = usePagedQueriesStore.getState().queries[keys[index] ?? ''] !== undefined;
      void (started ? loadNextPage(source, filter) : loadFirstPage(source, filter));
    },
  }));
}
