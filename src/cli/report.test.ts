import { describe, expect, it } from 'vitest';
import { exitCodeFor, jobLabel, jsonResult, summaryLines, totalsOf, type JobReport } from './report';

const job = (overrides: Partial<JobReport>): JobReport => ({
  line: 1, repeat: 1, of: 1, status: 'completed', progress: null, taskId: null, files: [], error: null, ...overrides,
});

describe('reports', () => {
  it('labels repeats of a line', () => {
    expect(jobLabel(job({ line: 4 }))).toBe('line 4');
    expect(jobLabel(job({ line: 4, repeat: 2, of: 3 }))).toBe('line 4 (2/3)');
  });

  it('counts running jobs as pending and exits 0 only when every job completed', () => {
    const jobs = [job({}), job({ status: 'failed' }), job({ status: 'running' }), job({ status: 'unknown' })];
    expect(totalsOf(jobs)).toEqual({ total: 4, completed: 1, failed: 1, canceled: 0, unknown: 1, pending: 1 });
    expect(exitCodeFor(jobs)).toBe(1);
    expect(exitCodeFor([job({}), job({})])).toBe(0);
    expect(exitCodeFor([])).toBe(1);
  });

  it('shapes the --json object', () => {
    const result = jsonResult([job({ line: 2, taskId: 'task_1', files: ['/lib/a.png'] })], { id: 'b1', resumed: true });
    expect(result).toEqual({
      jobs: [{ line: 2, status: 'completed', task_id: 'task_1', files: ['/lib/a.png'], error: null }],
      total: 1, completed: 1, failed: 0, canceled: 0, unknown: 0, pending: 0,
      batch_id: 'b1', resumed: true, problems: [],
    });
  });

  it('sums up in words, naming each job that did not complete', () => {
    const lines = summaryLines([
      job({ files: ['/lib/a.png'] }),
      job({ line: 3, repeat: 2, of: 2, status: 'failed', error: 'refused' }),
      job({ line: 5, status: 'pending' }),
    ]);
    expect(lines).toEqual([
      '3 jobs: 1 completed, 1 failed, 1 not finished.',
      '  line 3 (2/2): failed: refused',
      '1 file saved, e.g. /lib/a.png',
    ]);
  });
});
