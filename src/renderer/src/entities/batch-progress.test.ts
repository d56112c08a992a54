import { describe, expect, it } from 'vitest';
import { batchProgress } from './batch-progress';

describe('batchProgress', () => {
  it('counts a batch’s jobs by what happened to them', () => {
    const progress = batchProgress({ total: 10, done: 4, failed: 1, expired: 1, canceled: 1, unknown: 1, running: 1, queued: 1 });
    expect(progress).toMatchObject({ total: 10, done: 4, failed: 2, unknown: 1, canceled: 1, running: 1, waiting: 1, fraction: 0.7 });
    expect(batchProgress({}).fraction).toBe(0);
  });

  it('gives the progress bar its parts in order, each its share of all jobs, leaving out parts without jobs', () => {
    const progress = batchProgress({ done: 2, expired: 1, running: 1, queued: 4 });
    expect(progress.bar).toEqual([
      { share: 'done', fraction: 0.25 },
      { share: 'failed', fraction: 0.125 },
      { share: 'active', fraction: 0.125 },
    ]);
    expect(batchProgress({}).bar).toEqual([]);
  });
});
