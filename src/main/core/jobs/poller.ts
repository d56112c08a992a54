/**
 * The one polling scheduler: a single timer wakes at the earliest `next_poll_at` of the pending
 * tasks (persisted, so a restart resumes every unfinished task), polls what is due on each
 * task's own route, records what it learned and schedules the next poll at the family's cadence.
 * A 429 slows everything down through the shared rate gate; a status the studio does not
 * understand keeps the task pending. A task past its deadline is not given up: it is "still
 * running on the gateway" and polled less and less often until the gateway says it finished or
 * failed (or stops knowing it); "check now" polls it at once. With a thousand tasks in flight
 * the event loop stays free: a task whose poll is out is held in memory, not in the database,
 * and what polls learn is committed a group at a time (`GroupedWrites`). A poll refused because
 * of the key (spent, expired, disabled) never fails the job: the task is paid for and belongs to
 * the account, so other keys the studio holds are asked, else the job waits for a usable key.
 */
import type { NormalizedTask } from '../../../shared/gateway/task-record';
import { isOnGateway, onGatewayJobStates } from '../../../shared/jobs/job-states';
import type { GatewayClient } from '../gateway/client';
import { GatewayError, refusedForTheKey } from '../gateway/gateway-error';
import { createLogger } from '../log';
import type { LibraryDatabase } from '../library';
import { getJob, getTask, listDueTasks, nextPollTime, recordPoll, transitionJob, updateJob, type Job, type Task } from './store';
import { overduePollDelay, timingForPoll, type PollTiming, type PollTimingOverrides } from './cadence';
import { latestTask, setTaskNextPoll } from './engine-queries';
import type { GroupedWrites } from './grouped-writes';
import type { EngineEvents } from './events';
import { entryOf } from './job-request';
import { withAnyKey } from './key-fallback';
import type { RateGate } from './rate-gate';
import type { TaskCompletion } from './task-completion';
import type { WorkTracker } from './work-tracker';
import { abortedWith, type Clock } from '../lifecycle/clock';
import { DisposableStore } from '../lifecycle/disposable';
import { RunOnceScheduler } from '../lifecycle/scheduler';
import { turnBudget } from '../lifecycle/turn-budget';

const log = createLogger('poller');

/** Consecutive definite refusals (4xx) of a task's polls before its route is given up. */
const MAX_REFUSED_POLLS = 3;

/** How often a task whose polls are refused because of the key is asked again (at once when the key changes). */
export const KEY_WAIT_MS = 2 * 60_000;

export interface PollerDeps {
  db: LibraryDatabase;
  clientFor: (job: Job) => Promise<GatewayClient>;
  /** Clients for the other keys of the same account the studio holds (asked when `clientFor`'s key is refused). */
  otherKeys: (job: Job, base: GatewayClient) => GatewayClient[];
  gate: RateGate;
  timings: PollTimingOverrides;
  events: EngineEvents;
  tracker: WorkTracker;
  completion: TaskCompletion;
  /** Polls in flight at once. */
  maxParallel: number;
  /** Where what a poll learned is written (one commit for the polls answered together). */
  writes: GroupedWrites;
  clock: Clock;
}

export class TaskPoller {
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly refusals = new Map<string, number>();
  /** What one run (start to stop) holds: its timer and the signal its polls listen to. */
  private run = DisposableStore.disposed();
  private signal = abortedWith(this.run);
  private timer: RunOnceScheduler | undefined;

  constructor(private readonly deps: PollerDeps) {}

  start(): void {
    this.run = new DisposableStore();
    this.signal = abortedWith(this.run);
    this.timer = this.run.add(new RunOnceScheduler(() => this.tick(), 0, this.deps.clock));
    this.schedule();
  }

  stop(): void {
    this.run.dispose();
  }

  private get stopped(): boolean {
    return this.run.isDisposed;
  }

  /** Re-reads when the next poll is due (after a new task was recorded). */
  wake(): void {
    this.schedule();
  }

  /**
   * Polls a task at once, whatever its schedule ("check now"), and resolves when that poll has
   * been recorded; a poll of it already out is waited for instead of sending another.
   */
  async pollNow(taskId: string): Promise<void> {
    const running = this.inFlight.get(taskId);
    if (running) return running;
    const task = getTask(this.deps.db, taskId);
    if (this.stopped || !task) return;
    return this.launch(task);
  }

  private schedule(): void {
    if (this.stopped) return;
    // Every slot is taken: the next poll to end schedules again (waking now would find no room).
    if (this.inFlight.size >= this.deps.maxParallel) {
      this.timer?.cancel();
      return;
    }
    const next = nextPollTime(this.deps.db, [...this.inFlight.keys()]);
    if (next === null) this.timer?.cancel();
    else this.timer?.scheduleAt(Math.max(next, this.deps.gate.opensAt));
  }

  private tick(): void {
    if (this.stopped) return;
    if (this.deps.gate.waitMs() > 0) {
      this.schedule();
      return;
    }
    const room = this.deps.maxParallel - this.inFlight.size;
    const due = room > 0 ? listDueTasks(this.deps.db, { now: this.deps.clock.now(), limit: room + this.inFlight.size }) : [];
    // Each launch reads its job and task and builds its request at once: past the turn's budget the rest go on the next turn.
    const spent = turnBudget();
    let launched = 0;
    for (const task of due) {
      if (this.inFlight.size >= this.deps.maxParallel) break;
      if (this.inFlight.has(task.id)) continue;
      if (launched > 0 && spent()) {
        setImmediate(() => this.tick());
        return;
      }
      void this.launch(task);
      launched += 1;
    }
    this.schedule();
  }

  /** Polls one task in the background (tracked); resolves when it is done. */
  private launch(task: Task): Promise<void> {
    // While its poll is out the task is held by `inFlight` (the timer and the due list leave it out).
    const done = new Promise<void>((resolve) => {
      this.deps.tracker.run(`poll of task ${task.id}`, async () => {
        try {
          await this.poll(task);
        } finally {
          this.inFlight.delete(task.id);
          this.schedule();
          resolve();
        }
      });
    });
    this.inFlight.set(task.id, done);
    return done;
  }

  /** The cadence of the family the task is polled as now (its deadline is the task's own). */
  private timingOf(task: Task, job?: Job): PollTiming {
    const entry = job ? entryOf(job) : undefined;
    return timingForPoll(entry?.poll, task.family, this.deps.timings, job?.request);
  }

  private async poll(task: Task): Promise<void> {
    const { db, events } = this.deps;
    const job = getJob(db, task.jobId);
    if (!job || !isOnGateway(job.state) || latestTask(db, job.id)?.id !== task.id) {
      // Canceled, finished, or an earlier submission of a retried job: the task is not followed any more.
      setTaskNextPoll(db, task.id, null);
      return;
    }
    const current = getTask(db, task.id) ?? task;
    const timing = this.timingOf(current, job);
    let record: NormalizedTask;
    try {
      record = await this.askWithAnyKey(job, current);
    } catch (error) {
      if (this.isStopped()) return;
      if (refusedForTheKey(error)) await this.waitForKey(job, current, error);
      else await this.pollFailed(job, current, timing, error);
      return;
    }
    this.deps.gate.succeeded();
    this.refusals.delete(task.id);
    if (job.waitingFor === 'key') {
      await this.deps.writes.run(() =>
        updateJob(db, job.id, onGatewayJobStates, { waitingFor: null, waitingMessage: null, waitingSince: null, retryAt: null }),
      );
    }
    await this.apply(job, current, timing, record);
    events.jobsChanged(job.id);
  }

  /** A method, not a field read, so checks after an await are not narrowed away. */
  private isStopped(): boolean {
    return this.stopped;
  }

  /** Polls with the profile's key; when the gateway refuses that key, with each other key of the account the studio holds. */
  private askWithAnyKey(job: Job, task: Task): Promise<NormalizedTask> {
    return withAnyKey(this.deps, job, (client) => client.tasks.pollPath(task.pollRoute, task.family, { signal: this.signal }));
  }

  /**
   * Every key the studio holds was refused: the task is paid for and may finish, so the job waits
   * for a usable key (asked again slowly, at once when the key changes or on "check now").
   */
  private async waitForKey(job: Job, task: Task, error: GatewayError): Promise<void> {
    const { db } = this.deps;
    const now = this.deps.clock.now();
    const retryAt = now + KEY_WAIT_MS;
    log.warn(`task ${task.id}: the gateway refused the key (${error.message}); waiting for a usable key`);
    await this.deps.writes.run(() => {
      recordPoll(db, task.id, { lastError: error.message, nextPollAt: retryAt });
      updateJob(db, job.id, onGatewayJobStates, {
        waitingFor: 'key',
        waitingMessage: error.gatewayMessage ?? error.message,
        ...(job.waitingFor === 'key' ? {} : { waitingSince: now }),
        retryAt,
      });
    });
    this.deps.events.jobsChanged(job.id);
  }

  /** When to poll a task next: its cadence before the deadline (and once at it), ever more slowly after. */
  private nextPollAt(task: Task, timing: PollTiming, slowest = timing.intervalMs): number {
    const now = this.deps.clock.now();
    if (task.deadlineAt !== null && now >= task.deadlineAt) return now + Math.max(slowest, overduePollDelay(timing, now - task.deadlineAt));
    const next = now + slowest;
    return task.deadlineAt === null ? next : Math.min(next, task.deadlineAt);
  }

  private async apply(job: Job, task: Task, timing: PollTiming, record: NormalizedTask): Promise<void> {
    const { db } = this.deps;
    const basics = { rawStatus: record.rawStatus ?? null, lastError: null };
    switch (record.state) {
      case 'completed':
        await this.deps.completion.routeEnded(job, task, record);
        return;
      case 'failed':
        // The second route failing after the first completed takes nothing away from what the first gave.
        if (task.firstAnswer === 'completed' || task.firstAnswer === 'video-without-address') {
          await this.deps.completion.routeEnded(job, task, undefined);
          return;
        }
        await this.deps.writes.run(() => {
          recordPoll(db, task.id, { ...basics, state: 'failed', progress: record.progress, nextPollAt: null });
          transitionJob(db, job.id, onGatewayJobStates, 'failed', {
            errorCode: record.errorCode ?? 'task_failed',
            errorMessage: record.errorMessage ?? 'The gateway reported that the task failed, without a reason.',
            gatewayMessage: record.errorMessage ?? null,
          });
        });
        return;
      default:
        if (record.state === 'unknown') log.warn(`task ${task.id}: status "${record.rawStatus ?? ''}" not understood; still waiting`);
        await this.deps.writes.run(() => {
          recordPoll(db, task.id, { ...basics, state: record.state, progress: record.progress, nextPollAt: this.nextPollAt(task, timing) });
          if (record.state === 'running') transitionJob(db, job.id, ['submitted'], 'running');
        });
    }
  }

  private async pollFailed(job: Job, task: Task, timing: PollTiming, error: unknown): Promise<void> {
    const { db, gate } = this.deps;
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof GatewayError && error.status === 429) {
      const until = gate.rateLimited(error.retryAfterMs);
      await this.deps.writes.run(() => recordPoll(db, task.id, { lastError: message, nextPollAt: Math.max(until, this.nextPollAt(task, timing)) }));
      return;
    }
    const refused = error instanceof GatewayError && error.status !== undefined && error.status >= 400 && error.status < 500 && !error.retryable;
    const refusals = refused ? (this.refusals.get(task.id) ?? 0) + 1 : 0;
    this.refusals.set(task.id, refusals);
    if (refusals >= MAX_REFUSED_POLLS) {
      this.refusals.delete(task.id);
      await this.routeRefused(job, task, refusals, error);
      this.deps.events.jobsChanged(job.id);
      return;
    }
    // Transient: keep the task pending and come back later, a little slower each time.
    const backoff = Math.min(timing.intervalMs * 2 ** Math.min(refusals + 1, 4), 60_000);
    await this.deps.writes.run(() => recordPoll(db, task.id, { lastError: message, nextPollAt: this.nextPollAt(task, timing, backoff) }));
    this.deps.events.jobsChanged(job.id);
  }

  /** A route keeps refusing to report on the task: its other route is asked, else the job fails. */
  private async routeRefused(job: Job, task: Task, refusals: number, error: unknown): Promise<void> {
    const { db } = this.deps;
    const message = error instanceof Error ? error.message : String(error);
    if (this.deps.completion.hasTwoRoutes(job, task)) {
      recordPoll(db, task.id, { lastError: message });
      await this.deps.completion.routeEnded(job, getTask(db, task.id) ?? task, undefined);
      return;
    }
    db.transaction(() => {
      recordPoll(db, task.id, { state: 'failed', nextPollAt: null, lastError: message });
      transitionJob(db, job.id, onGatewayJobStates, 'failed', {
        errorCode: 'poll_refused',
        errorMessage: `The gateway refused to report on task ${task.id} ${refusals} times: ${message}`,
        gatewayMessage: error instanceof GatewayError ? (error.gatewayMessage ?? null) : null,
      });
    });
  }
}
