/**
 * Reconciliation of `unknown` jobs that sent a `client_business_id` (omni video): the gateway
 * can be asked for the task by that id (`GET /v1/videos/generations/{client_business_id}`).
 * Found: the task is recorded and followed like any other. Not found: the submission did not
 * arrive, and once a grace period has passed since the job became unknown (a POST may still be
 * on its way through a slow gateway) the job goes back to the queue without the user. Jobs of
 * other variants stay `unknown` until the user resolves them. The user may also ask at once
 * ("Look up on the gateway", `lookUp`).
 */
import { taskPollFor, taskPollPath } from '../../../shared/catalog';
import type { GatewayClient } from '../gateway/client';
import { GatewayError } from '../gateway/gateway-error';
import { createLogger } from '../log';
import type { LibraryDatabase } from '../library';
import { getJob, getTask, insertTask, listJobsInStates, transitionJob, type Job } from './store';
import { timingForPoll, type PollTimingOverrides } from './cadence';
import type { EngineEvents } from './events';
import { entryOf, supportsBusinessId } from './job-request';
import type { WorkTracker } from './work-tracker';
import { abortedWith, type Clock } from '../lifecycle/clock';
import { DisposableStore } from '../lifecycle/disposable';
import { RunOnceScheduler } from '../lifecycle/scheduler';

const log = createLogger('reconciler');

export interface ReconcilerOptions {
  /** How long after a job became unknown the reconciler keeps looking it up by itself; later only the artist's look-up asks. */
  graceMs: number;
  /** Pause between two rounds of look-ups while reconcilable jobs remain. */
  intervalMs: number;
}

export const DEFAULT_RECONCILER_OPTIONS: ReconcilerOptions = { graceMs: 10 * 60_000, intervalMs: 15_000 };

/**
 * What a look-up found: the task (now followed), no task (`not_found`: the job stays `unknown`
 * for the artist's decision, never resent without it), or no answer (`unavailable`).
 */
export type LookUpOutcome = 'found' | 'not_found' | 'unavailable';

export interface ReconcilerDeps {
  db: LibraryDatabase;
  events: EngineEvents;
  tracker: WorkTracker;
  clientFor: (job: Job) => Promise<GatewayClient>;
  timings: PollTimingOverrides;
  options: ReconcilerOptions;
  onFound: () => void;
  clock: Clock;
}

/** Unknown jobs the gateway can be asked about. */
function reconcilableJobs(db: LibraryDatabase): Job[] {
  return listJobsInStates(db, ['unknown']).filter((job) => {
    const entry = entryOf(job);
    return job.clientBusinessId !== null && entry !== undefined && supportsBusinessId(entry);
  });
}

/** Unknown jobs the reconciler still looks up by itself: those that became unknown less than `graceMs` ago. */
function autoReconcilableJobs(db: LibraryDatabase, now: number, graceMs: number): Job[] {
  return reconcilableJobs(db).filter((job) => now - job.updatedAt < graceMs);
}

export class UnknownReconciler {
  private running = false;
  /** What one run (start to stop) holds: the timer of the next round and the signal look-ups listen to. */
  private run = DisposableStore.disposed();
  private signal = abortedWith(this.run);
  private timer: RunOnceScheduler | undefined;

  constructor(private readonly deps: ReconcilerDeps) {}

  start(): void {
    this.run = new DisposableStore();
    this.signal = abortedWith(this.run);
    this.timer = this.run.add(new RunOnceScheduler(() => this.wake(), this.deps.options.intervalMs, this.deps.clock));
    this.wake();
  }

  stop(): void {
    this.run.dispose();
  }

  private get stopped(): boolean {
    return this.run.isDisposed;
  }

  /** Runs a round now (a job just became unknown, or the engine started). */
  wake(): void {
    if (this.stopped || this.running) return;
    this.timer?.cancel();
    this.running = true;
    this.deps.tracker.run('reconciliation of unknown jobs', async () => {
      try {
        for (const job of this.automatic()) {
          if (this.stopped) return;
          await this.reconcile(job);
        }
      } finally {
        this.running = false;
        this.scheduleNext();
      }
    });
  }

  private scheduleNext(): void {
    if (this.stopped || this.timer?.isScheduled() || !this.deps.db.isOpen) return;
    if (this.automatic().length === 0) return;
    this.timer?.schedule();
  }

  /** The jobs the automatic rounds still look up. */
  automatic(): Job[] {
    return autoReconcilableJobs(this.deps.db, this.deps.clock.now(), this.deps.options.graceMs);
  }

  /** Looks an unknown job up on the gateway now (the user asked); throws for a job that cannot be looked up. */
  async lookUp(jobId: string): Promise<LookUpOutcome> {
    const job = reconcilableJobs(this.deps.db).find((candidate) => candidate.id === jobId);
    if (!job) throw new Error(`Job ${jobId} is not an unknown job that the gateway can be asked about.`);
    return this.reconcile(job);
  }

  private async reconcile(job: Job): Promise<LookUpOutcome> {
    const businessId = job.clientBusinessId;
    const entry = entryOf(job);
    if (businessId === null || entry === undefined) return 'unavailable';
    const { db, events } = this.deps;
    let taskId: string | undefined;
    try {
      const client = await this.deps.clientFor(job);
      const record = await client.tasks.pollVideo(businessId, { signal: this.signal });
      taskId = record.taskId;
    } catch (error) {
      if (this.stopped) return 'unavailable';
      // Not there (yet, or on a deployment whose look-up misses): sending it again would be a second
      // charge nobody agreed to, so the job stays unknown for the artist to decide.
      if (error instanceof GatewayError && error.knownCase === 'task_not_found') return 'not_found';
      log.warn(`job ${job.id}: look-up by business id failed (${error instanceof Error ? error.message : String(error)})`);
      return 'unavailable';
    }
    if (taskId === undefined) return 'unavailable';
    const poll = taskPollFor(entry);
    const family = poll.cadence;
    const timing = timingForPoll(poll, family, this.deps.timings, job.request);
    const now = this.deps.clock.now();
    const found = taskId;
    const recorded = db.transaction(() => {
      const inserted = insertTask(db, {
        id: found,
        jobId: job.id,
        family,
        pollRoute: taskPollPath(entry, found),
        nextPollAt: now,
        deadlineAt: now + timing.deadlineMs,
        createdAt: now,
      });
      if (!inserted && getTask(db, found)?.jobId !== job.id) return false;
      return transitionJob(db, job.id, ['unknown'], 'submitted', { errorCode: null, errorMessage: null, answerStyle: 'task', rawAnswer: null });
    });
    // A look-up that raced another (the automatic round, the artist's) found the same task: it is followed.
    if (!recorded) return getTask(db, found)?.jobId === job.id && getJob(db, job.id)?.state !== 'unknown' ? 'found' : 'unavailable';
    log.info(`job ${job.id}: found task ${found} by business id ${businessId}`);
    events.jobsChanged(job.id);
    this.deps.onFound();
    return 'found';
  }
}
