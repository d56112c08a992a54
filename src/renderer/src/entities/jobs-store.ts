import { create } from 'zustand';
import type { BatchView, Envelope, JobView, LookUpResult, QueueView } from '../../../shared/contract';
import { studio } from '../studio/studio-client';
import { byUpdatedAt, upsertMany, type ById } from './entity-cache';
import { bounded } from './retention';

export type { QueueView };

/** What main answers to a cancel: done at once, pending until the answer to a submission comes, or refused. */
export interface CancelReport {
  jobId: string;
  outcome: 'canceled' | 'pending' | 'not-cancelable';
  message: string;
}

interface JobsState {
  jobs: ById<JobView>;
  batches: ById<BatchView>;
  /** The queue: paused or not, the count of jobs in progress (the Timeline badge), its caps. Null until loaded. */
  queue: QueueView | null;
  /** Jobs from an answer or a `jobs.changed` event. */
  jobsReceived: (jobs: readonly JobView[]) => void;
  batchesReceived: (batches: readonly BatchView[]) => void;
  queueReceived: (queue: QueueView) => void;
  /** Loads the queue's state, with the count of jobs in progress (the Timeline badge is right after a reload). */
  loadQueue: () => Promise<Envelope<QueueView>>;
  /** Fetches one batch (a batch's page opened from its address) into the cache. */
  fetchBatch: (id: string) => Promise<Envelope<BatchView>>;
  pauseQueue: () => Promise<Envelope<QueueView>>;
  resumeQueue: () => Promise<Envelope<QueueView>>;
  pauseBatch: (id: string) => Promise<Envelope<BatchView>>;
  resumeBatch: (id: string) => Promise<Envelope<BatchView>>;
  cancelBatch: (id: string) => Promise<Envelope<CancelReport[]>>;
  cancelJob: (id: string) => Promise<Envelope<CancelReport>>;
  /** Queues a failed, canceled or expired job again: a new, paid submission. */
  retryJob: (id: string) => Promise<Envelope<JobView>>;
  /** The user's answer for a job that may have been paid for: send it again (both may be charged) or let it go. */
  resolveUnknown: (id: string, choice: 'resubmit' | 'discard') => Promise<Envelope<JobView>>;
  /** Asks the gateway about a running job's task at once (one still running past its usual time, or waiting for a usable key). */
  checkNow: (id: string) => Promise<Envelope<JobView>>;
  /** Fetches a job's result again, free, while it is valid on the gateway. */
  downloadAgain: (id: string) => Promise<Envelope<JobView>>;
  /** Asks the gateway whether a job of unknown outcome arrived (omni jobs, by their business id). */
  lookUp: (id: string) => Promise<Envelope<LookUpResult>>;
  /** Sends a running job's request again as a new job (charged again); answers the new job. */
  submitAgain: (id: string) => Promise<Envelope<JobView>>;
}

/**
 * Jobs and batches by id, fed by `jobs.changed` / `jobs.batch_changed` / `jobs.batch_added` /
 * `jobs.job_added` / `jobs.queue_changed` and by answers. Lists of them are paged (`job-pages`,
 * `batch-pages`); this cache holds one copy of each item however many lists show it.
 */
export const useJobsStore = create<JobsState>()((set) => {
  const keepJob = (answer: Envelope<JobView>): Envelope<JobView> => {
    if (answer.ok) set((state) => ({ jobs: bounded('jobs', upsertMany(state.jobs, [answer.value], byUpdatedAt), [answer.value]) }));
    return answer;
  };
  const keepBatch = (answer: Envelope<BatchView>): Envelope<BatchView> => {
    if (answer.ok) set((state) => ({ batches: bounded('batches', upsertMany(state.batches, [answer.value], byUpdatedAt), [answer.value]) }));
    return answer;
  };
  const keepQueue = (answer: Envelope<QueueView>): Envelope<QueueView> => {
    if (answer.ok) set({ queue: answer.value });
    return answer;
  };
  return {
    jobs: {},
    batches: {},
    queue: null,
    jobsReceived: (jobs) => set((state) => ({ jobs: bounded('jobs', upsertMany(state.jobs, jobs, byUpdatedAt), jobs) })),
    batchesReceived: (batches) => set((state) => ({ batches: bounded('batches', upsertMany(state.batches, batches, byUpdatedAt), batches) })),
    queueReceived: (queue) => set({ queue }),
    loadQueue: async () => keepQueue(await studio().call('jobs.get_queue', {})),
    fetchBatch: async (id) => keepBatch(await studio().call('jobs.get_batch', { id })),
    pauseQueue: async () => keepQueue(await studio().call('jobs.pause_queue', {})),
    resumeQueue: async () => keepQueue(await studio().call('jobs.resume_queue', {})),
    pauseBatch: async (id) => keepBatch(await studio().call('jobs.pause_batch', { id })),
    resumeBatch: async (id) => keepBatch(await studio().call('jobs.resume_batch', { id })),
    cancelBatch: (id) => studio().call('jobs.cancel_batch', { id }),
    cancelJob: (id) => studio().call('jobs.cancel_job', { id }),
    retryJob: async (id) => keepJob(await studio().call('jobs.retry_job', { id })),
    resolveUnknown: async (id, choice) => keepJob(await studio().call('jobs.resolve_unknown', { id, choice })),
    checkNow: async (id) => keepJob(await studio().call('jobs.check_now', { id })),
    downloadAgain: async (id) => keepJob(await studio().call('jobs.download_again', { id })),
    lookUp: async (id) => {
      const answer = await studio().call('jobs.look_up', { id });
      if (answer.ok) keepJob({ ok: true, value: answer.value.job });
      return answer;
    },
    submitAgain: async (id) => keepJob(await studio().call('jobs.submit_again', { id })),
  };
});

type JobsSnapshot = Pick<JobsState, 'jobs' | 'batches' | 'queue'>;

/** Selectors other features use to read jobs (stores never reach into each other). */
export const jobSelectors = {
  job:
    (id: string) =>
    (state: JobsSnapshot): JobView | undefined =>
      state.jobs[id],
  batch:
    (id: string) =>
    (state: JobsSnapshot): BatchView | undefined =>
      state.batches[id],
  /**
   * How many jobs are waiting, being sent, running or saving: the Timeline badge. Main counts them
   * (the cache holds only the pages loaded), and says so with every change of the count.
   */
  activeCount: (state: JobsSnapshot): number => state.queue?.activeJobs ?? 0,
  /** The ids of a batch's jobs the cache holds, in batch order (a stable array only with `useShallow`). */
  jobIdsOfBatch:
    (batchId: string) =>
    (state: JobsSnapshot): string[] =>
      Object.values(state.jobs)
        .filter((job) => job.batchId === batchId)
        .sort((a, b) => a.position - b.position)
        .map((job) => job.id),
};
