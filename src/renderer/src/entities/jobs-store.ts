import { create } from 'zustand';
import type { BatchView, Envelope, JobStateView, JobView } from '../../../shared/contract';
import { studio } from '../studio/studio-client';
import { byUpdatedAt, upsertMany, type ById } from './entity-cache';

export interface QueueView {
  paused: boolean;
  reason: string | null;
}

/** Job states in which a job still needs the studio's attention (waiting, being sent, running, saving). */
export const activeJobStates: readonly JobStateView[] = ['queued', 'submitting', 'submitted', 'running', 'downloading'];

interface JobsState {
  jobs: ById<JobView>;
  batches: ById<BatchView>;
  queue: QueueView | null;
  /** Jobs from an answer or a `jobs.changed` event. */
  jobsReceived: (jobs: readonly JobView[]) => void;
  batchesReceived: (batches: readonly BatchView[]) => void;
  queueReceived: (queue: QueueView) => void;
  /** Loads what is running now (for the Timeline badge), every batch and the queue state. */
  loadActive: () => Promise<Envelope<null>>;
}

/** Jobs and batches by id, fed by `jobs.changed` / `jobs.batch_changed` / `jobs.queue_changed` and by answers. */
export const useJobsStore = create<JobsState>()((set) => ({
  jobs: {},
  batches: {},
  queue: null,
  jobsReceived: (jobs) => set((state) => ({ jobs: upsertMany(state.jobs, jobs, byUpdatedAt) })),
  batchesReceived: (batches) => set((state) => ({ batches: upsertMany(state.batches, batches, byUpdatedAt) })),
  queueReceived: (queue) => set({ queue }),
  loadActive: async () => {
    const [jobs, batches, queue] = await Promise.all([
      studio().call('jobs.list_jobs', { states: [...activeJobStates] }),
      studio().call('jobs.list_batches', {}),
      studio().call('jobs.get_queue', {}),
    ]);
    if (jobs.ok) set((state) => ({ jobs: upsertMany(state.jobs, jobs.value, byUpdatedAt) }));
    if (batches.ok) set((state) => ({ batches: upsertMany(state.batches, batches.value, byUpdatedAt) }));
    if (queue.ok) set({ queue: queue.value });
    for (const answer of [jobs, batches, queue]) if (!answer.ok) return answer;
    return { ok: true, value: null };
  },
}));

type JobsSnapshot = Pick<JobsState, 'jobs' | 'batches'>;

/** Selectors other features use to read jobs (stores never reach into each other). */
export const jobSelectors = {
  job: (id: string) => (state: JobsSnapshot): JobView | undefined => state.jobs[id],
  batch: (id: string) => (state: JobsSnapshot): BatchView | undefined => state.batches[id],
  /** How many jobs are waiting, being sent, running or saving: the Timeline badge. */
  activeCount: (state: JobsSnapshot): number => Object.values(state.jobs).filter((job) => activeJobStates.includes(job.state)).length,
  /** The ids of a batch's jobs the cache holds, in batch order (a stable array only with `useShallow`). */
  jobIdsOfBatch: (batchId: string) => (state: JobsSnapshot): string[] =>
    Object.values(state.jobs)
      .filter((job) => job.batchId === batchId)
      .sort((a, b) => a.position - b.position)
      .map((job) => job.id),
};
