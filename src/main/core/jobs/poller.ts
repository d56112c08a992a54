/**
 * The one polling scheduler: a single timer wakes at the earliest `next_poll_at` of the pending
 * tasks (persisted, so a restart resumes every unfinished task), polls what is due on each
 * task's own route, records what it learned and schedules the next poll at the family's cadence.
 * A 429 slows everything down through the shared rate gate; a task past its deadline ends its
 * job with a clear failure; a status the studio does not understand keeps the task pending.
 */
import type { NormalizedTask } from '../../../shared/gateway/task-record';
import type { GatewayClient } from '../gateway/client';
import { GatewayError } from '../gateway/gateway-error';
import { createLogger } from '../log';
import { getJob, listDueTasks, nextPollTime, recordPoll, transitionJob, type Job, type LibraryDatabase, type Task } from '../library';
import { describeDuration, familyTiming, timingFor, type PollTiming, type PollTimingOverrides } from './cadence';
import type { CharacterService } from './characters';
import { latestTask, setTaskNextPoll } from './engine-queries';
import type { EngineEvents } from './events';
import { entryOf } from './job-request';
import type { RateGate } from './rate-gate';
import type { ResultStaging } from './staging';
import { serviceAbortController, type WorkTracker } from './work-tracker';

const log = createLogger('poller');

/** Consecutive definite refusals (4xx) of a task's polls before its job fails. */
const MAX_REFUSED_POLLS = 3;

export interface PollerDeps {
  db: LibraryDatabase;
  clientFor: (job: Job) => Promise<GatewayClient>;
  gate: RateGate;
  timings: PollTimingOverrides;
  events: EngineEvents;
  tracker: WorkTracker;
  staging: ResultStaging;
  characters: CharacterService;
  /** Polls in flight at once. */
  maxParallel: number;
  /** A job's results are ready to download. */
  onResultsReady: (jobId: string) => void;
}

export class TaskPoller {
  private timer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<string>();
  private readonly refusals = new Map<string, number>();
  private abort = serviceAbortController();
  private stopped = true;

  constructor(private readonly deps: PollerDeps) {}

  start(): void {
    this.stopped = false;
    this.abort = serviceAbortController();
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    this.abort.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Re-reads when the next poll is due (after a new task was recorded). */
  wake(): void {
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const next = nextPollTime(this.deps.db);
    if (next === null) return;
    const at = Math.max(next, this.deps.gate.opensAt);
    this.timer = setTimeout(() => this.tick(), Math.max(0, at - Date.now()));
  }

  private tick(): void {
    this.timer = undefined;
    if (this.stopped) return;
    if (this.deps.gate.waitMs() > 0) {
      this.schedule();
      return;
    }
    const room = this.deps.maxParallel - this.inFlight.size;
    const due = room > 0 ? listDueTasks(this.deps.db, { now: Date.now(), limit: room + this.inFlight.size }) : [];
    for (const task of due) {
      if (this.inFlight.size >= this.deps.maxParallel) break;
      if (this.inFlight.has(task.id)) continue;
      this.inFlight.add(task.id);
      // Hold the task while its poll is out, so the timer does not wake for it again.
      setTaskNextPoll(this.deps.db, task.id, Date.now() + this.timingOf(task).intervalMs);
      this.deps.tracker.run(`poll of task ${task.id}`, async () => {
        try {
          await this.poll(task);
        } finally {
          this.inFlight.delete(task.id);
          this.schedule();
        }
      });
    }
    this.schedule();
  }

  private timingOf(task: Task, job?: Job): PollTiming {
    const entry = job ? entryOf(job) : undefined;
    return entry ? timingFor(entry, task.family, this.deps.timings) : familyTiming(task.family, this.deps.timings);
  }

  private async poll(task: Task): Promise<void> {
    const { db, events } = this.deps;
    const job = getJob(db, task.jobId);
    if (!job || (job.state !== 'submitted' && job.state !== 'running') || latestTask(db, job.id)?.id !== task.id) {
      // Canceled, finished, or an earlier submission of a retried job: the task is not followed any more.
      setTaskNextPoll(db, task.id, null);
      return;
    }
    const timing = this.timingOf(task, job);
    // Past the deadline the task still gets this last poll: a result that is there is collected.
    const pastDeadline = task.deadlineAt !== null && Date.now() >= task.deadlineAt;
    let record: NormalizedTask;
    try {
      const client = await this.deps.clientFor(job);
      record = await client.tasks.pollPath(task.pollRoute, task.family, { signal: this.abort.signal });
    } catch (error) {
      if (this.isStopped()) return;
      // A throttled poll is the gateway's doing, not the task's: keep trying a while longer.
      const throttled = error instanceof GatewayError && error.status === 429;
      const graceOver = task.deadlineAt !== null && Date.now() >= task.deadlineAt + timing.deadlineMs;
      if (pastDeadline && (!throttled || graceOver)) this.failOnDeadline(job, task, timing, error);
      else this.pollFailed(job, task, timing, error);
      return;
    }
    this.deps.gate.succeeded();
    this.refusals.delete(task.id);
    if (pastDeadline && record.state !== 'completed' && record.state !== 'failed') this.failOnDeadline(job, task, timing);
    else await this.apply(job, task, timing, record);
    events.jobsChanged(job.id);
  }

  /** A method, not a field read, so checks after an await are not narrowed away. */
  private isStopped(): boolean {
    return this.stopped;
  }

  private async apply(job: Job, task: Task, timing: PollTiming, record: NormalizedTask): Promise<void> {
    const { db } = this.deps;
    const basics = { rawStatus: record.rawStatus ?? null, lastError: null };
    switch (record.state) {
      case 'completed':
        await this.completed(job, task, record);
        return;
      case 'failed':
        db.transaction(() => {
          recordPoll(db, task.id, { ...basics, state: 'failed', progress: record.progress, nextPollAt: null });
          transitionJob(db, job.id, ['submitted', 'running'], 'failed', {
            errorCode: record.errorCode ?? 'task_failed',
            errorMessage: record.errorMessage ?? 'The gateway reported that the task failed, without a reason.',
            gatewayMessage: record.errorMessage ?? null,
          });
        });
        return;
      default:
        if (record.state === 'unknown') log.warn(`task ${task.id}: status "${record.rawStatus ?? ''}" not understood; still waiting`);
        db.transaction(() => {
          recordPoll(db, task.id, { ...basics, state: record.state, progress: record.progress, nextPollAt: Date.now() + timing.intervalMs });
          if (record.state === 'running') transitionJob(db, job.id, ['submitted'], 'running');
        });
    }
  }

  private async completed(job: Job, task: Task, record: NormalizedTask): Promise<void> {
    const { db } = this.deps;
    const finished = {
      state: 'completed' as const,
      progress: 100,
      rawStatus: record.rawStatus ?? null,
      resultUrls: record.resultUrls,
      expiresAt: record.expiresAt === undefined ? null : record.expiresAt * 1000,
      nextPollAt: null,
      lastError: null,
    };
    if (task.family === 'character') {
      const saved = this.deps.characters.record(record, { taskId: task.id, profileId: job.profileId });
      db.transaction(() => {
        recordPoll(db, task.id, finished);
        if (saved.length > 0) transitionJob(db, job.id, ['submitted', 'running'], 'done', { errorCode: null, errorMessage: null });
        else transitionJob(db, job.id, ['submitted', 'running'], 'failed', { errorCode: 'no_character', errorMessage: 'The character task completed without any character.' });
      });
      return;
    }
    // Base64 inlined in the record exists nowhere else: stage it before the job moves on.
    if (record.resultUrls.length === 0 && record.resultB64.length > 0) {
      await this.deps.staging.write({ taskId: task.id }, { receivedAt: Date.now(), results: record.resultB64.map((b64) => ({ b64 })) });
    }
    const moved = db.transaction(() => {
      recordPoll(db, task.id, finished);
      return transitionJob(db, job.id, ['submitted', 'running'], 'downloading', { errorCode: null, errorMessage: null });
    });
    if (moved) this.deps.onResultsReady(job.id);
  }

  private failOnDeadline(job: Job, task: Task, timing: PollTiming, lastError?: unknown): void {
    const { db } = this.deps;
    // The task's own deadline: it may come from another route than its variant usually uses.
    const waited = describeDuration(task.deadlineAt === null ? timing.deadlineMs : task.deadlineAt - task.createdAt);
    const why = lastError === undefined ? '' : ` The last poll failed: ${lastError instanceof Error ? lastError.message : 'unknown error'}`;
    const message =
      `No result after ${waited} (the deadline for ${task.family} tasks). The gateway may still finish task ${task.id}; ` +
      `the studio stopped waiting for it. Retry the job to submit it again.${why}`;
    db.transaction(() => {
      recordPoll(db, task.id, { state: 'failed', nextPollAt: null, lastError: message });
      transitionJob(db, job.id, ['submitted', 'running'], 'failed', { errorCode: 'deadline', errorMessage: message });
    });
    this.deps.events.jobsChanged(job.id);
  }

  private pollFailed(job: Job, task: Task, timing: PollTiming, error: unknown): void {
    const { db, gate } = this.deps;
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof GatewayError && error.status === 429) {
      const until = gate.rateLimited(error.retryAfterMs);
      recordPoll(db, task.id, { lastError: message, nextPollAt: Math.max(until, Date.now() + timing.intervalMs) });
      return;
    }
    const refused = error instanceof GatewayError && error.status !== undefined && error.status >= 400 && error.status < 500 && !error.retryable;
    const refusals = refused ? (this.refusals.get(task.id) ?? 0) + 1 : 0;
    this.refusals.set(task.id, refusals);
    if (refusals >= MAX_REFUSED_POLLS) {
      this.refusals.delete(task.id);
      db.transaction(() => {
        recordPoll(db, task.id, { state: 'failed', nextPollAt: null, lastError: message });
        transitionJob(db, job.id, ['submitted', 'running'], 'failed', {
          errorCode: 'poll_refused',
          errorMessage: `The gateway refused to report on task ${task.id} ${refusals} times: ${message}`,
          gatewayMessage: error instanceof GatewayError ? (error.gatewayMessage ?? null) : null,
        });
      });
      this.deps.events.jobsChanged(job.id);
      return;
    }
    // Transient: keep the task pending and come back later, a little slower each time.
    const backoff = Math.min(timing.intervalMs * 2 ** Math.min(refusals + 1, 4), 60_000);
    recordPoll(db, task.id, { lastError: message, nextPollAt: Date.now() + backoff });
    this.deps.events.jobsChanged(job.id);
  }
}
