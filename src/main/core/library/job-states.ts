/** Every state a job can be in (DESIGN.md, "job engine"). */
export const jobStates = ['draft', 'queued', 'submitting', 'submitted', 'running', 'downloading', 'done', 'failed', 'canceled', 'unknown', 'expired'] as const;
export type JobState = (typeof jobStates)[number];

/** States a job does not leave on its own; `unknown` is not one of them: it waits to be reconciled. */
export const terminalJobStates: readonly JobState[] = ['done', 'failed', 'canceled', 'expired'];

/**
 * Allowed moves. The row is written before each network step, so each arrow names what the
 * engine may do next and nothing else; anything missing here is a bug in the caller.
 */
export const jobTransitions: Readonly<Record<JobState, readonly JobState[]>> = {
  draft: ['queued', 'canceled'],
  queued: ['draft', 'submitting', 'canceled'],
  // submitting: the POST may be in flight. `queued` only when it provably never reached the server;
  // `unknown` when it may have (a duplicate would cost money); direct results go straight to download.
  submitting: ['submitted', 'downloading', 'done', 'queued', 'failed', 'unknown'],
  submitted: ['running', 'downloading', 'done', 'failed', 'canceled', 'expired'],
  running: ['downloading', 'done', 'failed', 'canceled', 'expired'],
  downloading: ['done', 'failed', 'expired'],
  // unknown: reconciled to the task that was found, or resolved by the user (resubmit knowingly, give up).
  unknown: ['submitted', 'running', 'downloading', 'done', 'queued', 'failed', 'canceled'],
  // Retrying a job that ended without a result queues it again; a done job is never resubmitted.
  failed: ['queued'],
  canceled: ['queued'],
  expired: ['queued'],
  done: [],
};

/** True when the engine may move a job from `from` to `to`. */
export function canTransition(from: JobState, to: JobState): boolean {
  return jobTransitions[from].includes(to);
}

/** True for states the job stays in until someone retries it. */
export function isTerminal(state: JobState): boolean {
  return terminalJobStates.includes(state);
}
