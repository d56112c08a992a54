/**
 * Turns finished results into library files: for each result of a `downloading` job it fetches
 * the bytes to a temporary file in the library folder, checks what they really are, renames
 * them to `YYYY/MM/DD/<asset-id>.<ext>`, makes the thumbnail, records the asset and writes its
 * sidecar. Results already in the library (row and file) are never fetched again, so a restart
 * resumes where it stopped. Jobs whose results expire soonest go first. A result is tried again,
 * ever more slowly, until its address expires (`expires_at`, else 24 hours): a failing result host
 * asks for a fresh address (the task read again), a refused key for another key of the account,
 * and the job shows when it tries next ("downloading, trying again at ...") rather than failing.
 */
import { createHash } from 'node:crypto';
import { access, mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { VariantEntry } from '../../../shared/catalog';
import type { GatewayClient } from '../gateway/client';
import { createLogger } from '../log';
import type { FileModes } from '../private-files';
import {
  assetFilePath,
  dateFolder,
  findAssetByResult,
  insertAsset,
  listCharactersOfTask,
  resolveInLibrary,
  thumbPathFor,
  writeAssetSidecar,
  type AssetKind,
  type LibraryDatabase,
} from '../library';
import { getJob, recordPoll, transitionJob, updateJob, type Job, type JobWaitingFor } from './store';
import { latestTask } from './engine-queries';
import type { EngineEvents } from './events';
import { entryOf, recipeOf } from './job-request';
import { withAnyKey } from './key-fallback';
import { KEY_WAIT_MS } from './poller';
import { RESULT_LIFETIME_MS, resultValidUntil } from './result-validity';
import type { NormalizedTask } from '../../../shared/gateway/task-record';
import { refusedForTheKey } from '../gateway/gateway-error';
import { InvalidMediaError } from '../media/media-info';
import type { MediaInspector } from '../media/media-inspector';
import { ResultFetchError, type ResultFetcher, type ResultSource } from './result-fetch';
import type { ResultStaging, StagedResult } from './staging';
import type { WorkTracker } from './work-tracker';
import { abortedWith, sleep, type Clock } from '../lifecycle/clock';
import { DisposableStore } from '../lifecycle/disposable';

const log = createLogger('downloader');

export interface DownloadLimits {
  maxParallel: number;
  /** Wait before the second try; doubles each time, up to `maxRetryDelayMs`, until the address expires. */
  retryDelayMs: number;
  /** Longest wait between two tries of a failing result. */
  maxRetryDelayMs: number;
  /** Largest image result accepted (a 4K PNG is tens of MB). */
  maxImageBytes: number;
  /** Largest video result accepted (25 seconds of 1080p is about 100 MB). */
  maxVideoBytes: number;
}

export const DEFAULT_DOWNLOAD_LIMITS: DownloadLimits = {
  maxParallel: 3,
  retryDelayMs: 1_000,
  maxRetryDelayMs: 10 * 60_000,
  maxImageBytes: 100 * 1024 * 1024,
  maxVideoBytes: 1024 * 1024 * 1024,
};

/** Bytes of a result that is not the media promised, kept for the user to look at (`.rejected/`). */
const KEPT_HEAD_BYTES = 64 * 1024;
const REJECTED_FOLDER = '.rejected';

export interface DownloaderDeps {
  db: LibraryDatabase;
  libraryRoot: string;
  clientFor: (job: Job) => Promise<GatewayClient>;
  /** Clients for the other keys of the same account the studio holds (asked when `clientFor`'s key is refused). */
  otherKeys: (job: Job, base: GatewayClient) => GatewayClient[];
  staging: ResultStaging;
  media: MediaInspector;
  fetcher: ResultFetcher;
  events: EngineEvents;
  tracker: WorkTracker;
  limits: DownloadLimits;
  /** Modes of the folders and files it writes. */
  modes: FileModes;
  clock: Clock;
}

interface ResultPlan {
  /** The task the results belong to; null for direct answers. */
  taskId: string | null;
  createdAt: number;
  expiresAt: number | null;
  /** Until when the results can be fetched (the address's expiry, else 24 hours); null for results already on disk. */
  validUntil: number | null;
  items: { index: number; sources: ResultSource[] }[];
  /** Staging file to remove once the job is finished. */
  staged: { jobId: string } | { taskId: string } | null;
  /** The task record gave no address: the only source is the gateway's content route. */
  addressless: boolean;
}

/** Where the task normaliser looks for result addresses (task-record.ts), for messages. */
const ADDRESS_PLACES = 'result.data[].url, data.result_url, result_url, url, video_url, metadata';

function noAddressMessage(taskId: string, content: string | undefined): string {
  const tail = content === undefined ? 'and this model has no content route to fetch it from.' : `and the content route gave nothing either (${content}).`;
  return `Task ${taskId} completed, but the gateway gave no address for its result: the record has none (looked in ${ADDRESS_PLACES}), ${tail}`;
}

/** A stable asset id per result, so a retried download lands on the same path and row. */
function resultAssetId(scope: string, index: number): string {
  const hex = createHash('sha256').update(`${scope}#${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

export class ResultDownloader {
  /** Jobs waiting for a download slot, with when their results expire (Unix ms). */
  private readonly waiting = new Map<string, number>();
  private readonly active = new Set<string>();
  /** Wakes a download pausing before its next try (`retryNow`); a pausing download leaves its slot to others. */
  private readonly wakers = new Map<string, () => void>();
  /** One run (start to stop): the signal downloads and their retry waits listen to. */
  private run = DisposableStore.disposed();
  private signal = abortedWith(this.run);

  constructor(private readonly deps: DownloaderDeps) {}

  start(): void {
    this.run = new DisposableStore();
    this.signal = abortedWith(this.run);
    this.pump();
  }

  stop(): void {
    this.run.dispose();
  }

  private get stopped(): boolean {
    return this.run.isDisposed;
  }

  /** A method, not a field read, so checks after an await are not narrowed away. */
  private isStopped(): boolean {
    return this.stopped;
  }

  /** Asks for a `downloading` job's results to be fetched (again harmless). */
  enqueue(jobId: string): void {
    if (this.active.has(jobId)) return;
    this.waiting.set(jobId, latestTask(this.deps.db, jobId)?.expiresAt ?? Number.MAX_SAFE_INTEGER);
    this.pump();
  }

  private pump(): void {
    if (this.stopped) return;
    while (this.active.size - this.wakers.size < this.deps.limits.maxParallel && this.waiting.size > 0) {
      const next = this.soonestToExpire();
      this.waiting.delete(next);
      this.active.add(next);
      this.deps.tracker.run(`download of job ${next}`, async () => {
        try {
          await this.downloadJob(next);
        } finally {
          this.active.delete(next);
          this.pump();
        }
      });
    }
  }

  private soonestToExpire(): string {
    let best: { id: string; at: number } | undefined;
    for (const [id, at] of this.waiting) if (best === undefined || at < best.at) best = { id, at };
    return best?.id ?? '';
  }

  private async downloadJob(jobId: string): Promise<void> {
    const { db } = this.deps;
    const job = getJob(db, jobId);
    if (!job || job.state !== 'downloading') return;
    const entry = entryOf(job);
    const plan = await this.planOf(job, entry);
    if ('failure' in plan) {
      this.finish(job, 'failed', { errorCode: plan.failure.code, errorMessage: plan.failure.message }, null);
      return;
    }
    const kind: AssetKind = entry?.kind === 'image' ? 'image' : 'video';
    const problems: ResultFetchError[] = [];
    let saved = 0;
    for (const item of plan.items) {
      if (this.stopped) return;
      try {
        await this.storeWithRetries(job, plan, item, kind);
        saved += 1;
      } catch (error) {
        if (this.isStopped()) return;
        const problem = error instanceof ResultFetchError ? error : new ResultFetchError((error as Error).message, 'permanent');
        log.warn(`job ${job.id}, result ${item.index}: ${problem.message}`);
        problems.push(problem);
      }
    }
    const total = plan.items.length;
    // A note made before the download (no character came with the video) stays on the finished job.
    const note = job.errorCode === 'character_missing' ? { errorCode: job.errorCode, errorMessage: job.errorMessage } : { errorCode: null, errorMessage: null };
    const characters = plan.taskId === null ? 0 : listCharactersOfTask(this.deps.db, plan.taskId).length;
    if (problems.length === 0) this.finish(job, 'done', note, plan);
    else if (saved === 0 && characters > 0) {
      // The character the task made is in the registry: the job has a result, only the video is missing.
      const message = `The character was saved, but the video could not be: ${problems[0]?.message ?? ''}`;
      this.finish(job, 'done', { errorCode: 'partial', errorMessage: message }, plan);
    } else if (plan.addressless && saved === 0 && !problems.some((problem) => problem.reason === 'expired')) {
      const message = noAddressMessage(plan.taskId ?? '', problems[0]?.message);
      this.finish(job, 'failed', { errorCode: 'no_result_address', errorMessage: message }, plan);
    } else if (saved > 0) {
      const message = `${saved} of ${total} results were saved; the others could not be: ${problems[0]?.message ?? ''}`;
      this.finish(job, 'done', { errorCode: 'partial', errorMessage: message }, plan);
    } else if (problems.some((problem) => problem.reason === 'expired')) {
      const expired = problems.find((problem) => problem.reason === 'expired');
      const message =
        expired?.message.startsWith('The result expired on the gateway') === true
          ? expired.message
          : `The result expired on the gateway before it could be downloaded. ${expired?.message ?? ''}`;
      this.finish(job, 'expired', { errorCode: 'result_expired', errorMessage: message }, plan);
    } else {
      this.finish(job, 'failed', { errorCode: 'download_failed', errorMessage: problems[0]?.message ?? 'The result could not be downloaded.' }, plan);
    }
  }

  private finish(job: Job, to: 'done' | 'failed' | 'expired', patch: { errorCode: string | null; errorMessage: string | null }, plan: ResultPlan | null): void {
    const moved = transitionJob(this.deps.db, job.id, ['downloading'], to, patch);
    this.deps.events.jobsChanged(job.id);
    if (!moved) return;
    if (plan?.staged) void this.deps.staging.remove(plan.staged).catch(() => undefined);
  }

  /** Where the job's results come from: its completed task, or its staged direct answer. */
  private async planOf(job: Job, entry: VariantEntry | undefined): Promise<ResultPlan | { failure: { code: string; message: string } }> {
    const noResult = (message: string) => ({ failure: { code: 'no_result', message } });
    const task = latestTask(this.deps.db, job.id);
    if (task) {
      if (task.state !== 'completed') return noResult(`The task ${task.id} has not completed, so there is nothing to download.`);
      const staged = await this.deps.staging.read({ taskId: task.id });
      const content: ResultSource | undefined = entry?.contentPathTemplate ? { kind: 'content', entry, taskId: task.id } : undefined;
      let items: ResultPlan['items'];
      let addressless = false;
      if (task.resultUrls.length > 0) {
        items = task.resultUrls.map((url, index) => ({ index, sources: [{ kind: 'url', url }, ...(index === 0 && content ? [content] : [])] }));
      } else if (staged && staged.results.length > 0) {
        items = staged.results.map((result, index) => ({ index, sources: sourcesOfStaged(this.deps.staging, result) }));
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
    const staged = await this.deps.staging.read({ jobId: job.id });
    if (!staged) {
      return noResult('The image data of this direct answer was lost before it could be saved (the app stopped while writing it).');
    }
    const items = staged.results.map((result, index) => ({ index, sources: sourcesOfStaged(this.deps.staging, result) }));
    const validUntil = staged.receivedAt + RESULT_LIFETIME_MS;
    return { taskId: null, createdAt: staged.receivedAt, expiresAt: null, validUntil, items, staged: { jobId: job.id }, addressless: false };
  }

  /**
   * Stores one result, trying its sources in turn, and again with back-off while a failure may
   * pass, until the result's address expires. Throws the last failure when none may pass.
   */
  private async storeWithRetries(job: Job, plan: ResultPlan, item: ResultPlan['items'][number], kind: AssetKind): Promise<void> {
    const { db, libraryRoot } = this.deps;
    const existing = findAssetByResult(db, { taskId: plan.taskId, jobId: job.id, resultIndex: item.index });
    if (existing && (await exists(resolveInLibrary(libraryRoot, existing.filePath)))) return;
    let lastError: ResultFetchError | undefined;
    let keyIndex = 0;
    let justRefreshed = false;
    for (let round = 0; ; round++) {
      let mayPass = false;
      let refusedByHost = false;
      let keyRefused = false;
      for (const source of item.sources) {
        try {
          await this.store(job, plan, item.index, source, kind, keyIndex);
          if (round > 0) this.stopWaiting(job);
          return;
        } catch (error) {
          lastError = toFetchError(error, this.signal);
          if (lastError.reason === 'canceled') throw lastError;
          refusedByHost ||= lastError.reason === 'refused';
          keyRefused ||= lastError.reason === 'key';
          mayPass ||= lastError.reason === 'transient' || lastError.reason === 'refused' || lastError.reason === 'key';
        }
      }
      if (!mayPass || lastError === undefined) throw lastError ?? new ResultFetchError('The result has no source to download from.', 'permanent');
      if (plan.validUntil !== null && this.deps.clock.now() >= plan.validUntil) throw expiredOnGateway(plan.validUntil, lastError);
      if (keyRefused) keyIndex += 1;
      let waitingFor: JobWaitingFor = keyRefused ? 'key' : 'download';
      if (refusedByHost && plan.taskId !== null) {
        const fresh = await this.freshAddress(job, plan, item);
        if (fresh === 'key') waitingFor = 'key';
        else if (fresh === 'fresh' && !justRefreshed) {
          // A fresh address is tried at once, but only once in a row: a host that refuses every address waits like any failure.
          justRefreshed = true;
          continue;
        }
        if (plan.validUntil !== null && this.deps.clock.now() >= plan.validUntil) throw expiredOnGateway(plan.validUntil, lastError);
      }
      justRefreshed = false;
      const now = this.deps.clock.now();
      const backoff = Math.min(this.deps.limits.retryDelayMs * 2 ** Math.min(round, 30), this.deps.limits.maxRetryDelayMs);
      const retryAt = Math.min(now + (waitingFor === 'key' ? Math.max(backoff, KEY_WAIT_MS) : backoff), plan.validUntil ?? Number.MAX_SAFE_INTEGER);
      this.startWaiting(job, waitingFor, lastError.message, retryAt);
      log.info(`job ${job.id}, result ${item.index}: ${lastError.message}; trying again in ${Math.round((retryAt - now) / 1000)} s`);
      await this.pauseUntil(job.id, retryAt);
      if (this.stopped) throw lastError;
    }
  }

  /**
   * Reads the task again for a fresh address after the result host refused the one it had.
   * `fresh`: a new address (or expiry) was recorded; `same`: the gateway gives the same one;
   * `key`: every key the studio holds was refused; `unavailable`: the gateway did not answer.
   */
  private async freshAddress(job: Job, plan: ResultPlan, item: ResultPlan['items'][number]): Promise<'fresh' | 'same' | 'key' | 'unavailable'> {
    const task = latestTask(this.deps.db, job.id);
    if (!task) return 'unavailable';
    let record: NormalizedTask;
    try {
      record = await withAnyKey(this.deps, job, (client) => client.tasks.pollPath(task.pollRoute, task.family, { signal: this.signal }));
    } catch (error) {
      if (this.isStopped()) return 'unavailable';
      return refusedForTheKey(error) ? 'key' : 'unavailable';
    }
    const url = record.resultUrls[item.index];
    const expiresAt = record.expiresAt === undefined ? task.expiresAt : record.expiresAt * 1000;
    const known = task.resultUrls[item.index];
    if (url === undefined || (url === known && expiresAt === task.expiresAt)) return 'same';
    const resultUrls = task.resultUrls.map((old, index) => record.resultUrls[index] ?? old);
    recordPoll(this.deps.db, task.id, { resultUrls, expiresAt });
    plan.expiresAt = expiresAt;
    plan.validUntil = expiresAt ?? this.deps.clock.now() + RESULT_LIFETIME_MS;
    item.sources = item.sources.map((source) => (source.kind === 'url' && source.url === known ? { kind: 'url', url } : source));
    log.info(`job ${job.id}, result ${item.index}: the gateway gave a fresh address`);
    return 'fresh';
  }

  /** The job shows why its download waits and when it tries again (kept across restarts). */
  private startWaiting(job: Job, waitingFor: JobWaitingFor, message: string, retryAt: number): void {
    const current = getJob(this.deps.db, job.id);
    const since = current?.waitingFor === waitingFor ? {} : { waitingSince: this.deps.clock.now() };
    updateJob(this.deps.db, job.id, ['downloading'], { waitingFor, waitingMessage: message, retryAt, ...since });
    this.deps.events.jobsChanged(job.id);
  }

  private stopWaiting(job: Job): void {
    updateJob(this.deps.db, job.id, ['downloading'], { waitingFor: null, waitingMessage: null, waitingSince: null, retryAt: null });
    this.deps.events.jobsChanged(job.id);
  }

  /** Waits until `at`, or until someone asks to try now ("Download again", "Check now", a new key). */
  private async pauseUntil(jobId: string, at: number): Promise<void> {
    const early = new AbortController();
    this.wakers.set(jobId, () => early.abort());
    this.pump();
    try {
      await sleep(this.deps.clock, Math.max(0, at - this.deps.clock.now()), AbortSignal.any([this.signal, early.signal]));
    } catch {
      // Woken early or stopped: the caller looks at which.
    } finally {
      this.wakers.delete(jobId);
    }
  }

  /** Tries a waiting download at once; false when the job's download is not waiting. */
  retryNow(jobId: string): boolean {
    const wake = this.wakers.get(jobId);
    wake?.();
    return wake !== undefined;
  }

  /** The profile's client, or after `keyIndex` refusals of the key, the next other key of the account (round and round). */
  private async clientOf(job: Job, keyIndex: number): Promise<GatewayClient> {
    const base = await this.deps.clientFor(job);
    if (keyIndex === 0) return base;
    const all = [base, ...this.deps.otherKeys(job, base)];
    return all[keyIndex % all.length] ?? base;
  }

  /** The permanent failure of a result that is not the media promised, its first bytes kept. */
  private async rejected(temporary: string, name: string, error: InvalidMediaError): Promise<ResultFetchError> {
    const relativePath = `${REJECTED_FOLDER}/${name}`;
    const kept = await keepHead(temporary, resolveInLibrary(this.deps.libraryRoot, relativePath), this.deps.modes.file);
    const where = kept ? ` Its first bytes are kept in ${relativePath} in the library folder.` : '';
    return new ResultFetchError(`${error.message}${where}`, 'permanent');
  }

  private async store(job: Job, plan: ResultPlan, index: number, source: ResultSource, kind: AssetKind, keyIndex: number): Promise<void> {
    const { db, libraryRoot, media, fetcher, events } = this.deps;
    const assetId = resultAssetId(plan.taskId === null ? `job:${job.id}` : `task:${plan.taskId}`, index);
    const temporary = resolveInLibrary(libraryRoot, `${dateFolder(plan.createdAt)}/.${assetId}.download.tmp`);
    await mkdir(dirname(temporary), { recursive: true, mode: this.deps.modes.dir });
    try {
      const client = await this.clientOf(job, keyIndex);
      const maxBytes = kind === 'image' ? this.deps.limits.maxImageBytes : this.deps.limits.maxVideoBytes;
      const fetched = await fetcher.fetch(source, temporary, {
        client,
        expiresAt: plan.expiresAt,
        now: this.deps.clock.now(),
        signal: this.signal,
        mode: this.deps.modes.file,
        maxBytes,
      });
      const info = await media.probe(temporary, kind).catch(async (error: unknown) => {
        if (!(error instanceof InvalidMediaError)) throw error;
        throw await this.rejected(temporary, `${assetId}.head`, error);
      });
      const declared = fetched.declaredType?.split(';')[0]?.trim().toLowerCase();
      if (declared !== undefined && declared !== info.mime && declared !== 'application/octet-stream') {
        log.warn(`job ${job.id}, result ${index}: declared ${declared} but the bytes are ${info.mime}; stored as ${info.mime}`);
      }
      const filePath = assetFilePath(plan.createdAt, assetId, info.mime);
      const absolute = resolveInLibrary(libraryRoot, filePath);
      await rename(temporary, absolute);
      const thumbPath = thumbPathFor(filePath);
      const thumbed = await media.thumbnail(absolute, info.kind, resolveInLibrary(libraryRoot, thumbPath), this.deps.modes);
      const { asset, inserted } = insertAsset(db, {
        id: assetId,
        jobId: job.id,
        taskId: plan.taskId,
        resultIndex: index,
        kind: info.kind,
        filePath,
        thumbPath: thumbed ? thumbPath : null,
        mime: info.mime,
        bytes: fetched.bytes,
        width: info.width,
        height: info.height,
        durationMs: info.durationMs,
        hasAudio: info.hasAudio ?? null,
        sha256: fetched.sha256,
        model: job.model,
        variantId: job.variantId,
        prompt: job.prompt,
        request: recipeOf(job),
        createdAt: plan.createdAt,
        preset: job.preset,
      });
      await writeAssetSidecar(libraryRoot, asset, this.deps.modes);
      if (inserted) events.emit({ type: 'library.added', asset });
    } finally {
      await rm(temporary, { force: true });
    }
  }
}

/**
 * What was downloaded is not the media promised (an error page, another type, a cut file): the
 * same address would give the same bytes, so it is not fetched again. Its first bytes are kept
 * in `.rejected/` for the user to look at.
 */
async function keepHead(source: string, target: string, mode: number): Promise<boolean> {
  try {
    const handle = await open(source, 'r');
    try {
      const head = Buffer.alloc(KEPT_HEAD_BYTES);
      const { bytesRead } = await handle.read(head, 0, KEPT_HEAD_BYTES, 0);
      await mkdir(dirname(target), { recursive: true, mode: 0o700 });
      await writeFile(target, head.subarray(0, bytesRead), { mode });
      return true;
    } finally {
      await handle.close();
    }
  } catch {
    return false;
  }
}

function sourcesOfStaged(staging: ResultStaging, result: StagedResult): ResultSource[] {
  const sources: ResultSource[] = [];
  if (result.file !== undefined) sources.push({ kind: 'file', path: staging.fileOf(result.file) });
  if (result.b64 !== undefined && result.b64 !== '') sources.push({ kind: 'b64', data: result.b64 });
  if (result.url !== undefined && result.url !== '') sources.push({ kind: 'url', url: result.url });
  return sources;
}

/** The end of a result whose address expired while it could not be fetched. */
function expiredOnGateway(validUntil: number | null, last: ResultFetchError): ResultFetchError {
  const when = validUntil === null ? '' : ` on ${new Date(validUntil).toISOString()}`;
  return new ResultFetchError(`The result expired on the gateway${when} before it could be downloaded. Last problem: ${last.message}`, 'expired');
}

function toFetchError(error: unknown, signal: AbortSignal): ResultFetchError {
  if (error instanceof ResultFetchError) return error;
  if (signal.aborted) return new ResultFetchError('The download was stopped.', 'canceled');
  return new ResultFetchError(error instanceof Error ? error.message : String(error), 'permanent');
}
