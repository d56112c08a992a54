/**
 * The engine's outlet for changes. Job changes are coalesced (a batch of hundreds of jobs moving
 * at once gives a few `jobs.changed` with fresh rows, JOBS_PER_FLUSH a turn); other events go out as they happen. The
 * studio forwards them to the contract's events (`jobs.changed`, `library.added`,
 * `account.balance`); the CLI prints them.
 */
import { isOnGateway, isTerminal } from '../../../shared/jobs/job-states';
import type { Balance } from '../gateway/account';
import { createLogger } from '../log';
import type { BatchStatus } from '../../../shared/jobs/job-states';
import { listCharactersOfTask, listJobAssets, type Asset, type LibraryDatabase, type StoredCharacter } from '../library';
import { getBatch, getJob, type Job } from './store';
import { latestTask } from './engine-queries';
import { resultValidUntil } from './result-validity';
import { turnBudget, TurnShare } from '../lifecycle/turn-budget';

const log = createLogger('job-engine');

/**
 * Jobs read and sent out per turn of the event loop by the coalesced flush, at most (fewer once
 * the turn's budget is spent); more wait for the next turn. Reading a thousand jobs that changed
 * together took a few hundred milliseconds.
 */
const JOBS_PER_FLUSH = 20;

/** A job with what its latest task and the library know (the contract's `JobView` is made from it, field by field). */
export interface JobDetail extends Job {
  taskId: string | null;
  /** 0-100 from the latest poll, null before the first one. */
  progress: number | null;
  assetIds: string[];
  /** Thumbnail of the first result (a poster frame for videos), relative to the library folder. */
  thumbPath: string | null;
  /** When its task passed the time the gateway usually needs: still running there and followed; null otherwise. */
  overdueSince: number | null;
  /** `@username`s of the characters its task yielded. */
  characters: string[];
  /** Until when its result can be downloaded; null when it has no result on the gateway. */
  resultValidUntil: number | null;
}

export type JobEngineEvent =
  | { type: 'jobs.changed'; jobs: JobDetail[] }
  | { type: 'batch.changed'; batchId: string; status: BatchStatus; reason: string | null }
  /** A batch was created (with its jobs), or a job outside any batch was queued. */
  | { type: 'batch.added'; batchId: string }
  | { type: 'job.added'; jobId: string }
  | { type: 'queue.changed'; paused: boolean; reason: string | null }
  | { type: 'library.added'; asset: Asset }
  | { type: 'characters.changed'; characters: StoredCharacter[] }
  /** A balance the engine read (before budgeted submissions); `dedicatedKey` when it was a batch's own key. */
  | { type: 'balance'; profileId: string | null; dedicatedKey: boolean; balance: Balance };

export type JobEngineListener = (event: JobEngineEvent) => void;

/** The batches of the jobs one flush sent out, and those of them with a job that ended (a batch can only finish then). */
export interface FlushedBatches {
  batchIds: ReadonlySet<string>;
  withEndedJobs: ReadonlySet<string>;
}

/** The detail of one job, or undefined when it no longer exists. */
export function jobDetail(db: LibraryDatabase, id: string): JobDetail | undefined {
  const job = getJob(db, id);
  if (!job) return undefined;
  const task = latestTask(db, id);
  const assets = listJobAssets(db, id);
  const overdueSince = isOnGateway(job.state) && task?.deadlineAt != null && db.now() >= task.deadlineAt ? task.deadlineAt : null;
  return {
    ...job,
    taskId: task?.id ?? null,
    progress: job.state === 'done' ? 100 : (task?.progress ?? null),
    assetIds: assets.map((asset) => asset.id),
    thumbPath: assets.find((asset) => asset.thumbPath !== null)?.thumbPath ?? null,
    overdueSince,
    characters: task ? listCharactersOfTask(db, task.id).map((character) => character.username) : [],
    resultValidUntil: task ? resultValidUntil(task) : null,
  };
}

export class EngineEvents {
  private readonly listeners = new Set<JobEngineListener>();
  private readonly changedJobs = new Set<string>();
  private flushScheduled = false;
  private readonly share = new TurnShare();
  private readonly afterFlush: ((changed: FlushedBatches) => void)[] = [];

  constructor(private readonly db: LibraryDatabase) {}

  subscribe(listener: JobEngineListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called after every flush of job changes, with the batches of the jobs that changed. */
  onFlushed(callback: (changed: FlushedBatches) => void): void {
    this.afterFlush.push(callback);
  }

  /** Notes that jobs changed; `jobs.changed` goes out on the next turns of the event loop. */
  jobsChanged(...ids: string[]): void {
    for (const id of ids) this.changedJobs.add(id);
    if (this.flushScheduled) return;
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    this.flushScheduled = true;
    // On a later turn instead when this one's budget is already spent.
    setImmediate(() => (this.db.isOpen ? this.share.runInTurn((spent) => this.flush(JOBS_PER_FLUSH, spent)) : this.flush(JOBS_PER_FLUSH)));
  }

  emit(event: JobEngineEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        log.error(`a ${event.type} listener failed`, error);
      }
    }
  }

  batchChanged(batchId: string, reason: string | null): void {
    const batch = this.db.isOpen ? getBatch(this.db, batchId) : undefined;
    if (batch) this.emit({ type: 'batch.changed', batchId, status: batch.status, reason });
  }

  /** True while job changes wait for their flush. */
  get pending(): boolean {
    return this.flushScheduled || this.changedJobs.size > 0;
  }

  /** Emits pending job changes now (at most `limit` of them, fewer once the turn's budget is spent; the rest go on the next turns). */
  flush(limit = Number.POSITIVE_INFINITY, spent: () => boolean = turnBudget()): void {
    this.flushScheduled = false;
    const changed = { batchIds: new Set<string>(), withEndedJobs: new Set<string>() };
    if (this.changedJobs.size > 0 && this.db.isOpen) {
      const jobs: JobDetail[] = [];
      for (const id of this.changedJobs) {
        if (jobs.length >= limit || (jobs.length > 0 && spent())) break;
        this.changedJobs.delete(id);
        const job = jobDetail(this.db, id);
        if (job) jobs.push(job);
      }
      if (this.changedJobs.size > 0) this.scheduleFlush();
      for (const job of jobs) {
        if (job.batchId === null) continue;
        changed.batchIds.add(job.batchId);
        if (isTerminal(job.state)) changed.withEndedJobs.add(job.batchId);
      }
      if (jobs.length > 0) this.emit({ type: 'jobs.changed', jobs });
    }
    for (const callback of this.afterFlush) callback(changed);
  }
}
