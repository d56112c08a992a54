/**
 * The task state machine, computed from the clock: a task's whole life is fixed when it is
 * submitted (its schedule), so any poll can derive the state at `now` without a timer per task.
 *
 *   queued (progress 0) -> in_progress (progress rising 1..99) -> completed (100) | failed
 */

/** Status vocabulary of generation tasks. */
type TaskStatus = 'queued' | 'in_progress' | 'completed' | 'failed';

/** Fraction of a task's duration spent queued before it starts running. */
const QUEUED_SHARE = 0.2;

/** Everything that decides a task's life, fixed at submission. Times in epoch milliseconds. */
export interface TaskSchedule {
  createdAtMs: number;
  /** End of the queued phase. */
  startsAtMs: number;
  /** When the task reaches its final state (completed or failed). */
  endsAtMs: number;
  /** Set when the task is going to fail, with the message its `error` carries. */
  failureMessage: string | undefined;
  /** When the result's addresses stop working (only meaningful for successful tasks). */
  expiresAtMs: number;
}

/** What a poll at one moment sees. */
export interface TaskPhase {
  status: TaskStatus;
  /** 0-100. */
  progress: number;
  /** Set once the task is completed or failed. */
  endedAtMs: number | undefined;
  /** Share of the queued phase already passed (0-1), for finer-grained vocabularies. */
  queuedShare: number;
}

/** Inputs to plan a schedule. */
export interface SchedulePlan {
  nowMs: number;
  durationMs: number;
  resultTtlMs: number;
  failureMessage?: string | undefined;
  /** Fault injection: the result expires this long after completion instead of the TTL. */
  expiresAfterMs?: number | undefined;
}

/** Fixes a task's schedule at submission. A failing task fails halfway through its run. */
export function planSchedule(plan: SchedulePlan): TaskSchedule {
  const duration = Math.max(0, plan.durationMs);
  const startsAtMs = plan.nowMs + Math.round(duration * QUEUED_SHARE);
  const fullEnd = plan.nowMs + duration;
  const endsAtMs = plan.failureMessage === undefined ? fullEnd : startsAtMs + Math.round((fullEnd - startsAtMs) / 2);
  const ttl = plan.expiresAfterMs ?? plan.resultTtlMs;
  return {
    createdAtMs: plan.nowMs,
    startsAtMs,
    endsAtMs,
    failureMessage: plan.failureMessage,
    expiresAtMs: endsAtMs + Math.max(0, ttl),
  };
}

/** The state of a scheduled task at `nowMs`. */
export function phaseAt(schedule: TaskSchedule, nowMs: number): TaskPhase {
  if (nowMs < schedule.startsAtMs) {
    const queuedSpan = schedule.startsAtMs - schedule.createdAtMs;
    const queuedShare = queuedSpan <= 0 ? 1 : (nowMs - schedule.createdAtMs) / queuedSpan;
    return { status: 'queued', progress: 0, endedAtMs: undefined, queuedShare: Math.max(0, queuedShare) };
  }
  const runningProgress = progressBetween(schedule.startsAtMs, schedule.endsAtMs, nowMs);
  if (nowMs < schedule.endsAtMs) {
    return { status: 'in_progress', progress: runningProgress, endedAtMs: undefined, queuedShare: 1 };
  }
  if (schedule.failureMessage !== undefined) {
    // Progress stays where the run stopped: failures happen halfway.
    return { status: 'failed', progress: 50, endedAtMs: schedule.endsAtMs, queuedShare: 1 };
  }
  return { status: 'completed', progress: 100, endedAtMs: schedule.endsAtMs, queuedShare: 1 };
}

/** Whether a successful task's result has expired at `nowMs`. */
export function resultExpired(schedule: TaskSchedule, nowMs: number): boolean {
  return nowMs >= schedule.expiresAtMs;
}

function progressBetween(startMs: number, endMs: number, nowMs: number): number {
  const span = endMs - startMs;
  if (span <= 0) return 99;
  const share = (nowMs - startMs) / span;
  return Math.min(99, Math.max(1, Math.floor(1 + share * 98)));
}

/** Unix seconds of an epoch-millisecond time. */
export function unixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}
