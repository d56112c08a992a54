/** How far a batch has come, read by the timeline's headers and by the notices of finished batches. */
import { batchBarShares, batchOutcome, type BatchBarShare } from '../../../shared/jobs/job-states';

/** How far a batch has come, from its job counts. */
export interface BatchProgress {
  total: number;
  done: number;
  /** Failed or expired: ended without a result. */
  failed: number;
  /** May have been paid for: waiting for the user. */
  unknown: number;
  canceled: number;
  /** Being sent, followed on the gateway, or saved. */
  running: number;
  /** Queued or held as drafts. */
  waiting: number;
  /** Share of jobs that ended one way or another, 0 to 1. */
  fraction: number;
  /** The progress bar's parts with any jobs, in order, each its share of all jobs (0 to 1). */
  bar: readonly { share: BatchBarShare; fraction: number }[];
}

export function batchProgress(counts: Readonly<Record<string, number>>): BatchProgress {
  const outcome = batchOutcome(counts);
  const ended = outcome.done + outcome.failed + outcome.canceled;
  return {
    total: outcome.total,
    done: outcome.done,
    failed: outcome.failed,
    unknown: outcome.unknown,
    canceled: outcome.canceled,
    running: outcome.active,
    waiting: outcome.waiting,
    fraction: outcome.total === 0 ? 0 : ended / outcome.total,
    bar: outcome.total === 0 ? [] : batchBarShares.filter((share) => outcome[share] > 0).map((share) => ({ share, fraction: outcome[share] / outcome.total })),
  };
}
