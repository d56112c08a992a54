import type { StateCreator } from 'zustand';
import type { BatchView, Envelope, JobView, StudioError } from '../../../../../shared/contract';
import { studio } from '../../../studio/studio-client';

const STORAGE_KEY = 'atelier.create.recent';
/** Removed jobs remembered: enough for every job of the remembered batches. */
const REMOVED_KEPT = 500;
/** How many batches and character jobs the stream remembers. */
const KEEP = 24;

interface Remembered {
  recentBatchIds: string[];
  recentJobIds: string[];
  /** Jobs taken out of the stream (they stay on the timeline). */
  removedJobIds: string[];
}

function restore(): Remembered {
  try {
    const saved = JSON.parse(globalThis.sessionStorage.getItem(STORAGE_KEY) ?? 'null') as { batchIds?: unknown; jobIds?: unknown; removed?: unknown } | null;
    const ids = (list: unknown, keep = KEEP): string[] => (Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string').slice(0, keep) : []);
    return { recentBatchIds: ids(saved?.batchIds), recentJobIds: ids(saved?.jobIds), removedJobIds: ids(saved?.removed, REMOVED_KEPT) };
  } catch {
    return { recentBatchIds: [], recentJobIds: [], removedJobIds: [] };
  }
}

function persist(state: Remembered): void {
  try {
    globalThis.sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ batchIds: state.recentBatchIds, jobIds: state.recentJobIds, removed: state.removedJobIds }),
    );
  } catch {
    // A full or disabled storage only costs the strip after a reload.
  }
}

/** The job the form was filled from by "Edit and retry", and why it ended, shown beside the prompt. */
export interface RetryNote {
  jobId: string;
  state: JobView['state'];
  problem: StudioError | null;
}

export interface RecentSlice extends Remembered {
  retryNote: RetryNote | null;
  /** Says beside the prompt why the job the form now holds ended (null: says nothing). */
  setRetryNote: (note: RetryNote | null) => void;
  /** Remembers a batch submitted here (newest first). */
  rememberBatch: (batchId: string) => void;
  /** Remembers a single job started here (a character being made). */
  rememberJob: (jobId: string) => void;
  /** Takes a job out of the stream; it stays on the timeline. */
  removeFromStream: (jobId: string) => void;
  /** Fetches the jobs of what the strip remembers (after a reload), for the jobs cache. */
  fetchRecentJobs: () => Promise<JobView[]>;
  /** Runs a job's request again on another variant of its model (an edit answered without an image, queued). */
  rerunJob: (jobId: string, variantId: string) => Promise<Envelope<{ batch: BatchView; jobCount: number }>>;
}

/** What this screen started: its batches and character jobs, for its results. */
export const createRecentSlice: StateCreator<RecentSlice> = (set, get) => ({
  ...restore(),
  retryNote: null,
  setRetryNote: (retryNote) => set({ retryNote }),
  rememberBatch: (batchId) => {
    const recentBatchIds = [batchId, ...get().recentBatchIds.filter((id) => id !== batchId)].slice(0, KEEP);
    // What was changed and sent is a new job: the old one's reason no longer applies.
    set({ recentBatchIds, retryNote: null });
    persist({ ...get(), recentBatchIds });
  },
  rememberJob: (jobId) => {
    const recentJobIds = [jobId, ...get().recentJobIds.filter((id) => id !== jobId)].slice(0, KEEP);
    set({ recentJobIds });
    persist({ ...get(), recentJobIds });
  },
  removeFromStream: (jobId) => {
    const removedJobIds = [jobId, ...get().removedJobIds.filter((id) => id !== jobId)].slice(0, REMOVED_KEPT);
    set({ removedJobIds });
    persist({ ...get(), removedJobIds });
  },
  fetchRecentJobs: async () => {
    const { recentBatchIds, recentJobIds } = get();
    const [single, batches] = await Promise.all([
      // Character jobs belong to no batch: asked for by id, however many jobs came after them.
      recentJobIds.length === 0 ? null : studio().call('jobs.get_jobs', { ids: recentJobIds }),
      Promise.all(recentBatchIds.map((batchId) => studio().call('jobs.list_jobs', { batchId, limit: 50 }))),
    ]);
    return [...(single?.ok === true ? single.value : []), ...batches.flatMap((answer) => (answer.ok ? answer.value.items : []))];
  },
  rerunJob: (jobId, variantId) => studio().call('jobs.rerun_job', { jobId, variantId }),
});
