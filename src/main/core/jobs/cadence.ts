/**
 * How often each task family is polled, and its deadline: the time the gateway usually needs.
 * The interface's advice is the default (`POLL_CADENCES` of the catalog, with a variant's own
 * deadline, longer for slower requests such as a 4K tier); settings may change it within sane
 * bounds; tests pass any values through the engine's constructor. Past its deadline a task is
 * still polled, ever more slowly (`overduePollDelay`): a paid task is never abandoned.
 */
import { cadenceOfPoll, POLL_CADENCES, type PollCadence, type PollSpec, type VariantEntry } from '../../../shared/catalog';
import type { TaskFamily } from './store';

export type PollTiming = PollCadence;

/** Overrides per family; a value given here replaces the interface's advice for every variant of the family. */
export type PollTimingOverrides = Partial<Record<TaskFamily, Partial<PollTiming>>>;

/** Bounds a settings page may choose from: faster polling risks 429s, slower risks expired results. */
const POLL_SETTING_BOUNDS: Readonly<Record<keyof PollTiming, readonly [min: number, max: number]>> = {
  initialDelayMs: [500, 60_000],
  intervalMs: [1_000, 60_000],
  deadlineMs: [30_000, 24 * 60 * 60_000],
};

function clamp(value: number, [min, max]: readonly [number, number]): number {
  return Math.min(max, Math.max(min, value));
}

/** Settings values clamped into `POLL_SETTING_BOUNDS` (non-numbers are dropped). */
export function pollTimingsFromSettings(input: PollTimingOverrides): PollTimingOverrides {
  const out: PollTimingOverrides = {};
  for (const family of Object.keys(input) as TaskFamily[]) {
    const given = input[family] ?? {};
    const clean: Partial<PollTiming> = {};
    for (const key of Object.keys(POLL_SETTING_BOUNDS) as (keyof PollTiming)[]) {
      const value = given[key];
      if (typeof value === 'number' && Number.isFinite(value)) clean[key] = clamp(value, POLL_SETTING_BOUNDS[key]);
    }
    out[family] = clean;
  }
  return out;
}

/**
 * The timing of a variant's tasks (of this request, when given): the catalog's cadence for the
 * variant (its own deadline, or a slower request's), with the family's overrides on top.
 */
export function timingFor(entry: VariantEntry, family: TaskFamily, overrides: PollTimingOverrides = {}, body?: unknown): PollTiming {
  return timingForPoll(entry.poll, family, overrides, body);
}

/** The timing of tasks polled on this route (a task answered to a variant that usually answers directly). */
export function timingForPoll(poll: PollSpec | undefined, family: TaskFamily, overrides: PollTimingOverrides = {}, body?: unknown): PollTiming {
  const advice = poll === undefined || poll.cadence !== family ? POLL_CADENCES[family] : cadenceOfPoll(poll, body);
  return { ...advice, ...overrides[family] };
}

/**
 * The wait before the next poll of a task past its deadline: half the time it has been overdue,
 * at least one interval, at most half its deadline (and never more than 5 minutes), so a task
 * that runs long is checked less and less often but never given up.
 */
export function overduePollDelay(timing: PollTiming, overdueMs: number): number {
  const ceiling = Math.max(timing.intervalMs, Math.min(5 * 60_000, timing.deadlineMs / 2));
  return Math.round(Math.min(ceiling, Math.max(timing.intervalMs, overdueMs / 2)));
}

/** Human wording of a duration for messages ("2 min", "45 s"). */
export function describeDuration(ms: number): string {
  if (ms >= 120_000) return `${Math.round(ms / 60_000)} min`;
  if (ms >= 1_000) return `${Math.round(ms / 1_000)} s`;
  return `${Math.max(0, Math.round(ms))} ms`;
}
