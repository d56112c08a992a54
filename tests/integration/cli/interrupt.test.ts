/**
 * Ctrl-C in the middle of a batch: the CLI stops submitting, keeps what was submitted recorded,
 * says how to resume and exits non-zero; the same command again resumes, completes, and the
 * gateway has seen every job submitted exactly once.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startSimProcess, tempDir, writeJobs, type SimProcess } from './cli-harness';

let sim: SimProcess;
let folder: { dir: string; cleanup: () => void };

beforeAll(async () => {
  sim = await startSimProcess();
  folder = tempDir();
});

afterAll(async () => {
  await sim.stop();
  folder.cleanup();
});

describe('atelier batch: Ctrl-C and resume', () => {
  // Two runs of the CLI, six jobs one at a time at the slowest polling: a minute was not enough on a machine loaded twentyfold.
  it('stops submitting on SIGINT and the same command resumes without resubmitting', async () => {
    const file = await writeJobs(join(folder.dir, 'long.jsonl'), [
      { model: 'clip-3.0-turbo', prompt: 'rain on a window', duration: 3, count: 4 },
      { model: 'gen-image-2', prompt: 'a paper boat', size: '4:3', count: 2 },
    ]);
    const args = ['batch', file, '--gateway', sim.url, '--library', join(folder.dir, 'library'), '--concurrency', '1'];
    const env = { ATELIER_API_KEY: sim.demoKey, ATELIER_POLL_INTERVAL_MS: '1000' };

    let signalled = false;
    const first = await runCli(args, {
      env,
      onOutput: (child, output) => {
        // Interrupt as soon as the first job is on the gateway: the others are still waiting.
        if (!signalled && /submitted, task /.test(output.stdout)) {
          signalled = true;
          child.kill('SIGINT');
        }
      },
    });
    expect(signalled).toBe(true);
    expect(first.code).toBe(130);
    expect(first.stderr).toMatch(/Stopping: no new jobs are submitted/);
    expect(first.stderr).toMatch(/Interrupted: \d of 6 jobs were sent and are recorded in .*; \d not sent\./);
    expect(first.stderr).toContain(`Run the same command again to resume`);
    expect(first.stderr).toContain(`npm run atelier -- batch ${file} --gateway ${sim.url}`);
    const sentFirst = (await sim.stats()).totalSubmissions;
    expect(sentFirst).toBeGreaterThan(0);
    expect(sentFirst).toBeLessThan(6);

    const second = await runCli([...args, '--json'], { env });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toMatch(/Resuming the batch of .*long\.jsonl/);
    const result = JSON.parse(second.stdout) as { total: number; completed: number; resumed: boolean; jobs: { line: number; files: string[] }[] };
    expect(result).toMatchObject({ total: 6, completed: 6, resumed: true });
    expect(result.jobs.map((job) => job.line)).toEqual([1, 1, 1, 1, 2, 2]);
    expect(result.jobs.every((job) => job.files.length > 0)).toBe(true);

    const stats = await sim.stats();
    expect(stats.submissions['clip-3.0-turbo']).toBe(4);
    expect(stats.submissions['gen-image-2']).toBe(2);
  }, 120_000);

  it('a submission whose answer was lost ends unknown (exit 1) and no rerun resends it', async () => {
    await sim.addFault({ kind: 'drop-connection', phase: 'after-request-read', route: 'POST /v1/videos/generations', count: 1 });
    const file = await writeJobs(join(folder.dir, 'lost.jsonl'), [
      { model: 'clip-3.0-turbo', prompt: 'an answer that never comes back', duration: 3 },
      { model: 'gen-image-2', prompt: 'a kite' },
    ]);
    const args = ['batch', file, '--gateway', sim.url, '--library', join(folder.dir, 'library-lost'), '--json'];
    const env = { ATELIER_API_KEY: sim.demoKey, ATELIER_POLL_INTERVAL_MS: '1000' };
    const first = await runCli(args, { env });
    expect(first.code).toBe(1);
    const result = JSON.parse(first.stdout) as { unknown: number; completed: number; jobs: { status: string; error: string | null }[] };
    expect(result).toMatchObject({ unknown: 1, completed: 1 });
    expect(result.jobs[0]?.status).toBe('unknown');
    expect(result.jobs[0]?.error).toMatch(/may have accepted/);
    expect(first.stderr).toMatch(/never resent by themselves/);

    const requests = (await sim.stats()).requests['POST /v1/videos/generations'] ?? 0;
    const again = await runCli(args, { env });
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stdout) as { unknown: number; resumed: boolean }).toMatchObject({ unknown: 1, resumed: true });
    expect((await sim.stats()).requests['POST /v1/videos/generations'] ?? 0).toBe(requests);
  });
});
