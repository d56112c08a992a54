/**
 * The job engine's lifecycle: builds the queue, the poller, the downloader, the reconciler and
 * the character registry over the library database (engine-services.ts), starts and stops them,
 * and tells when nothing is left to do. What the studio and the headless CLI ask of it goes
 * through `queries` (the read side, job-queries.ts) and `commands` (the write side,
 * job-commands.ts). `connectionFor(profileId)` hands it the gateway client of a job's profile
 * (the studio's active profile or demo gateway; the CLI's single gateway).
 */
import { activeJobStates, batchOutcome, isBatchOpen } from '../../../shared/jobs/job-states';
import type { LibraryDatabase } from '../library';
import { batchJobCounts, deleteUnfinishedBatches, getBatch, setBatchStatus } from './store';
import type { CharacterService } from './characters';
import { countJobsInStates, hasRunnableQueuedJobs } from './engine-queries';
import type { JobEngineOptions } from './engine-types';
import type { FlushedBatches, JobEngineListener } from './events';
import { JobCommands } from './job-commands';
import { JobQueries } from './job-queries';
import { recoverAfterRestart, type RecoveryReport } from './recovery';
import { ResultStaging } from './staging';
import { IdleWaiters } from './idle-waiters';
import { buildEngineServices, type EngineServices } from './engine-services';
import { abortedWith, sleep } from '../lifecycle/clock';
import { DisposableStore } from '../lifecycle/disposable';

export { BatchValidationError, type BatchDetail, type EngineJobInput, type JobEngineOptions } from './engine-types';

/**
 * Start it once (`start()` recovers what a previous process left), create batches or single
 * jobs through `commands`, read through `queries`, listen with `onChange`, and `stop()` it at
 * shutdown. One engine per library database.
 */
export class JobEngine {
  /** The read side: jobs, batches, pages, estimates, the queue's state. */
  readonly queries: JobQueries;
  /** The write side: everything the artist asks the engine to do. */
  readonly commands: JobCommands;
  readonly characters: CharacterService;
  private readonly db: LibraryDatabase;
  private readonly services: EngineServices;
  private readonly idle = new IdleWaiters(
    () => this.isIdle(),
    () => this.describeWork(),
  );
  private started = false;
  private stopping: Promise<void> | undefined;

  constructor(private readonly options: JobEngineOptions) {
    this.db = options.db;
    this.services = buildEngineServices(options);
    const { events, queue, tracker } = this.services;
    this.characters = this.services.characters;
    this.queries = new JobQueries(this.db, queue);
    this.commands = new JobCommands({ ...this.services, db: this.db, options, checkIdle: () => this.checkIdle() });
    events.onFlushed((changed) => {
      this.settleBatches(changed);
      queue.pump();
      this.checkIdle();
    });
    tracker.onSettled(() => this.checkIdle());
  }

  /** Recovers from a crash or restart, then starts submitting, polling and downloading. */
  async start(): Promise<RecoveryReport> {
    if (this.stopping) throw new Error('A stopped job engine cannot start again; make a new one.');
    const { keys, downloader, poller, reconciler, queue, events } = this.services;
    // A batch the process was still storing when it ended was never the artist's: it goes, whole.
    deleteUnfinishedBatches(this.db);
    const report = await recoverAfterRestart(this.db, new ResultStaging(this.options.libraryRoot), this.options.libraryRoot);
    this.started = true;
    keys.applyKeyMode();
    keys.forgetEnded();
    downloader.start();
    for (const jobId of report.downloads) downloader.enqueue(jobId);
    poller.start();
    reconciler.start();
    queue.start();
    events.jobsChanged(...report.unknown, ...report.stagedResults);
    return report;
  }

  /** Stops every timer; lets submissions on the wire finish (up to `stopGraceMs`), aborts polls and downloads (they resume at the next start). */
  async stop(): Promise<void> {
    this.stopping ??= this.shutDown();
    await this.stopping;
  }

  private async shutDown(): Promise<void> {
    const { queue, poller, downloader, reconciler, tracker, events, fetcher, keys, clock } = this.services;
    this.started = false;
    queue.stop();
    poller.stop();
    downloader.stop();
    reconciler.stop();
    // The grace timer is cancelled once the submissions drain, so it never holds the process open.
    const grace = new DisposableStore();
    const drained = abortedWith(grace);
    await Promise.race([tracker.drain().finally(() => grace.dispose()), sleep(clock, this.options.stopGraceMs ?? 10_000, drained)]);
    queue.abortSubmissions();
    await tracker.drain();
    events.flush();
    await Promise.all([fetcher.close(), keys.close()]);
    this.checkIdle();
  }

  /** Listens to job, batch, queue, library, character and balance events; returns the unsubscribe. */
  onChange(listener: JobEngineListener): () => void {
    return this.services.events.subscribe(listener);
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
    return this.services.tracker.quiet();
  }

  /**
   * Batches (of jobs that just changed) whose jobs have all ended become `done`; every one of them
   * goes out again, so a batch's counts and cost stay live while its jobs move (the timeline's
   * progress), not only when its status changes.
   */
  private settleBatches({ batchIds, withEndedJobs }: FlushedBatches): void {
    if (!this.db.isOpen) return;
    for (const id of batchIds) {
      const batch = getBatch(this.db, id);
      if (!batch) continue;
      // Counting a thousand jobs at every flush held the loop: a batch only finishes when one of its jobs ends.
      if (withEndedJobs.has(id) && isBatchOpen(batch.status) && batchOutcome(batchJobCounts(this.db, id)).finished) {
        setBatchStatus(this.db, batch.id, 'done');
        this.services.keys.forget(batch.id);
      }
      this.services.events.batchChanged(batch.id, null);
    }
  }

  private isIdle(): boolean {
    const { events, tracker, queue, reconciler } = this.services;
    if (!this.db.isOpen) return true;
    if (events.pending || tracker.size > 0 || countJobsInStates(this.db, activeJobStates) > 0) return false;
    if (this.started && !queue.paused && hasRunnableQueuedJobs(this.db)) return false;
    return !this.started || reconciler.automatic().length === 0;
  }

  private describeWork(): string {
    const { tracker, reconciler } = this.services;
    const active = countJobsInStates(this.db, activeJobStates);
    const queued = hasRunnableQueuedJobs(this.db) ? 'queued jobs waiting' : 'no runnable queued job';
    return `${tracker.size} operations running, ${active} jobs in flight, ${queued}, ${reconciler.automatic().length} unknown jobs to reconcile`;
  }

  private checkIdle(): void {
    this.idle.check();
  }
}
