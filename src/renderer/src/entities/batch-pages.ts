import { useShallow } from 'zustand/react/shallow';
import type { BatchView } from '../../../shared/contract';
import { studio } from '../studio/studio-client';
import { pick } from './entity-cache';
import { useJobsStore } from './jobs-store';
import type { PagedSource } from './paged-queries';
import { listNames } from './retention';

/** Which batches a list shows; empty for every batch. */
export interface BatchFilter {
  statuses?: BatchView['status'][];
}

/** Batches, newest first, page by page (`jobs.list_batches` and its keyset cursor). */
export const batchPages: PagedSource<BatchFilter, BatchView> = {
  name: listNames.batches,
  pageSize: 30,
  fetchPage: (filter, cursor, limit) => studio().call('jobs.list_batches', { ...filter, cursor, limit }),
  remember: (batches) => useJobsStore.getState().batchesReceived(batches),
  useItems: (ids) => useJobsStore(useShallow((state) => pick(state.batches, ids))),
  // A new batch is the newest: it goes at the top of every list whose statuses include its own.
  matches: (filter, batch) => filter.statuses === undefined || filter.statuses.includes(batch.status),
};
