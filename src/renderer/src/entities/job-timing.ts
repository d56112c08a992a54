/**
 * How long a job has run and how long it may still take, judging by earlier jobs of its variant
 * (or the gateway's own progress): the timeline's rows and Create's result cards both say so.
 */
import type { JobView } from '../../../shared/contract';
import { isActive, isTerminal } from '../../../shared/jobs/job-states';

/** How long a job has run, and how long it may still take judging by earlier jobs of its variant. */
export interface JobTiming {
  /** Time since its submission began (in flight), or what it took (ended); null while waiting. */
  elapsedMs: number | null;
  /** The usual remaining time; null when nothing to go on or when it already took longer than usual. */
  remainingMs: number | null;
  /** It runs well past what its variant usually takes. */
  overdue: boolean;
}

/**
 * `typicalMs`: the median duration of recent jobs of the same variant (null when none finished).
 * Without one, the gateway's own progress (when it reports some) is extrapolated.
 */
export function jobTiming(
  job: Pick<JobView, 'state' | 'startedAt' | 'submittedAt' | 'finishedAt' | 'progress'>,
  typicalMs: number | null,
  now: number,
): JobTiming {
  const start = job.startedAt ?? job.submittedAt;
  if (isTerminal(job.state)) {
    const elapsed = start !== null && job.finishedAt !== null && job.finishedAt >= start ? job.finishedAt - start : null;
    return { elapsedMs: elapsed, remainingMs: null, overdue: false };
  }
  if (!isActive(job.state) || start === null) return { elapsedMs: null, remainingMs: null, overdue: false };
  const elapsed = Math.max(0, now - start);
  if (typicalMs !== null && typicalMs > 0) {
    if (elapsed > typicalMs * 1.5 + 5_000) return { elapsedMs: elapsed, remainingMs: null, overdue: true };
    return { elapsedMs: elapsed, remainingMs: Math.max(0, typicalMs - elapsed), overdue: false };
  }
  const progress = job.progress ?? 0;
  if (progress >= 5 && progress < 100) return { elapsedMs: elapsed, remainingMs: Math.round((elapsed * (100 - progress)) / progress), overdue: false };
  return { elapsedMs: elapsed, remainingMs: null, overdue: false };
}

/** A duration as hours, minutes and seconds (rounded to the second), for the words of each language. */
export function durationParts(ms: number): { hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.round(ms / 1000));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}
