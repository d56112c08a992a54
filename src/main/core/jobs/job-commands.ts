/**
 * The job engine's write side: everything the artist (or the CLI) asks the engine to do: create,
 * queue, pause, resume, cancel, retry, reorder, check now, download again, look up, submit again.
 * Each command changes rows, says so through the engine's events and wakes the service that acts
 * on it; what a command answers is read back from the library.
 */
import { isActive, isOnGateway } from '../../../shared/jobs/job-states';
import { namedCharacters } from '../library';
import type { Clock } from '../lifecycle/clock';
import { createBatch, type BatchCreationDeps } from './batch-creation';
import type { ResultDownloader } from './downloader';
import { jobsWaitingForKey, latestTask, setTaskNextPoll } from './engine-queries';
import { BatchValidationError, prepareJobs, type CreateBatchInput, type EngineJobInput } from './engine-types';
import { jobDetail, type JobDetail } from './events';
import * as actions from './job-actions';
import type { TaskPoller } from './poller';
import type { JobQueue, QueueLimits } from './queue';
import type { LookUpOutcome, UnknownReconciler } from './reconciler';
import { getBatch, insertJob, reorderJobs, setBatchNote, setBatchOptions, setBatchStatus, transitionJob, type Batch, type Job } from './store';

/** What creating a batch needs (db, events, keys, options), and the services the other commands wake. */
export interface JobCommandDeps extends BatchCreationDeps {
  queue: JobQueue;
  poller: TaskPoller;
  downloader: ResultDownloader;
  reconciler: UnknownReconciler;
  clock: Clock;
  /** Jobs the user canceled while their POST was out. */
  cancelRequests: Set<string>;
  /** Tells the engine's idle waiters that what the engine would do by itself may have changed. */
  checkIdle: () => void;
}

export class JobCommands {
  constructor(private readonly deps: JobCommandDeps) {}

  /** Validates every job against its variant, optionally mints the dedicated key, then stores the batch and its jobs (batch-creation.ts). */
  createBatch(input: CreateBatchInput): Promise<{ batch: Batch; jobs: Job[] }> {
    return createBatch(this.deps, input);
  }

  /** Queues one job outside any batch. */
  enqueue(input: EngineJobInput & { profileId?: string | null }): Job {
    const { db, events } = this.deps;
    const [prepared] = prepareJobs([input], namedCharacters(db));
    if (!prepared) throw new BatchValidationError([]);
    const job = insertJob(db, { ...prepared, profileId: input.profileId ?? null, state: 'queued' });
    events.emit({ type: 'job.added', jobId: job.id });
    events.jobsChanged(job.id);
    return job;
  }

  /** Moves a batch's draft jobs into the queue. */
  enqueueBatch(batchId: string): void {
    const ids = actions.draftJobIds(this.deps.db, batchId);
    for (const id of ids) transitionJob(this.deps.db, id, ['draft'], 'queued');
    this.deps.events.jobsChanged(...ids);
  }

  /** Pauses all submissions (kept across restarts). Tasks already accepted keep being polled and downloaded. */
  pause(): void {
    this.deps.queue.pause();
    this.deps.checkIdle();
  }

  resume(): void {
    this.deps.queue.resume();
  }

  pauseBatch(batchId: string): void {
    const batch = this.requireBatch(batchId);
    if (batch.status === 'active') setBatchStatus(this.deps.db, batchId, 'paused');
    this.deps.events.batchChanged(batchId, null);
    this.deps.checkIdle();
  }

  resumeBatch(batchId: string): void {
    const { db } = this.deps;
    const batch = this.requireBatch(batchId);
    db.transaction(() => {
      if (batch.status === 'paused') setBatchStatus(db, batchId, 'active');
      setBatchNote(db, batchId, null);
    });
    this.deps.events.batchChanged(batchId, null);
    this.deps.queue.pump();
  }

  /** Changes a batch's credit floor (null removes it). */
  setBatchBudget(batchId: string, creditFloor: number | null): void {
    const batch = this.requireBatch(batchId);
    const { creditBudget: _previous, ...rest } = batch.options;
    setBatchOptions(this.deps.db, batchId, creditFloor === null ? rest : { ...rest, creditBudget: creditFloor });
  }

  /** Changes the queue's caps while it runs (the concurrency setting); jobs in flight are never stopped. */
  setConcurrency(limits: Partial<QueueLimits>): void {
    this.deps.queue.setLimits(limits);
  }

  cancelJob(jobId: string): actions.CancelReport {
    return actions.cancelJob(this.deps, jobId);
  }

  cancelBatch(batchId: string): actions.CancelReport[] {
    const reports = actions.cancelBatch(this.deps, batchId);
    this.deps.keys.forget(batchId);
    return reports;
  }

  retryJob(jobId: string): void {
    actions.retryJob(this.deps, jobId);
  }

  /** Puts a batch's jobs in this order (ids not named keep their relative order after). */
  reorder(batchId: string, orderedJobIds: readonly string[]): void {
    this.requireBatch(batchId);
    reorderJobs(this.deps.db, batchId, orderedJobIds);
    this.deps.events.jobsChanged(...orderedJobIds);
  }

  /** The user's decision on a job of unknown outcome: `resubmit` (knowingly, may pay twice) or `discard`. */
  resolveUnknown(jobId: string, choice: 'resubmit' | 'discard'): void {
    actions.resolveUnknown(this.deps, jobId, choice);
  }

  /**
   * Sends a job's request again as a new job (a new, paid submission) while the first one is still
   * followed: the artist's explicit choice for a job still running on the gateway.
   */
  submitAgain(jobId: string): JobDetail {
    const copy = actions.submitAgain(this.deps, jobId);
    this.deps.queue.pump();
    return this.requireJob(copy.id);
  }

  /**
   * Polls a job's task on the gateway at once ("Check now"), whatever its schedule: one still
   * running past its deadline, or one waiting for a usable key; a download waiting for its next
   * try is tried at once. Resolves with the job once the answer is recorded.
   */
  async checkNow(jobId: string): Promise<JobDetail> {
    const job = this.requireJob(jobId);
    const task = latestTask(this.deps.db, jobId);
    if (job.state === 'downloading') {
      this.deps.downloader.retryNow(jobId);
      return job;
    }
    if (!isOnGateway(job.state) || !task) {
      throw new actions.JobActionError(`Only a job the gateway is still working on can be checked; this one is ${job.state}.`, 'invalid_state');
    }
    await this.deps.poller.pollNow(task.id);
    this.deps.events.flush();
    return this.requireJob(jobId);
  }

  /**
   * Fetches a job's result again, free, while it is still valid on the gateway: a download
   * waiting for its next try goes at once; a job whose download failed goes back to downloading.
   */
  downloadAgain(jobId: string): JobDetail {
    const { db, downloader, events } = this.deps;
    const job = this.requireJob(jobId);
    if (job.state === 'downloading') {
      if (!downloader.retryNow(jobId)) downloader.enqueue(jobId);
      return job;
    }
    const validUntil = job.resultValidUntil;
    if (job.state !== 'failed' || validUntil === null || this.deps.clock.now() >= validUntil) {
      throw new actions.JobActionError(
        `Only a job whose result is still valid on the gateway can be downloaded again; this one is ${job.state}.`,
        'invalid_state',
      );
    }
    if (!transitionJob(db, jobId, ['failed'], 'downloading', { errorCode: null, errorMessage: null })) {
      throw new actions.JobActionError('The job changed meanwhile; look again.', 'invalid_state');
    }
    actions.reopenBatch(this.deps, job.batchId);
    downloader.enqueue(jobId);
    events.jobsChanged(jobId);
    events.flush();
    return this.requireJob(jobId);
  }

  /** Asks the gateway now whether an `unknown` job's submission arrived (omni: by `client_business_id`). */
  async lookUp(jobId: string): Promise<{ outcome: LookUpOutcome; job: JobDetail }> {
    const before = this.requireJob(jobId);
    let outcome: LookUpOutcome;
    try {
      outcome = await this.deps.reconciler.lookUp(jobId);
    } catch (error) {
      // The automatic look-up may have found it a moment before: say so rather than refuse.
      const followed = before.clientBusinessId !== null && before.taskId !== null && isActive(before.state);
      if (followed) return { outcome: 'found', job: before };
      throw new actions.JobActionError(error instanceof Error ? error.message : String(error), 'invalid_state');
    }
    this.deps.events.flush();
    return { outcome, job: this.requireJob(jobId) };
  }

  /**
   * A profile's key changed (or the studio holds another): every job waiting for a usable key
   * asks again at once.
   */
  keysChanged(): void {
    const { db, downloader, poller } = this.deps;
    const waiting = jobsWaitingForKey(db);
    for (const job of waiting) {
      if (job.state === 'downloading') downloader.retryNow(job.id);
      else {
        const task = latestTask(db, job.id);
        if (task) setTaskNextPoll(db, task.id, this.deps.clock.now());
      }
    }
    if (waiting.length > 0) poller.wake();
  }

  /** Applies the session-only key mode after it changed (sealed batch keys move off or back onto disk). */
  applyKeyMode(): void {
    this.deps.keys.applyKeyMode();
  }

  private requireJob(jobId: string): JobDetail {
    const job = jobDetail(this.deps.db, jobId);
    if (!job) throw new actions.JobActionError(`There is no job ${jobId}.`, 'not_found');
    return job;
  }

  private requireBatch(batchId: string): Batch {
    const batch = getBatch(this.deps.db, batchId);
    if (!batch) throw new actions.JobActionError(`There is no batch ${batchId}.`, 'not_found');
    return batch;
  }
}
