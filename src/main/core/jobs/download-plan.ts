/**
 * Where a `downloading` job's results come from: the addresses of its completed task (the
 * gateway's content route behind the first), the files or Base64 staged with its answer, or the
 * content route alone when the task record names no address.
 */
import type { VariantEntry } from '../../../shared/catalog';
import { latestTask } from './engine-queries';
import type { ResultSource } from './result-fetch';
import { RESULT_LIFETIME_MS, resultValidUntil } from './result-validity';
import type { ResultStaging, StagedResult } from './staging';
import type { LibraryDatabase } from '../library';
import type { Job } from './store';

export interface ResultPlan {
  /** The task the results belong to; null for direct answers. */
  taskId: string | null;
  createdAt: number;
  expiresAt: number | null;
  /** Until when the results can be fetched (the address's expiry, else 24 hours); null for results already on disk. */
  validUntil: number | null;
  items: PlannedResult[];
  /** Staging file to remove once the job is finished. */
  staged: { jobId: string } | { taskId: string } | null;
  /** The task record gave no address: the only source is the gateway's content route. */
  addressless: boolean;
}

/** One result of a job and the sources it may be fetched from, in the order tried. */
export interface PlannedResult {
  index: number;
  sources: ResultSource[];
}

export type PlanFailure = { failure: { code: string; message: string } };

/** Where the task normaliser looks for result addresses (task-record.ts), for messages. */
const ADDRESS_PLACES = 'result.data[].url, data.result_url, result_url, url, video_url, metadata';

export function noAddressMessage(taskId: string, content: string | undefined): string {
  const tail = content === undefined ? 'and this model has no content route to fetch it from.' : `and the content route gave nothing either (${content}).`;
  return `Task ${taskId} completed, but the gateway gave no address for its result: the record has none (looked in ${ADDRESS_PLACES}), ${tail}`;
}

/** Where the job's results come from: its completed task, or its staged direct answer. */
export async function planResults(db: LibraryDatabase, staging: ResultStaging, job: Job, entry: VariantEntry | undefined): Promise<ResultPlan | PlanFailure> {
  const noResult = (message: string): PlanFailure => ({ failure: { code: 'no_result', message } });
  const task = latestTask(db, job.id);
  if (task) {
    if (task.state !== 'completed') return noResult(`The task ${task.id} has not completed, so there is nothing to download.`);
    const staged = await staging.read({ taskId: task.id });
    const content: ResultSource | undefined = entry?.contentPathTemplate ? { kind: 'content', entry, taskId: task.id } : undefined;
    let items: PlannedResult[];
    let addressless = false;
    if (task.resultUrls.length > 0) {
      items = task.resultUrls.map((url, index) => ({ index, sources: [{ kind: 'url', url }, ...(index === 0 && content ? [content] : [])] }));
    } else if (staged && staged.results.length > 0) {
      items = staged.results.map((result, index) => ({ index, sources: sourcesOfStaged(staging, result) }));
    } else if (content) {
      items = [{ index: 0, sources: [content] }];
      addressless = true;
    } else {
      return { failure: { code: 'no_result_address', message: noAddressMessage(task.id, undefined) } };
    }
    const validUntil = resultValidUntil(task);
    return {
      taskId: task.id,
      createdAt: task.createdAt,
      expiresAt: task.expiresAt,
      validUntil,
      items,
      staged: staged ? { taskId: task.id } : null,
      addressless,
    };
  }
  const staged = await staging.read({ jobId: job.id });
  if (!staged) {
    return noResult('The image data of this direct answer was lost before it could be saved (the app stopped while writing it).');
  }
  const items = staged.results.map((result, index) => ({ index, sources: sourcesOfStaged(staging, result) }));
  const validUntil = staged.receivedAt + RESULT_LIFETIME_MS;
  return { taskId: null, createdAt: staged.receivedAt, expiresAt: null, validUntil, items, staged: { jobId: job.id }, addressless: false };
}

function sourcesOfStaged(staging: ResultStaging, result: StagedResult): ResultSource[] {
  const sources: ResultSource[] = [];
  if (result.file !== undefined) sources.push({ kind: 'file', path: staging.fileOf(result.file) });
  if (result.b64 !== undefined && result.b64 !== '') sources.push({ kind: 'b64', data: result.b64 });
  if (result.url !== undefined && result.url !== '') sources.push({ kind: 'url', url: result.url });
  return sources;
}
