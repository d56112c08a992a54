/**
 * The CLI end to end against the demo gateway in its own process: image and video lines with
 * references, a mask and repeats; the `--json` object; line-based output when stdout is not a terminal; exit 1 when a
 * task fails.
 */
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startSimProcess, tempDir, writeJobs, writePng, type SimProcess } from './cli-harness';

interface JsonJob {
  line: number;
  status: string;
  task_id: string | null;
  files: string[];
  error: string | null;
  raw_answer: string | null;
}

interface JsonOutput {
  jobs: JsonJob[];
  total: number;
  completed: number;
  failed: number;
  canceled: number;
  unknown: number;
  pending: number;
  batch_id: string | null;
  resumed: boolean;
  problems: unknown[];
}

let sim: SimProcess;
let folder: { dir: string; cleanup: () => void };

beforeAll(async () => {
  sim = await startSimProcess();
  folder = tempDir();
  await writePng(join(folder.dir, 'refs/photo.png'), 1024, 1024, { seed: 3 });
  await writePng(join(folder.dir, 'refs/mask.png'), 1024, 1024, { alpha: true });
  await writePng(join(folder.dir, 'refs/frame.png'), 1280, 720, { seed: 5 });
});

afterAll(async () => {
  await sim.stop();
  folder.cleanup();
});

/** The key, and polls as early as the setting's bounds allow (the first half a second after submitting; the demo's tasks take 0.3 s). */
function env(): Record<string, string> {
  return { ATELIER_API_KEY: sim.demoKey, ATELIER_POLL_INTERVAL_MS: '500' };
}

function batchArgs(file: string, library: string, ...extra: string[]): string[] {
  return ['batch', file, '--gateway', sim.url, '--library', library, '--concurrency', '6', ...extra];
}

describe('atelier batch against npm run sim', () => {
  it('runs image and video lines with references, a mask and repeats, and prints one exact JSON object', async () => {
    const file = await writeJobs(join(folder.dir, 'mixed.jsonl'), [
      { model: 'gen-image-2', prompt: 'a lighthouse at dusk', count: 2 },
      { model: 'gen-image-2', prompt: 'repaint the sky', size: '1:1', references: ['refs/photo.png'], mask: 'refs/mask.png' },
      { model: 'nova-3.1-flash-image', prompt: 'a teapot in the same style', references: ['refs/photo.png'] },
      '',
      { model: 'clip-3.0-turbo', prompt: 'waves roll in', duration: 3, references: ['refs/frame.png'] },
      { model: 'vid-2-official', prompt: 'a boat sails away', size: '1280x720', references: ['refs/frame.png'], count: 2 },
    ]);
    const before = await sim.stats();
    const run = await runCli(batchArgs(file, join(folder.dir, 'library-mixed'), '--json'), { env: env() });
    expect(run.code, run.stderr).toBe(0);

    const result = JSON.parse(run.stdout) as JsonOutput;
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(Object.keys(result).sort()).toEqual(['batch_id', 'canceled', 'completed', 'failed', 'jobs', 'pending', 'problems', 'resumed', 'total', 'unknown']);
    expect(result).toMatchObject({ total: 7, completed: 7, failed: 0, canceled: 0, unknown: 0, pending: 0, resumed: false, problems: [] });
    expect(result.jobs.map((job) => job.line)).toEqual([1, 1, 2, 3, 5, 6, 6]);
    for (const job of result.jobs) {
      expect(Object.keys(job).sort()).toEqual(['error', 'files', 'line', 'raw_answer', 'status', 'task_id']);
      expect(job.status).toBe('completed');
      expect(job.error).toBeNull();
      expect(job.raw_answer).toBeNull();
      expect(job.files.length).toBeGreaterThan(0);
      for (const path of job.files) {
        expect(isAbsolute(path)).toBe(true);
        expect(statSync(path).size).toBeGreaterThan(0);
      }
    }
    // Direct image answers have no task; every asynchronous variant does.
    expect(result.jobs.map((job) => job.task_id === null)).toEqual([true, true, false, true, false, false, false]);
    expect(result.jobs.filter((job) => job.line >= 5).every((job) => job.files.every((path) => path.endsWith('.mp4')))).toBe(true);

    const after = await sim.stats();
    const submitted = (model: string): number => (after.submissions[model] ?? 0) - (before.submissions[model] ?? 0);
    expect([submitted('gen-image-2'), submitted('nova-3.1-flash-image'), submitted('clip-3.0-turbo'), submitted('vid-2-official')]).toEqual([3, 1, 1, 2]);
    // Three distinct files, each uploaded once however many lines use it.
    const uploads = (after.requests['POST /v1/uploads/images'] ?? 0) - (before.requests['POST /v1/uploads/images'] ?? 0);
    expect(uploads).toBe(3);
    expect(run.stderr).not.toContain(sim.demoKey);
    // What is known and what is assumed about the first image model's channel, once per line.
    expect(run.stderr).toMatch(
      /^note: line 1: gen-image-2: checked as image\.gen-image-2\.direct because it has neither a ratio size nor images to edit\. Assumed: such a request is usually direct\. Known: The interface does not say how the gateway picks/m,
    );
    expect(run.stderr).toMatch(
      /^note: line 2: gen-image-2: checked as image\.gen-image-2\.task because its size is a ratio\. Assumed: such a request is usually queued/m,
    );
  });

  it('completes gen-image-2 lines whichever channel the gateway routes them to', async () => {
    const file = await writeJobs(join(folder.dir, 'routed.jsonl'), [
      { model: 'gen-image-2', prompt: 'a pear', size: '1024x1024' },
      { model: 'gen-image-2', prompt: 'a plum', size: '16:9' },
      {
        model: 'gen-image-2',
        prompt: 'a fig',
        size: '3:2',
        references: ['refs/photo.png', 'refs/photo.png', 'refs/photo.png', 'refs/photo.png', 'refs/photo.png'],
      },
    ]);
    try {
      for (const routing of ['task', 'direct'] as const) {
        await sim.settings({ genImage2Routing: routing });
        const run = await runCli(batchArgs(file, join(folder.dir, `library-routed-${routing}`), '--json'), { env: env() });
        const result = JSON.parse(run.stdout) as JsonOutput;
        if (routing === 'task') {
          expect(result, run.stderr).toMatchObject({ total: 3, completed: 3, unknown: 0 });
          expect(result.jobs.every((job) => job.task_id !== null && job.files.length === 1)).toBe(true);
        } else {
          // The direct channel takes at most 4 images: that line is refused, the others complete.
          expect(result, run.stderr).toMatchObject({ total: 3, completed: 2, failed: 1, unknown: 0 });
          expect(result.jobs[2]?.error).toMatch(/at most 4 images/);
          expect(result.jobs.slice(0, 2).every((job) => job.task_id === null && job.files.length === 1)).toBe(true);
        }
      }
    } finally {
      await sim.settings({ genImage2Routing: 'request' });
    }
  });

  it('prints one readable line per event when stdout is not a terminal', async () => {
    const file = await writeJobs(join(folder.dir, 'lines.jsonl'), [
      { model: 'gen-image-2', prompt: 'a pear', size: '1:1' },
      { model: 'nova-3.1-flash-image', prompt: 'an apple' },
    ]);
    const library = join(folder.dir, 'library-lines');
    const run = await runCli(batchArgs(file, library), { env: env() });
    expect(run.code, run.stderr).toBe(0);
    // No progress-bar escape codes or carriage returns in a pipe.
    expect(run.stdout.includes('\u001b') || run.stdout.includes('\r')).toBe(false);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^Started batch [\w-]+: 2 jobs from .*lines\.jsonl$/);
    expect(lines).toContainEqual(expect.stringMatching(/^\[0\/2\] line 1: submitted, task \S+$/));
    const completed = lines.filter((line) => /^\[\d\/2\] line \d: completed -> /.test(line));
    expect(completed).toHaveLength(2);
    for (const line of completed) expect(existsSync(line.split(' -> ')[1] ?? '')).toBe(true);
    expect(lines.at(-2)).toBe('2 jobs: 2 completed.');
    expect(lines.at(-1)).toMatch(new RegExp(`^2 files saved, e\\.g\\. ${library}/`));

    // The same command again finds the finished batch: nothing is submitted twice.
    const before = await sim.stats();
    const again = await runCli(batchArgs(file, library), { env: env() });
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/Resuming the batch of .*lines\.jsonl \(2 of 2 jobs finished/);
    expect((await sim.stats()).totalSubmissions).toBe(before.totalSubmissions);

    // --new asks for a fresh batch of the same file; plain reruns then resume that one.
    const fresh = await runCli(batchArgs(file, library, '--new', '--json'), { env: env() });
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(fresh.stderr).toMatch(/Starting a new batch .*--new/);
    const freshResult = JSON.parse(fresh.stdout) as JsonOutput;
    expect(freshResult).toMatchObject({ resumed: false, completed: 2 });
    expect((await sim.stats()).totalSubmissions).toBe(before.totalSubmissions + 2);
    const resumed = JSON.parse((await runCli(batchArgs(file, library, '--json'), { env: env() })).stdout) as JsonOutput;
    expect(resumed).toMatchObject({ resumed: true, batch_id: freshResult.batch_id });
  });

  it('exits 1 when a task fails, and reports the failure by line', async () => {
    await sim.addFault({ kind: 'task-failure', model: 'clip-3.0-turbo', count: 1, message: 'upstream refused the scene' });
    const file = await writeJobs(join(folder.dir, 'fails.jsonl'), [
      { model: 'gen-image-2', prompt: 'a calm lake' },
      { model: 'clip-3.0-turbo', prompt: 'a storm', duration: 3 },
    ]);
    const run = await runCli(batchArgs(file, join(folder.dir, 'library-fails'), '--json'), { env: env() });
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout) as JsonOutput;
    expect(result).toMatchObject({ total: 2, completed: 1, failed: 1 });
    expect(result.jobs[1]).toMatchObject({ line: 2, status: 'failed', files: [] });
    expect(result.jobs[1]?.error).toMatch(/upstream refused the scene/);
    expect(run.stderr).toMatch(/line 2: failed: .*upstream refused the scene/);
  });

  it('words a refused upload from the same source as the window, with the gateway’s own text', async () => {
    const before = (await sim.stats()).totalSubmissions;
    const file = await writeJobs(join(folder.dir, 'bad-key.jsonl'), [{ model: 'gen-image-2', prompt: 'repaint', size: '1:1', references: ['refs/photo.png'] }]);
    const run = await runCli(batchArgs(file, join(folder.dir, 'library-bad-key'), '--json'), {
      env: { ...env(), ATELIER_API_KEY: 'sk-wrongwrongwrongwrongwrong' },
    });
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout) as JsonOutput;
    const message = (result.problems[0] as { message: string } | undefined)?.message ?? '';
    expect(message).toContain('Nothing was submitted: The API key is missing or invalid. Check the key in the gateway settings.');
    expect(message).toContain('Gateway said: 无效的令牌');
    expect((await sim.stats()).totalSubmissions).toBe(before);
  });

  it('runs on the embedded demo gateway without --gateway, and says so', async () => {
    const file = await writeJobs(join(folder.dir, 'demo.jsonl'), [{ model: 'gen-image-2', prompt: 'a demo lantern' }]);
    const run = await runCli(['batch', file, '--library', join(folder.dir, 'library-demo'), '--json'], { env: env() });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/No --gateway given: running against the embedded demo gateway at http:\/\/127\.0\.0\.1:\d+/);
    expect(run.stderr).toMatch(/ATELIER_API_KEY is used only with --gateway/);
    const result = JSON.parse(run.stdout) as JsonOutput;
    expect(result).toMatchObject({ total: 1, completed: 1 });
    expect(existsSync(result.jobs[0]?.files[0] ?? '')).toBe(true);
  });
});
