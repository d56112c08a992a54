import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgressView } from './progress-view';
import type { JobReport } from './report';

const job = (overrides: Partial<JobReport>): JobReport => ({
  line: 1,
  repeat: 1,
  of: 1,
  status: 'pending',
  progress: null,
  taskId: null,
  files: [],
  error: null,
  rawAnswer: null,
  ...overrides,
});

function capture(isTTY: boolean): { stream: PassThrough & { isTTY: boolean }; text: () => string } {
  const stream = Object.assign(new PassThrough(), { isTTY, columns: 100 });
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

describe('progress view', () => {
  it('writes one line per event to a pipe, each once, and nothing for what a resumed batch already told', () => {
    const out = capture(false);
    const done = job({ line: 1, status: 'completed', files: ['/lib/old.png'] });
    const view = createProgressView(out.stream, [done, job({ line: 2 })]);
    const running = job({ line: 2, status: 'running', taskId: 'task_9' });
    view.update(running, [done, running]);
    view.update({ ...running, progress: 50 }, [done, { ...running, progress: 50 }]);
    const failed = job({ line: 2, status: 'failed', error: 'no luck' });
    view.update(failed, [done, failed]);
    view.note('a note');
    view.stop();
    expect(out.text()).toBe('[1/2] line 2: submitted, task task_9\n[2/2] line 2: failed: no luck\na note\n');
  });

  it('draws a bar on a terminal', () => {
    const out = capture(true);
    const view = createProgressView(out.stream, [job({}), job({ line: 2 })]);
    const done = job({ status: 'completed', files: ['/lib/a.png'] });
    view.update(done, [done, job({ line: 2 })]);
    view.stop();
    expect(out.text()).toMatch(/1\/2 jobs \| 1 done, 0 failed, 0 running/);
  });
});
