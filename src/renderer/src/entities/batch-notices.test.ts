import { describe, expect, it } from 'vitest';
import type { BatchView } from '../../../shared/contract';
import { batchNotice } from './batch-notices';

const batch = (over: Partial<BatchView>): BatchView => ({
  id: 'b1',
  name: 'Harbours',
  status: 'active',
  createdAt: 0,
  updatedAt: 1_000,
  counts: { total: 4, done: 3, failed: 1 },
  note: null,
  creditBudget: null,
  dedicatedKeyCredits: null,
  creditsSpent: null,
  ...over,
});

describe('which batch changes are news', () => {
  it('a batch that just finished, with its failures (unknown outcomes count as not done)', () => {
    expect(batchNotice(batch({}), batch({ status: 'done', counts: { total: 5, done: 3, failed: 1, unknown: 1 } }), 2_000)).toEqual({
      kind: 'finished',
      batchId: 'b1',
      name: 'Harbours',
      done: 3,
      failed: 2,
    });
    expect(batchNotice(batch({ status: 'done' }), batch({ status: 'done' }), 2_000)).toBeNull();
  });

  it('a batch the studio stopped by itself, once per reason; a pause by the person is not news', () => {
    const stopped = batch({ status: 'paused', note: 'Budget reached: 3 credits left' });
    expect(batchNotice(batch({}), stopped, 2_000)).toMatchObject({ kind: 'stopped', note: 'Budget reached: 3 credits left' });
    expect(batchNotice(stopped, stopped, 2_000)).toBeNull();
    expect(batchNotice(batch({}), batch({ status: 'paused' }), 2_000)).toBeNull();
  });

  it('a batch never seen is news only when it changed just now', () => {
    expect(batchNotice(undefined, batch({ status: 'done', updatedAt: 1_000 }), 30_000)).toMatchObject({ kind: 'finished' });
    expect(batchNotice(undefined, batch({ status: 'done', updatedAt: 1_000 }), 3_600_000)).toBeNull();
  });
});
