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
import { getJob, getTask, insertTask, listJobsInStates, transitionJob, type Job, type LibraryDatabase } from '../library';
import { timingForPoll, type PollTimingOverrides } from './cadence';
import type { EngineEvents } from './events';
import { entryOf, supportsBusinessId } from './job-request';
import { serviceAbortController, type WorkTracker } from './work-tracker';

const log = createLogger('reconciler');

export interface ReconcilerOptions {
  /** Time since a job became unknown before "not found" is believed. */
  graceMs: number;
  /** Pause between two rounds of look-ups while reconcilable jobs remain. */
  intervalMs: number;
}

export const DEFAULT_RECONCILER_OPTIONS: ReconcilerOptions = { graceMs: 10 * 60_000, intervalMs: 15_000 };

/**
 * What a look-up found: the task (now followed), no task (`requeued` once the grace period is
 * over, else still `unknown`), or no answer (`unavailable`: the look-up itself failed).
 */
export type LookUpOutcome = 'found' | 'not_found' | 'requeued' | 'unavailable';

export interface ReconcilerDeps {
  db: LibraryDatabase;
  events: EngineEvents;
  tracker: WorkTracker;
  clientFor: (job: Job) => Promise<GatewayClient>;
  timings: PollTimingOverrides;
  options: ReconcilerOptions;
  onFound: () => void;
  onRequeued: () => void;
}

/** Unknown jobs the gateway can be asked about. */
export function reconcilableJobs(db: LibraryDatabase): Job[] {
  return listJobsInStates(db, ['unknown']).filter((job) => {
    const entry = entryOf(job);
    return job.clientBusinessId !== null && entry !== undefined && supportsBusinessId(entry);
  });
}

export class UnknownReconciler {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = true;
  private abort = serviceAbortController();

  constructor(private readonly deps: ReconcilerDeps) {}

  start(): void {
    this.stopped = false;
    this.abort = serviceAbortController();
    this.wake();
  }

  stop(): void {
    this.stopped = true;
    this.abort.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Runs a round now (a job just became unknown, or the engine started). */
  wake(): void {
    if (this.stopped || this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.running = true;
    this.deps.tracker.run('reconciliation of unknown jobs', async () => {
      try {
        for (const job of reconcilableJobs(this.deps.db)) {
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
    if (this.stopped || this.timer || !this.deps.db.isOpen) return;
    if (reconcilableJobs(this.deps.db).length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.wake();
    }, this.deps.options.intervalMs);
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
      const record = await client.tasks.pollVideo(businessId, { signal: this.abort.signal });
      taskId = record.taskId;
    } catch (error) {
      if (this.stopped) return 'unavailable';
      if (error instanceof GatewayError && error.knownCase === 'task_not_found') {
        if (Date.now() - job.updatedAt < this.deps.options.graceMs) return 'not_found';
        const moved = transitionJob(db, job.id, ['unknown'], 'queued', {
          errorCode: 'not_received',
          errorMessage: `The gateway has no task with business id ${businessId}: the submission never arrived, so the job is submitted again.`,
          nextAttemptAt: null,
        });
        if (moved) {
          events.jobsChanged(job.id);
          this.deps.onRequeued();
        }
        return 'requeued';
      }
      log.warn(`job ${job.id}: look-up by business id failed (${error instanceof Error ? error.message : String(error)})`);
      return 'unavailable';
    }
    if (taskId === undefined) return 'unavailable';
    const poll = taskPollFor(entry);
    const family = poll.cadence;
    const timing = timingForPoll(poll, family, this.deps.timings, job.request);
    const now = Date.now();
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
