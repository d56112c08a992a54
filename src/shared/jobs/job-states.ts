/**
 * The one set of job rules: every state a job and a batch can be in, the moves the engine may
 * make, and the questions every layer asks of a state (main, the command line, the Electron
 * shell and the window). Code elsewhere asks these predicates rather than listing states; where it
 * must name one state (a label, a message for one case), it names only that one.
 *
 *   draft -> queued -> submitting -> submitted -> running -> downloading -> done
 *   also: failed | canceled | expired (ended without a result) and unknown (may have been paid for)
 */

/** Every state a job can be in. */
export const jobStates = ['draft', 'queued', 'submitting', 'submitted', 'running', 'downloading', 'done', 'failed', 'canceled', 'unknown', 'expired'] as const;
export type JobState = (typeof jobStates)[number];

/** Every status a batch can have: it runs (`active`), is held (`paused`), or ended (`done`, `canceled`). */
export const batchStatuses = ['active', 'paused', 'done', 'canceled'] as const;
export type BatchStatus = (typeof batchStatuses)[number];

/** Not sent yet: held as a draft, or waiting in the queue. */
export const waitingJobStates: readonly JobState[] = ['draft', 'queued'];

/** In flight: being sent, followed on the gateway, or having its results saved. Each holds a concurrency slot. */
export const activeJobStates: readonly JobState[] = ['submitting', 'submitted', 'running', 'downloading'];

/** The gateway accepted the task and the studio follows it. */
export const onGatewayJobStates: readonly JobState[] = ['submitted', 'running'];

/** The gateway took the submission (and charged, where it charges at once): followed there, its results being saved, or done. */
const acceptedJobStates: readonly JobState[] = ['submitted', 'running', 'downloading', 'done'];

/** Ended: the job stays so until someone retries it. `unknown` is not one: it waits to be reconciled or decided. */
const terminalJobStates: readonly JobState[] = ['done', 'failed', 'canceled', 'expired'];

/** Ended without a result, and may be queued again (a new, paid submission). */
export const retryableJobStates: readonly JobState[] = ['failed', 'canceled', 'expired'];

/** Waiting or in flight: the studio will still do something for it without being asked. */
export const pendingJobStates: readonly JobState[] = ['queued', ...activeJobStates];

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
  // Retrying a job that ended without a result queues it again (paid); a failed download whose result
  // is still valid on the gateway is fetched again (free); a done job is never resubmitted.
  failed: ['queued', 'downloading'],
  canceled: ['queued'],
  expired: ['queued'],
  done: [],
};

/** True when the engine may move a job from `from` to `to`. */
export function canTransition(from: JobState, to: JobState): boolean {
  return jobTransitions[from].includes(to);
}

/** Ended (done, failed, canceled, expired): it stays so until someone retries it. */
export function isTerminal(state: JobState): boolean {
  return terminalJobStates.includes(state);
}

/** Not ended: waiting, in flight, or of unknown outcome. A batch with an open job is not finished. */
export function isOpen(state: JobState): boolean {
  return !isTerminal(state);
}

/** In flight (being sent, followed on the gateway, or saving its results): it holds a concurrency slot. */
export function isActive(state: JobState): boolean {
  return activeJobStates.includes(state);
}

/** Waiting in the queue or in flight: the badge, the tray and the quit guard count these. */
export function isPending(state: JobState): boolean {
  return pendingJobStates.includes(state);
}

/** Not sent yet (a draft, or queued). */
export function isWaiting(state: JobState): boolean {
  return waitingJobStates.includes(state);
}

/** The gateway has its task and the studio follows it (what "check now" and "submit again" act on). */
export function isOnGateway(state: JobState): boolean {
  return onGatewayJobStates.includes(state);
}

/**
 * The gateway has it: it took the submission (past `submitting`, and not without a result). Its
 * cost is spent and can be measured; after a restart it is followed again, not sent again.
 */
export function isAccepted(state: JobState): boolean {
  return acceptedJobStates.includes(state);
}

/**
 * The gateway has it or may have it (on the wire, or of unknown outcome): what it costs may be
 * spent, so canceling it now saves nothing and asks first.
 */
export function mayBeCharged(state: JobState): boolean {
  return state === 'submitting' || state === 'unknown' || isAccepted(state);
}

/** Ended without a result: "retry" queues it again. */
export function isRetryable(state: JobState): boolean {
  return retryableJobStates.includes(state);
}

/**
 * The user may cancel it: before it is sent, while it is sent (canceled once the answer comes), or
 * while the gateway works on it (the studio stops following it). Not while its results are saved.
 */
export function isCancelable(state: JobState): boolean {
  return isWaiting(state) || state === 'submitting' || isOnGateway(state);
}

/**
 * States of a gateway task as the studio reads them (the gateway's own words are mapped onto
 * these, `shared/gateway/task-record.ts`); `unknown` means "not understood yet, keep polling".
 */
export type TaskState = 'queued' | 'running' | 'completed' | 'failed' | 'unknown';

/** States of a task the poller keeps polling. */
export const pendingTaskStates: readonly TaskState[] = ['queued', 'running', 'unknown'];

/** A batch that runs or is held; not ended. */
export function isBatchOpen(status: BatchStatus): boolean {
  return status === 'active' || status === 'paused';
}

/** Ended without a result because something went wrong: it failed, or its result expired first. */
export function isFailure(state: JobState): boolean {
  return state === 'failed' || state === 'expired';
}

/** A list of states as SQL literals, for queries that name them (always names from this module, never input). */
export function sqlStateList(states: readonly (JobState | TaskState)[]): string {
  return states.map((state) => `'${state}'`).join(', ');
}

/** How many jobs of a batch are in each state (states without jobs may be missing). */
export type JobStateCounts = Partial<Readonly<Record<JobState, number>>>;

/** Where a batch's jobs stand, counted one way everywhere (the engine, notices, the timeline). */
export interface BatchOutcome {
  total: number;
  done: number;
  /** Failed or expired: ended without a result. */
  failed: number;
  canceled: number;
  /** May have been paid for: waits for a look-up or the user's decision (it keeps the batch open). */
  unknown: number;
  /** In flight. */
  active: number;
  /** Not sent yet (queued or drafts). */
  waiting: number;
  /** Not ended: waiting, in flight or unknown. */
  open: number;
  /** Every job ended, and there is at least one: the batch is done. */
  finished: boolean;
}

/**
 * What a batch's progress bar shows, in this order: jobs done, ended without a result, of unknown
 * outcome, in flight. Waiting and canceled jobs leave the rest of the bar empty.
 */
export const batchBarShares = ['done', 'failed', 'unknown', 'active'] as const satisfies readonly (keyof BatchOutcome)[];
export type BatchBarShare = (typeof batchBarShares)[number];

/** The outcome of a batch from its job counts per state. */
export function batchOutcome(counts: JobStateCounts): BatchOutcome {
  const sum = (states: readonly JobState[]): number => states.reduce((total, state) => total + (counts[state] ?? 0), 0);
  const total = sum(jobStates);
  const open = sum(jobStates.filter(isOpen));
  return {
    total,
    done: counts.done ?? 0,
    failed: sum(jobStates.filter(isFailure)),
    canceled: counts.canceled ?? 0,
    unknown: counts.unknown ?? 0,
    active: sum(activeJobStates),
    waiting: sum(waitingJobStates),
    open,
    finished: total > 0 && open === 0,
  };
}
