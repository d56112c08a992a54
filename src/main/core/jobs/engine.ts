/**
 * The job engine: wires the queue, the poller, the downloader, the reconciler and the character
 * registry over the library database, and is the one object the studio and the headless CLI use.
 * `connectionFor(profileId)` hands it the gateway client of a job's profile (the studio's active
 * profile or demo gateway; the CLI's single gateway).
 */
import { randomUUID } from 'node:crypto';
import { activeJobStates, batchOutcome, isActive, isBatchOpen, isOnGateway, pendingJobStates } from '../../../shared/jobs/job-states';
import type { BatchStatus } from '../../../shared/jobs/job-states';
import { listCreatedKeys, recordCreatedKey, type LibraryDatabase } from '../library';
import {
  batchJobCounts,
  createBatch as insertBatch,
  getBatch,
  insertJob,
  insertJobs,
  creditsByBatch,
  listBatchesPage,
  listJobsPage,
  typicalDurations,
  type JobPageRequest,
  type Page,
  type TypicalDuration,
  reorderJobs,
  setBatchNote,
  setBatchOptions,
  setBatchStatus,
  transitionJob,
  type Batch,
  type BatchOptions,
  type Job,
} from './store';
import { jobDeadlineMs, keyLifetimeMs, type BatchKeys, type MintedKey } from './batch-keys';
import type { BatchBudgets } from './budget';
import type { CharacterService } from './characters';
import type { ResultDownloader } from './downloader';
import type { CostEstimate } from '../../../shared/contract';
import { estimateBatchCost } from './cost-estimate';
import { countJobsInStates, hasRunnableQueuedJobs, jobsWaitingForKey, setTaskNextPoll } from './engine-queries';
import { jobDetail, type EngineEvents, type JobEngineListener, type JobDetail } from './events';
import { BatchValidationError, prepareJobs, type BatchDetail, type CreateBatchInput, type EngineJobInput, type JobEngineOptions } from './engine-types';
import * as actions from './job-actions';
import type { TaskPoller } from './poller';
import type { JobQueue, QueueLimits } from './queue';
import type { LookUpOutcome, UnknownReconciler } from './reconciler';
import { recoverAfterRestart, type RecoveryReport } from './recovery';
import { ResultStaging } from './staging';
import { IdleWaiters } from './idle-waiters';
import { latestTask } from './engine-queries';
import type { ResultFetcher } from './result-fetch';
import { WorkTracker } from './work-tracker';
import { buildEngineServices } from './engine-services';
import { abortedWith, sleep, type Clock } from '../lifecycle/clock';
import { DisposableStore } from '../lifecycle/disposable';

export { BatchValidationError, type BatchDetail, type CreateBatchInput, type EngineJobInput, type JobEngineOptions } from './engine-types';

/**
 * Start it once (`start()` recovers what a previous process left), create batches or single
 * jobs, listen with `onChange`, and `stop()` it at shutdown. One engine per library database.
 */
export class JobEngine {
  readonly characters: CharacterService;
  private readonly db: LibraryDatabase;
  private readonly events: EngineEvents;
  private readonly tracker = new WorkTracker();
  private readonly cancelRequests = new Set<string>();
  private readonly budgets: BatchBudgets;
  private readonly keys: BatchKeys;
  private readonly fetcher: ResultFetcher;
  private readonly queue: JobQueue;
  private readonly poller: TaskPoller;
  private readonly downloader: ResultDownloader;
  private readonly reconciler: UnknownReconciler;
  private readonly clock: Clock;
  private readonly idle = new IdleWaiters(
    () => this.isIdle(),
    () => this.describeWork(),
  );
  private started = false;
  private stopping: Promise<void> | undefined;

  constructor(private readonly options: JobEngineOptions) {
    this.db = options.db;
    const services = buildEngineServices(options, {
      tracker: this.tracker,
      cancelRequests: this.cancelRequests,
      cancelJob: (jobId) => this.cancelJob(jobId),
    });
    ({
      clock: this.clock,
      events: this.events,
      characters: this.characters,
      budgets: this.budgets,
      keys: this.keys,
      fetcher: this.fetcher,
      downloader: this.downloader,
      poller: this.poller,
      queue: this.queue,
      reconciler: this.reconciler,
    } = services);
    this.events.onFlushed((batchIds) => {
      this.settleBatches(batchIds);
      this.queue.pump();
      this.checkIdle();
    });
    this.tracker.onSettled(() => this.checkIdle());
  }

  /** Recovers from a crash or restart, then starts submitting, polling and downloading. */
  async start(): Promise<RecoveryReport> {
    if (this.stopping) throw new Error('A stopped job engine cannot start again; make a new one.');
    const report = await recoverAfterRestart(this.db, new ResultStaging(this.options.libraryRoot), this.options.libraryRoot);
    this.started = true;
    this.keys.applyKeyMode();
    this.keys.forgetEnded();
    this.downloader.start();
    for (const jobId of report.downloads) this.downloader.enqueue(jobId);
    this.poller.start();
    this.reconciler.start();
    this.queue.start();
    this.events.jobsChanged(...report.unknown, ...report.stagedResults);
    return report;
  }

  /** Stops every timer; lets submissions on the wire finish (up to `stopGraceMs`), aborts polls and downloads (they resume at the next start). */
  async stop(): Promise<void> {
    this.stopping ??= this.shutDown();
    await this.stopping;
  }

  private async shutDown(): Promise<void> {
    this.started = false;
    this.queue.stop();
    this.poller.stop();
    this.downloader.stop();
    this.reconciler.stop();
    // The grace timer is cancelled once the submissions drain, so it never holds the process open.
    const grace = new DisposableStore();
    const drained = abortedWith(grace);
    await Promise.race([this.tracker.drain().finally(() => grace.dispose()), sleep(this.clock, this.options.stopGraceMs ?? 10_000, drained)]);
    this.queue.abortSubmissions();
    await this.tracker.drain();
    this.events.flush();
    await Promise.all([this.fetcher.close(), this.keys.close()]);
    this.checkIdle();
  }

  /** Listens to job, batch, queue, library, character and balance events; returns the unsubscribe. */
  onChange(listener: JobEngineListener): () => void {
    return this.events.subscribe(listener);
  }

  /**
   * Resolves when nothing is left that the engine would do by itself: no job submitting,
   * waiting on the gateway or downloading, no runnable queued job, no reconcilable unknown job.
   */
  waitForIdle(options: { timeoutMs?: number } = {}): Promise<void> {
    return this.idle.wait(options.timeoutMs);
  }

  /**
   * Resolves once no submission, poll, download or look-up is running except those pausing on
   * the engine's clock: the engine is waiting for time to pass (a test on a virtual clock then
   * moves it on).
   */
  quiet(): Promise<void> {
    return this.tracker.quiet();
  }

  /** Validates every job against its variant, optionally mints the dedicated key, then stores the batch and its jobs. */
  async createBatch(input: CreateBatchInput): Promise<{ batch: Batch; jobs: Job[] }> {
    const profileId = input.profileId ?? null;
    const prepared = prepareJobs(input.jobs);
    let options: BatchOptions = input.options ?? {};
    const batchId = randomUUID();
    let key: MintedKey | undefined;
    if (input.dedicatedKey) {
      const base = await this.options.connectionFor(profileId);
      const lifetime = keyLifetimeMs(prepared.map((job) => jobDeadlineMs(job, this.options.pollTimings)));
      key = await this.keys.mint(
        base,
        { id: batchId, name: input.name },
        prepared.map((job) => job.model),
        input.dedicatedKey,
        lifetime,
      );
      options = { ...options, dedicatedTokenId: key.stored.tokenId, dedicatedKeyCredits: input.dedicatedKey.credits };
    }
    // The batch, its jobs and its sealed key are stored together or not at all.
    const created = this.db.transaction(() => {
      const batch = insertBatch(this.db, { id: batchId, name: input.name, options });
      const jobs = insertJobs(
        this.db,
        prepared.map((job) => ({ ...job, batchId, profileId, state: input.state ?? 'queued', preset: input.preset ?? null })),
      );
      if (key) {
        this.keys.keep(batchId, key.stored);
        recordCreatedKey(this.db, key.listing);
      }
      return { batch, jobs };
    });
    this.events.jobsChanged(...created.jobs.map((job) => job.id));
    this.events.emit({ type: 'batch.added', batchId });
    this.events.batchChanged(batchId, null);
    return created;
  }

  /** Queues one job outside any batch. */
  enqueue(input: EngineJobInput & { profileId?: string | null }): Job {
    const [prepared] = prepareJobs([input]);
    if (!prepared) throw new BatchValidationError([]);
    const job = insertJob(this.db, { ...prepared, profileId: input.profileId ?? null, state: 'queued' });
    this.events.emit({ type: 'job.added', jobId: job.id });
    this.events.jobsChanged(job.id);
    return job;
  }

  /** Moves a batch's draft jobs into the queue. */
  enqueueBatch(batchId: string): void {
    const ids = actions.draftJobIds(this.db, batchId);
    for (const id of ids) transitionJob(this.db, id, ['draft'], 'queued');
    this.events.jobsChanged(...ids);
  }

  get paused(): boolean {
    return this.queue.paused;
  }

  /** Why the queue is paused when the engine paused it itself (out of credits, no connection). */
  get pauseReason(): string | null {
    return this.queue.pauseReason;
  }

  /** Pauses all submissions (kept across restarts). Tasks already accepted keep being polled and downloaded. */
  pause(): void {
    this.queue.pause();
    this.checkIdle();
  }

  resume(): void {
    this.queue.resume();
  }

  pauseBatch(batchId: string): void {
    const batch = this.requireBatch(batchId);
    if (batch.status === 'active') setBatchStatus(this.db, batchId, 'paused');
    this.events.batchChanged(batchId, null);
    this.checkIdle();
  }

  resumeBatch(batchId: string): void {
    const batch = this.requireBatch(batchId);
    this.db.transaction(() => {
      if (batch.status === 'paused') setBatchStatus(this.db, batchId, 'active');
      setBatchNote(this.db, batchId, null);
    });
    this.events.batchChanged(batchId, null);
    this.queue.pump();
  }

  /** Changes a batch's credit floor (null removes it). */
  setBatchBudget(batchId: string, creditFloor: number | null): void {
    const batch = this.requireBatch(batchId);
    const { creditBudget: _previous, ...rest } = batch.options;
    setBatchOptions(this.db, batchId, creditFloor === null ? rest : { ...rest, creditBudget: creditFloor });
  }

  cancelJob(jobId: string): actions.CancelReport {
    return actions.cancelJob(this.actionDeps(), jobId);
  }

  cancelBatch(batchId: string): actions.CancelReport[] {
    const reports = actions.cancelBatch(this.actionDeps(), batchId);
    this.keys.forget(batchId);
    return reports;
  }

  /**
   * Polls a job's task on the gateway at once ("Check now"), whatever its schedule: one still
   * running past its deadline, or one waiting for a usable key; a download waiting for its next
   * try is tried at once. Resolves with the job once the answer is recorded.
   */
  async checkNow(jobId: string): Promise<JobDetail> {
    const job = this.requireJob(jobId);
    const task = latestTask(this.db, jobId);
    if (job.state === 'downloading') {
      this.downloader.retryNow(jobId);
      return job;
    }
    if (!isOnGateway(job.state) || !task) {
      throw new actions.JobActionError(`Only a job the gateway is still working on can be checked; this one is ${job.state}.`, 'invalid_state');
    }
    await this.poller.pollNow(task.id);
    this.events.flush();
    return this.requireJob(jobId);
  }

  /**
   * Fetches a job's result again, free, while it is still valid on the gateway: a download
   * waiting for its next try goes at once; a job whose download failed goes back to downloading.
   */
  downloadAgain(jobId: string): JobDetail {
    const job = this.requireJob(jobId);
    if (job.state === 'downloading') {
      if (!this.downloader.retryNow(jobId)) this.downloader.enqueue(jobId);
      return job;
    }
    const validUntil = job.resultValidUntil;
    if (job.state !== 'failed' || validUntil === null || this.clock.now() >= validUntil) {
      throw new actions.JobActionError(
        `Only a job whose result is still valid on the gateway can be downloaded again; this one is ${job.state}.`,
        'invalid_state',
      );
    }
    if (!transitionJob(this.db, jobId, ['failed'], 'downloading', { errorCode: null, errorMessage: null })) {
      throw new actions.JobActionError('The job changed meanwhile; look again.', 'invalid_state');
    }
    actions.reopenBatch(this.actionDeps(), job.batchId);
    this.downloader.enqueue(jobId);
    this.events.jobsChanged(jobId);
    this.events.flush();
    return this.requireJob(jobId);
  }

  /**
   * A profile's key changed (or the studio holds another): every job waiting for a usable key
   * asks again at once.
   */
  keysChanged(): void {
    const waiting = jobsWaitingForKey(this.db);
    for (const job of waiting) {
      if (job.state === 'downloading') this.downloader.retryNow(job.id);
      else {
        const task = latestTask(this.db, job.id);
        if (task) setTaskNextPoll(this.db, task.id, this.clock.now());
      }
    }
    if (waiting.length > 0) this.poller.wake();
  }

  /** Asks the gateway now whether an `unknown` job's submission arrived (omni: by `client_business_id`). */
  async lookUp(jobId: string): Promise<{ outcome: LookUpOutcome; job: JobDetail }> {
    const before = this.requireJob(jobId);
    let outcome: LookUpOutcome;
    try {
      outcome = await this.reconciler.lookUp(jobId);
    } catch (error) {
      // The automatic look-up may have found it a moment before: say so rather than refuse.
      const followed = before.clientBusinessId !== null && before.taskId !== null && isActive(before.state);
      if (followed) return { outcome: 'found', job: before };
      throw new actions.JobActionError(error instanceof Error ? error.message : String(error), 'invalid_state');
    }
    this.events.flush();
    return { outcome, job: this.requireJob(jobId) };
  }

  /**
   * Sends a job's request again as a new job (a new, paid submission) while the first one is still
   * followed: the artist's explicit choice for a job still running on the gateway.
   */
  submitAgain(jobId: string): JobDetail {
    const copy = actions.submitAgain(this.actionDeps(), jobId);
    this.queue.pump();
    return this.requireJob(copy.id);
  }

  /** The keys this studio created on gateways, newest first (never the secret). */
  createdKeys(): ReturnType<typeof listCreatedKeys> {
    return listCreatedKeys(this.db);
  }

  /** Applies the session-only key mode after it changed (sealed batch keys move off or back onto disk). */
  applyKeyMode(): void {
    this.keys.applyKeyMode();
  }

  retryJob(jobId: string): void {
    actions.retryJob(this.actionDeps(), jobId);
  }

  /** Puts a batch's jobs in this order (ids not named keep their relative order after). */
  reorder(batchId: string, orderedJobIds: readonly string[]): void {
    this.requireBatch(batchId);
    reorderJobs(this.db, batchId, orderedJobIds);
    this.events.jobsChanged(...orderedJobIds);
  }

  /** The user's decision on a job of unknown outcome: `resubmit` (knowingly, may pay twice) or `discard`. */
  resolveUnknown(jobId: string, choice: 'resubmit' | 'discard'): void {
    actions.resolveUnknown(this.actionDeps(), jobId, choice);
  }

  /** A page of batches, newest first, with their job counts, costs and the engine's note on why one stopped. */
  batchesPage(request: { statuses?: readonly BatchStatus[]; limit?: number; cursor?: string | null } = {}): Page<BatchDetail> {
    return listBatchesPage(this.db, request);
  }

  job(jobId: string): JobDetail | undefined {
    return jobDetail(this.db, jobId);
  }

  /** What these jobs would cost, from measured jobs of the same kind on this profile (see cost-meter.ts). */
  estimateCost(jobs: readonly EngineJobInput[], profileId: string | null): CostEstimate {
    return estimateBatchCost(this.db, jobs, profileId);
  }

  /** A page of jobs: a batch's in queue order, any other selection newest first. */
  jobsPage(request: JobPageRequest): Page<JobDetail> {
    const page = listJobsPage(this.db, request);
    return { items: page.items.flatMap((row) => jobDetail(this.db, row.id) ?? []), nextCursor: page.nextCursor };
  }

  /** How long jobs of these variants took lately: what the timeline's estimates rest on. */
  typicalDurations(variantIds: readonly string[]): TypicalDuration[] {
    return typicalDurations(this.db, variantIds);
  }

  /** How many jobs are waiting, being sent, running or saving (the Timeline badge). */
  get activeJobCount(): number {
    return this.db.isOpen ? countJobsInStates(this.db, pendingJobStates) : 0;
  }

  /** The queue's caps in force. */
  get concurrency(): QueueLimits {
    return this.queue.limits;
  }

  /** Changes the queue's caps while it runs (the concurrency setting); jobs in flight are never stopped. */
  setConcurrency(limits: Partial<QueueLimits>): void {
    this.queue.setLimits(limits);
  }

  batch(batchId: string): BatchDetail | undefined {
    const batch = getBatch(this.db, batchId);
    return batch && { ...batch, counts: batchJobCounts(this.db, batchId), creditsSpent: creditsByBatch(this.db, [batchId]).get(batchId) ?? null };
  }

  private actionDeps(): actions.JobActionDeps {
    return { db: this.db, events: this.events, cancelRequests: this.cancelRequests };
  }

  private requireJob(jobId: string): JobDetail {
    const job = jobDetail(this.db, jobId);
    if (!job) throw new actions.JobActionError(`There is no job ${jobId}.`, 'not_found');
    return job;
  }

  private requireBatch(batchId: string): Batch {
    const batch = getBatch(this.db, batchId);
    if (!batch) throw new actions.JobActionError(`There is no batch ${batchId}.`, 'not_found');
    return batch;
  }

  /**
   * Batches (of jobs that just changed) whose jobs have all ended become `done`; every one of them
   * goes out again, so a batch's counts and cost stay live while its jobs move (the timeline's
   * progress), not only when its status changes.
   */
  private settleBatches(batchIds: ReadonlySet<string>): void {
    if (!this.db.isOpen) return;
    for (const id of batchIds) {
      const batch = getBatch(this.db, id);
      if (!batch) continue;
      if (isBatchOpen(batch.status) && batchOutcome(batchJobCounts(this.db, id)).finished) {
        setBatchStatus(this.db, batch.id, 'done');
        this.keys.forget(batch.id);
      }
      this.events.batchChanged(batch.id, null);
    }
  }

  private isIdle(): boolean {
    if (!this.db.isOpen) return true;
    if (this.events.pending || this.tracker.size > 0 || countJobsInStates(this.db, activeJobStates) > 0) return false;
    if (this.started && !this.queue.paused && hasRunnableQueuedJobs(this.db)) return false;
    return !this.started || this.reconciler.automatic().length === 0;
  }

  private describeWork(): string {
    const active = countJobsInStates(this.db, activeJobStates);
    const queued = hasRunnableQueuedJobs(this.db) ? 'queued jobs waiting' : 'no runnable queued job';
    return `${this.tracker.size} operations running, ${active} jobs in flight, ${queued}, ${this.reconciler.automatic().length} unknown jobs to reconcile`;
  }

  private checkIdle(): void {
    this.idle.check();
  }
}
