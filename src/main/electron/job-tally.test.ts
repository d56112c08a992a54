import { describe, expect, it } from 'vitest';
import type { BatchView } from '../../shared/contract';
import { BatchNotices, JobTally } from './job-tally';

const batch = (over: Partial<BatchView>): BatchView => ({
  id: 'b1',
  name: 'Cats',
  status: 'active',
  createdAt: 0,
  updatedAt: 0,
  counts: {},
  note: null,
  creditBudget: null,
  dedicatedKeyCredits: null,
  creditsSpent: null,
  ...over,
});

describe('counting running jobs for the badge, the tray and the quit window', () => {
  it('counts queued and in-flight jobs, and forgets finished ones', () => {
    const tally = new JobTally();
    tally.apply([
      { id: 'a', state: 'queued' },
      { id: 'b', state: 'submitting' },
      { id: 'c', state: 'running' },
      { id: 'd', state: 'downloading' },
      { id: 'e', state: 'done' },
    ]);
    expect({ pending: tally.pending, submitting: tally.submitting, inFlight: tally.inFlight }).toEqual({ pending: 4, submitting: 1, inFlight: 2 });
    tally.apply([
      { id: 'b', state: 'submitted' },
      { id: 'c', state: 'failed' },
      { id: 'a', state: 'canceled' },
    ]);
    expect({ pending: tally.pending, submitting: tally.submitting, inFlight: tally.inFlight }).toEqual({ pending: 2, submitting: 0, inFlight: 2 });
  });

  it('does not count drafts or unknown jobs, which wait for the user', () => {
    const tally = new JobTally();
    tally.apply([
      { id: 'a', state: 'draft' },
      { id: 'b', state: 'unknown' },
    ]);
    expect(tally.pending).toBe(0);
  });
});

describe('batch notifications', () => {
  it('announces a batch once when it finishes while the window is not in front, with its failures', () => {
    const notices = new BatchNotices();
    expect(notices.consider(batch({ status: 'active' }), false)).toBeUndefined();
    const done = batch({ status: 'done', counts: { done: 7, failed: 1, expired: 1 } });
    expect(notices.consider(done, false)).toEqual({ name: 'Cats', done: 7, failed: 2 });
    expect(notices.consider(done, false)).toBeUndefined();
  });

  it('stays quiet when the window is in front, and about batches finished before start', () => {
    const notices = new BatchNotices();
    expect(notices.consider(batch({ status: 'done' }), true)).toBeUndefined();
    notices.remember([batch({ id: 'old', status: 'done' })]);
    expect(notices.consider(batch({ id: 'old', status: 'done' }), false)).toBeUndefined();
  });

  it('announces again a batch that was resumed (retry) and finished again', () => {
    const notices = new BatchNotices();
    notices.consider(batch({ status: 'done' }), false);
    notices.consider(batch({ status: 'active' }), false);
    expect(notices.consider(batch({ status: 'done', counts: { done: 8 } }), false)).toEqual({ name: 'Cats', done: 8, failed: 0 });
  });
});
