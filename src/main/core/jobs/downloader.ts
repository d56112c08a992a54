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
import { getJob, transitionJob, type Job } from './store';
import { latestTask } from './engine-queries';
import type { GroupedWrites } from './grouped-writes';
import type { EngineEvents } from './events';
import { entryOf, recipeOf } from './job-request';
import { noAddressMessage, planResults, type PlannedResult, type ResultPlan } from './download-plan';
import { storeWithRetries } from './download-retry';
import { InvalidMediaError } from '../media/media-info';
import type { MediaInspector } from '../media/media-inspector';
import { ResultFetchError, type ResultFetcher, type ResultSource } from './result-fetch';
import type { ResultStaging } from './staging';
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
  /** Where a result's row and a job's end are committed, on disk before anything goes on (durable). */
  writes: GroupedWrites;
  events: EngineEvents;
  tracker: WorkTracker;
  limits: DownloadLimits;
  /** Modes of the folders and files it writes. */
  modes: FileModes;
  clock: Clock;
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
    const plan = await planResults(db, this.deps.staging, job, entry);
    if ('failure' in plan) {
      await this.finish(job, 'failed', { errorCode: plan.failure.code, errorMessage: plan.failure.message }, null);
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
    if (problems.length === 0) await this.finish(job, 'done', note, plan);
    else if (saved === 0 && characters > 0) {
      // The character the task made is in the registry: the job has a result, only the video is missing.
      const message = `The character was saved, but the video could not be: ${problems[0]?.message ?? ''}`;
      await this.finish(job, 'done', { errorCode: 'partial', errorMessage: message }, plan);
    } else if (plan.addressless && saved === 0 && !problems.some((problem) => problem.reason === 'expired')) {
      const message = noAddressMessage(plan.taskId ?? '', problems[0]?.message);
      await this.finish(job, 'failed', { errorCode: 'no_result_address', errorMessage: message }, plan);
    } else if (saved > 0) {
      const message = `${saved} of ${total} results were saved; the others could not be: ${problems[0]?.message ?? ''}`;
      await this.finish(job, 'done', { errorCode: 'partial', errorMessage: message }, plan);
    } else if (problems.some((problem) => problem.reason === 'expired')) {
      const expired = problems.find((problem) => problem.reason === 'expired');
      const message =
        expired?.message.startsWith('The result expired on the gateway') === true
          ? expired.message
          : `The result expired on the gateway before it could be downloaded. ${expired?.message ?? ''}`;
      await this.finish(job, 'expired', { errorCode: 'result_expired', errorMessage: message }, plan);
    } else {
      await this.finish(job, 'failed', { errorCode: 'download_failed', errorMessage: problems[0]?.message ?? 'The result could not be downloaded.' }, plan);
    }
  }

  private async finish(
    job: Job,
    to: 'done' | 'failed' | 'expired',
    patch: { errorCode: string | null; errorMessage: string | null },
    plan: ResultPlan | null,
  ): Promise<void> {
    const moved = await this.deps.writes.run(() => transitionJob(this.deps.db, job.id, ['downloading'], to, patch));
    this.deps.events.jobsChanged(job.id);
    if (!moved) return;
    if (plan?.staged) void this.deps.staging.remove(plan.staged).catch(() => undefined);
  }

  /**
   * Stores one result unless it is in the library already (row and file), trying until its
   * address expires (`download-retry.ts`).
   */
  private async storeWithRetries(job: Job, plan: ResultPlan, item: PlannedResult, kind: AssetKind): Promise<void> {
    const { db, libraryRoot } = this.deps;
    const existing = findAssetByResult(db, { taskId: plan.taskId, jobId: job.id, resultIndex: item.index });
    if (existing && (await exists(resolveInLibrary(libraryRoot, existing.filePath)))) return;
    await storeWithRetries(
      {
        db,
        events: this.deps.events,
        clock: this.deps.clock,
        clientFor: this.deps.clientFor,
        otherKeys: this.deps.otherKeys,
        retryDelayMs: this.deps.limits.retryDelayMs,
        maxRetryDelayMs: this.deps.limits.maxRetryDelayMs,
        signal: () => this.signal,
        isStopped: () => this.isStopped(),
        store: (source, keyIndex) => this.store(job, plan, item.index, source, kind, keyIndex),
        pauseUntil: (jobId, at) => this.pauseUntil(jobId, at),
      },
      job,
      plan,
      item,
    );
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
      const { asset, inserted } = await this.deps.writes.run(() =>
        insertAsset(db, {
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
        }),
      );
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
