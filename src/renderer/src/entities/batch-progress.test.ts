import { describe, expect, it } from 'vitest';
import { batchProgress } from './batch-progress';

describe('batchProgress', () => {
  it('counts a batch’s jobs by what happened to them', () => {
    const progress = batchProgress({ total: 10, done: 4, failed: 1, expired: 1, canceled: 1, unknown: 1, running: 1, queued: 1 });
    expect(progress).toEqual({ total: 10, done: 4, failed: 2, unknown: 1, canceled: 1, running: 1, waiting: 1, fraction: 0.7 });
    expect(batchProgress({}).fraction).toBe(0);
  });
});
