import { describe, expect, it } from 'vitest';
import { exitCodeFor, jobLabel, jsonResult, summaryLines, totalsOf, type JobReport } from './report';

const job = (overrides: Partial<JobReport>): JobReport => ({
  line: 1,
  repeat: 1,
  of: 1,
  status: 'completed',
  progress: null,
  taskId: null,
  files: [],
  error: null,
  rawAnswer: null,
  ...overrides,
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
      jobs: [{ line: 2, status: 'completed', task_id: 'task_1', files: ['/lib/a.png'], error: null, raw_answer: null }],
      total: 1,
      completed: 1,
      failed: 0,
      canceled: 0,
      unknown: 0,
      pending: 0,
      batch_id: 'b1',
      resumed: true,
      problems: [],
    });
  });

  it('sums up in words, naming each job that did not complete', () => {
    const lines = summaryLines([
      job({ files: ['/lib/a.png'] }),
      job({ line: 3, repeat: 2, of: 2, status: 'failed', error: 'refused' }),
      job({ line: 5, status: 'pending' }),
    ]);
    expect(lines).toEqual(['3 jobs: 1 completed, 1 failed, 1 not finished.', '  line 3 (2/2): failed: refused', '1 file saved, e.g. /lib/a.png']);
  });

  it('shows what came back for a job whose answer could not be read', () => {
    const raw = JSON.stringify({ ok: true, note: 'x'.repeat(1000) });
    const lines = summaryLines([job({ line: 2, status: 'unknown', error: 'unreadable', rawAnswer: raw })]);
    expect(lines[1]).toBe('  line 2: unknown: unreadable');
    expect(lines[2]).toMatch(/^ {4}the gateway answered: \{"ok":true,"note":"x+…$/);
    expect(lines[2]?.length).toBeLessThan(530);
    expect(jsonResult([job({ status: 'unknown', rawAnswer: raw })], { id: null, resumed: false }).jobs[0]?.raw_answer).toBe(raw);
  });
});
