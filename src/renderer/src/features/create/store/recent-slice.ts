import { create } from 'zustand';
import type { JobView } from '../../../../../shared/contract';
import { studio } from '../../../studio/studio-client';

const STORAGE_KEY = 'atelier.create.recent';
/** How many batches and character jobs the strip remembers. */
const KEEP = 12;

interface Remembered {
  batchIds: string[];
  jobIds: string[];
}

function restore(): Remembered {
  try {
    const saved = JSON.parse(globalThis.sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<Remembered> | null;
    const ids = (list: unknown): string[] => (Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string').slice(0, KEEP) : []);
    return { batchIds: ids(saved?.batchIds), jobIds: ids(saved?.jobIds) };
  } catch {
    return { batchIds: [], jobIds: [] };
  }
}

function persist(state: Remembered): void {
  try {
    globalThis.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // A full or disabled storage only costs the strip after a reload.
  }
}

interface RecentState extends Remembered {
  /** Remembers a batch submitted here (newest first). */
  rememberBatch: (batchId: string) => void;
  /** Remembers a single job started here (a character being made). */
  rememberJob: (jobId: string) => void;
  /** Fetches the jobs of what the strip remembers (after a reload), for the jobs cache. */
  fetchJobs: () => Promise<JobView[]>;
}

/** What this screen started: its batches and character jobs, for the strip of recent jobs. */
export const useRecentStore = create<RecentState>()((set, get) => ({
  ...restore(),
  rememberBatch: (batchId) => {
    const batchIds = [batchId, ...get().batchIds.filter((id) => id !== batchId)].slice(0, KEEP);
    set({ batchIds });
    persist({ batchIds, jobIds: get().jobIds });
  },
  rememberJob: (jobId) => {
    const jobIds = [jobId, ...get().jobIds.filter((id) => id !== jobId)].slice(0, KEEP);
    set({ jobIds });
    persist({ batchIds: get().batchIds, jobIds });
  },
  fetchJobs: async () => {
    const answers = await Promise.all(get().batchIds.map((batchId) => studio().call('jobs.list_jobs', { batchId, limit: 50 })));
    const jobs = answers.flatMap((answer) => (answer.ok ? answer.value.items : []));
    const wanted = new Set(get().jobIds);
    if (wanted.size > 0) {
      // Character jobs belong to no batch: the newest of those, where this screen's are.
      const loose = await studio().call('jobs.list_jobs', { outsideBatches: true, limit: 200 });
      if (loose.ok) jobs.push(...loose.value.items.filter((job) => wanted.has(job.id)));
    }
    return jobs;
  },
}));
