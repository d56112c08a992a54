import type { StateCreator } from 'zustand';
import type { BatchView, Envelope, JobView } from '../../../../../shared/contract';
import { studio } from '../../../studio/studio-client';

const STORAGE_KEY = 'atelier.create.recent';
/** How many batches and character jobs the strip remembers. */
const KEEP = 12;

interface Remembered {
  recentBatchIds: string[];
  recentJobIds: string[];
}

function restore(): Remembered {
  try {
    const saved = JSON.parse(globalThis.sessionStorage.getItem(STORAGE_KEY) ?? 'null') as { batchIds?: unknown; jobIds?: unknown } | null;
    const ids = (list: unknown): string[] => (Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string').slice(0, KEEP) : []);
    return { recentBatchIds: ids(saved?.batchIds), recentJobIds: ids(saved?.jobIds) };
  } catch {
    return { recentBatchIds: [], recentJobIds: [] };
  }
}

function persist(state: Remembered): void {
  try {
    globalThis.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ batchIds: state.recentBatchIds, jobIds: state.recentJobIds }));
  } catch {
    // A full or disabled storage only costs the strip after a reload.
  }
}

export interface RecentSlice extends Remembered {
  /** Remembers a batch submitted here (newest first). */
  rememberBatch: (batchId: string) => void;
  /** Remembers a single job started here (a character being made). */
  rememberJob: (jobId: string) => void;
  /** Fetches the jobs of what the strip remembers (after a reload), for the jobs cache. */
  fetchRecentJobs: () => Promise<JobView[]>;
  /** Runs a job's request again on another variant of its model (an edit answered without an image, queued). */
  rerunJob: (jobId: string, variantId: string) => Promise<Envelope<{ batch: BatchView; jobCount: number }>>;
}

/** What this screen started: its batches and character jobs, for its results. */
export const createRecentSlice: StateCreator<RecentSlice> = (set, get) => ({
  ...restore(),
  rememberBatch: (batchId) => {
    const recentBatchIds = [batchId, ...get().recentBatchIds.filter((id) => id !== batchId)].slice(0, KEEP);
    set({ recentBatchIds });
    persist({ recentBatchIds, recentJobIds: get().recentJobIds });
  },
  rememberJob: (jobId) => {
    const recentJobIds = [jobId, ...get().recentJobIds.filter((id) => id !== jobId)].slice(0, KEEP);
    set({ recentJobIds });
    persist({ recentBatchIds: get().recentBatchIds, recentJobIds });
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
