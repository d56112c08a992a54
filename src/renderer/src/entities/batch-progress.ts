/** How far a batch has come, read by the timeline's headers and by the notices of finished batches. */
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
}

export function batchProgress(counts: Readonly<Record<string, number>>): BatchProgress {
  const n = (...states: string[]): number => states.reduce((sum, state) => sum + (counts[state] ?? 0), 0);
  const total = counts.total ?? n('draft', 'queued', 'submitting', 'submitted', 'running', 'downloading', 'done', 'failed', 'canceled', 'unknown', 'expired');
  const done = n('done');
  const failed = n('failed', 'expired');
  const canceled = n('canceled');
  const ended = done + failed + canceled;
  return {
    total,
    done,
    failed,
    unknown: n('unknown'),
    canceled,
    running: n('submitting', 'submitted', 'running', 'downloading'),
    waiting: n('queued', 'draft'),
    fraction: total === 0 ? 0 : ended / total,
  };
}
