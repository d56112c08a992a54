import { describe, expect, it } from 'vitest';
import {
  batchOutcome,
  canTransition,
  batchBarShares,
  isAccepted,
  isActive,
  isCancelable,
  isOnGateway,
  isOpen,
  isPending,
  isRetryable,
  isTerminal,
  isWaiting,
  jobStates,
  mayBeCharged,
  jobTransitions,
  type JobState,
} from './job-states';

/** Breadth-first reachability over the transition table. */
function reachableFrom(start: JobState): Set<JobState> {
  const seen = new Set<JobState>([start]);
  const queue: JobState[] = [start];
  for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
    for (const next of jobTransitions[state]) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

describe('job transitions', () => {
  it('follows the happy path of an asynchronous generation', () => {
    const path: JobState[] = ['draft', 'queued', 'submitting', 'submitted', 'running', 'downloading', 'done'];
    for (let i = 1; i < path.length; i++) expect(canTransition(path[i - 1] as JobState, path[i] as JobState)).toBe(true);
  });

  it('lets a direct result skip the task states', () => {
    expect(canTransition('submitting', 'downloading')).toBe(true);
    expect(canTransition('submitting', 'done')).toBe(true);
  });

  it('never resubmits from states where a submission may already exist', () => {
    for (const state of ['submitted', 'running', 'downloading', 'done'] as const) {
      expect(canTransition(state, 'queued')).toBe(false);
      expect(canTransition(state, 'submitting')).toBe(false);
    }
    // Only queued jobs are submitted; unknown ones must be requeued knowingly first.
    expect(jobStates.filter((s) => canTransition(s, 'submitting'))).toEqual(['queued']);
  });

  it('cannot cancel a submission in flight: its outcome must be recorded first', () => {
    expect(canTransition('submitting', 'canceled')).toBe(false);
    expect(canTransition('submitting', 'unknown')).toBe(true);
  });

  it('has no self-loops and only known states', () => {
    for (const state of jobStates) {
      expect(jobTransitions[state]).not.toContain(state);
      for (const next of jobTransitions[state]) expect(jobStates).toContain(next);
    }
  });

  it('has a path to done from every state (through a retry where needed)', () => {
    for (const state of jobStates) expect(reachableFrom(state).has('done')).toBe(true);
  });

  it('treats done, failed, canceled and expired as terminal, but not unknown', () => {
    expect(jobStates.filter(isTerminal)).toEqual(['done', 'failed', 'canceled', 'expired']);
    expect(jobTransitions.done).toEqual([]);
  });
});

describe('what each state means', () => {
  const where = (predicate: (state: JobState) => boolean): JobState[] => jobStates.filter(predicate);

  it('splits every state into waiting, in flight, unknown and ended, with no overlap', () => {
    expect(where(isWaiting)).toEqual(['draft', 'queued']);
    expect(where(isActive)).toEqual(['submitting', 'submitted', 'running', 'downloading']);
    expect(where(isTerminal)).toEqual(['done', 'failed', 'canceled', 'expired']);
    for (const state of jobStates) {
      const groups = [isWaiting(state), isActive(state), isTerminal(state), state === 'unknown'].filter(Boolean);
      expect(groups, state).toHaveLength(1);
    }
  });

  it('keeps unknown open (it may have been paid for), and everything but the ended states', () => {
    expect(where(isOpen)).toEqual(['draft', 'queued', 'submitting', 'submitted', 'running', 'downloading', 'unknown']);
  });

  it('counts queued and in-flight jobs as pending (the badge, the tray, the quit guard), not drafts or unknown ones', () => {
    expect(where(isPending)).toEqual(['queued', 'submitting', 'submitted', 'running', 'downloading']);
  });

  it('follows on the gateway only what it accepted and has not answered', () => {
    expect(where(isOnGateway)).toEqual(['submitted', 'running']);
  });

  it('says the gateway has a job once it took the submission, up to and including done', () => {
    expect(where(isAccepted)).toEqual(['submitted', 'running', 'downloading', 'done']);
    // Only a submission leads there: nothing waiting, nothing ended without a result, moves straight in.
    for (const state of [...where(isWaiting), 'canceled', 'expired'] as const) {
      expect(jobTransitions[state].filter(isAccepted), state).toEqual([]);
    }
    // The one way back: a failed download whose result is still valid on the gateway is fetched again, free.
    expect(jobTransitions.failed.filter(isAccepted)).toEqual(['downloading']);
    // In flight and accepted: what a restart follows again instead of sending (the quit window counts these).
    expect(where((state) => isActive(state) && isAccepted(state))).toEqual(['submitted', 'running', 'downloading']);
  });

  it('counts a job as possibly charged from the moment its submission may be on the wire', () => {
    expect(where(mayBeCharged)).toEqual(['submitting', 'submitted', 'running', 'downloading', 'done', 'unknown']);
    // Of what the user may cancel, only jobs not yet sent are free to cancel.
    expect(where((state) => isCancelable(state) && !mayBeCharged(state))).toEqual(where(isWaiting));
  });

  it('offers retry exactly where the engine allows a move back to the queue from an ended state', () => {
    expect(where(isRetryable)).toEqual(where((state) => isTerminal(state) && canTransition(state, 'queued')));
  });

  it('lets the user cancel until the results are being saved, never after a job ended', () => {
    expect(where(isCancelable)).toEqual(['draft', 'queued', 'submitting', 'submitted', 'running']);
    for (const state of where(isCancelable).filter((s) => s !== 'submitting')) expect(canTransition(state, 'canceled'), state).toBe(true);
  });
});

describe('batch outcome', () => {
  it('is finished when every job ended, counting expired jobs as failed', () => {
    const outcome = batchOutcome({ done: 3, failed: 1, expired: 1, canceled: 2 });
    expect(outcome).toMatchObject({ total: 7, done: 3, failed: 2, canceled: 2, open: 0, finished: true });
  });

  it('stays open while a job waits, runs or has an unknown outcome', () => {
    for (const state of ['draft', 'queued', 'downloading', 'unknown'] as const) {
      expect(batchOutcome({ done: 2, [state]: 1 }), state).toMatchObject({ open: 1, finished: false });
    }
    expect(batchOutcome({ queued: 2, submitting: 1, running: 1, unknown: 1 })).toMatchObject({ waiting: 2, active: 2, unknown: 1, open: 5 });
  });

  it('fills the progress bar with done, failed, unknown and in-flight jobs, never with waiting or canceled ones', () => {
    expect(batchBarShares).toEqual(['done', 'failed', 'unknown', 'active']);
    const outcome = batchOutcome({ done: 1, failed: 1, expired: 1, unknown: 1, running: 1, queued: 4, canceled: 1 });
    const shown = batchBarShares.reduce((sum, share) => sum + outcome[share], 0);
    expect(shown).toBe(outcome.total - outcome.waiting - outcome.canceled);
  });

  it('is not finished without jobs', () => {
    expect(batchOutcome({})).toMatchObject({ total: 0, finished: false });
  });
});
