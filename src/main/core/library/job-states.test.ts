import { describe, expect, it } from 'vitest';
import { canTransition, isTerminal, jobStates, jobTransitions, type JobState } from './job-states';

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
