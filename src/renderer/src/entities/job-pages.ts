import { useShallow } from 'zustand/react/shallow';
import type { JobStateView, JobView } from '../../../shared/contract';
import { studio } from '../studio/studio-client';
import { pick } from './entity-cache';
import { useJobsStore } from './jobs-store';
import type { PagedSource } from './paged-queries';
import { listNames } from './retention';

/** Which jobs a list shows: one batch's (in queue order), or the single jobs outside batches (newest first). */
export type JobFilter = { batchId: string; states?: JobStateView[] } | { outsideBatches: true; states?: JobStateView[] };

/** Jobs page by page (`jobs.list_jobs` and its keyset cursor). */
export const jobPages: PagedSource<JobFilter, JobView> = {
  name: listNames.jobs,
  pageSize: 60,
  fetchPage: (filter, cursor, limit) => studio().call('jobs.list_jobs', { ...filter, cursor, limit }),
  remember: (jobs) => useJobsStore.getState().jobsReceived(jobs),
  useItems: (ids) => useJobsStore(useShallow((state) => pick(state.jobs, ids))),
  matches: (filter, job) => {
    if (filter.states !== undefined && !filter.states.includes(job.state)) return false;
    // A batch's jobs are stored with it, so a new job never joins a batch that is already listed.
    if ('batchId' in filter) return job.batchId === filter.batchId ? undefined : false;
    return job.batchId === null;
  },
};
