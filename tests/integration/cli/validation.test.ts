/**
 * Bad input and bad usage: every problem of a jobs file is reported with its line number, the
 * exit code is 2, and the gateway sees nothing (no upload, no submission).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibraryDatabase } from '../../../src/main/core/library';
import { insertJob } from '../../../src/main/core/jobs/store';
import { libraryDatabasePath } from '../../../src/main/core/library/library-service';
import { runCli, startSimProcess, tempDir, writeJobs, writePng, type SimProcess } from './cli-harness';

let sim: SimProcess;
let folder: { dir: string; cleanup: () => void };

beforeAll(async () => {
  sim = await startSimProcess();
  folder = tempDir();
  await writePng(join(folder.dir, 'refs/square.png'), 256, 256, { seed: 2 });
  await writePng(join(folder.dir, 'refs/mask-small.png'), 128, 128, { alpha: true });
  await writePng(join(folder.dir, 'refs/mask-opaque.png'), 256, 256);
});

afterAll(async () => {
  await sim.stop();
  folder.cleanup();
});

function batchArgs(file: string, ...extra: string[]): string[] {
  return ['batch', file, '--gateway', sim.url, '--library', join(folder.dir, 'library'), ...extra];
}

const withKey = (): Record<string, string> => ({ ATELIER_API_KEY: sim.demoKey });

describe('atelier batch: a file with mistakes', () => {
  it('reports every bad line with its number, exits 2 and sends nothing', async () => {
    const file = await writeJobs(join(folder.dir, 'bad.jsonl'), [
      { model: 'gen-image-2', prompt: 'a valid line' },
      '{"model": "gen-image-2", "prompt": ',
      { model: 'gen-image-9', prompt: 'unknown model' },
      { model: 'vid-2-official', prompt: 'a boat', duration: 5 },
      { model: 'gen-image-2', prompt: 'edit', references: ['refs/square.png'], mask: 'refs/mask-small.png' },
      { model: 'nova-3.1-flash-image', prompt: 'missing file', references: ['refs/nowhere.png'] },
      { model: 'gen-image-2', prompt: 'count', count: 0 },
      '',
      { model: 'gen-image-2', prompt: 'mask without alpha', references: ['refs/square.png'], mask: 'refs/mask-opaque.png' },
      { model: 'clip3-720p', prompt: 'needs images' },
      { model: 'gen-image-2', prompt: 'a valid line too', size: '16:9', count: 2 },
    ]);
    const before = await sim.stats();
    const run = await runCli(batchArgs(file), { env: withKey() });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/8 problems; nothing was submitted/);
    const reported = [...run.stderr.matchAll(/^ {2}line (\d+): (.*)$/gm)].map((match) => ({ line: Number(match[1]), message: match[2] ?? '' }));
    expect(reported.map((problem) => problem.line)).toEqual([2, 3, 4, 5, 6, 7, 9, 10]);
    const at = (line: number): string =>
      reported
        .filter((problem) => problem.line === line)
        .map((problem) => problem.message)
        .join(' | ');
    expect(at(2)).toMatch(/not valid JSON/);
    expect(at(3)).toMatch(/unknown model "gen-image-9"/);
    expect(at(4)).toMatch(/duration.*4, 8, 12/);
    expect(at(5)).toMatch(/mask is 128x128 but the first image of image_urls is 256x256/);
    expect(at(6)).toMatch(/references\[0\] "refs\/nowhere.png": file not found/);
    expect(at(7)).toMatch(/"count" must be at least 1/);
    expect(at(9)).toMatch(/alpha channel/);
    expect(at(10)).toMatch(/images: at least 1 image/);
    const after = await sim.stats();
    expect(after.totalSubmissions).toBe(before.totalSubmissions);
    expect(after.requests['POST /v1/uploads/images'] ?? 0).toBe(before.requests['POST /v1/uploads/images'] ?? 0);
  });

  it('prints the problems as one JSON object with --json', async () => {
    const file = await writeJobs(join(folder.dir, 'bad-json.jsonl'), [{ model: 'nope', prompt: 'x' }, 'not json']);
    const run = await runCli(batchArgs(file, '--json'), { env: withKey() });
    expect(run.code).toBe(2);
    const result = JSON.parse(run.stdout) as { jobs: unknown[]; total: number; problems: { line: number; message: string }[] };
    expect(result.jobs).toEqual([]);
    expect(result.total).toBe(0);
    expect(result.problems.map((problem) => problem.line)).toEqual([1, 2]);
  });
});

describe('atelier batch: bad usage exits 2', () => {
  it('a missing jobs file', async () => {
    const run = await runCli(batchArgs(join(folder.dir, 'absent.jsonl')), { env: withKey() });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Cannot read the jobs file .*absent\.jsonl: no such file/);
  });

  it('--concurrency 0', async () => {
    const run = await runCli(batchArgs('jobs.jsonl', '--concurrency', '0'), { env: withKey() });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--concurrency must be a whole number from 1 to/);
  });

  it('a key in the arguments, which is never echoed', async () => {
    const run = await runCli(batchArgs('jobs.jsonl', '--api-key', sim.demoKey), { env: withKey() });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/never taken from the command line.*ATELIER_API_KEY/s);
    expect(run.stderr + run.stdout).not.toContain(sim.demoKey);
  });

  it('--gateway without ATELIER_API_KEY', async () => {
    const file = await writeJobs(join(folder.dir, 'fine.jsonl'), [{ model: 'gen-image-2', prompt: 'x' }]);
    const run = await runCli(batchArgs(file));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/No API key: set ATELIER_API_KEY/);
  });

  it('an unknown option, through npm run atelier', async () => {
    const run = await runCli(['--frobnicate'], { env: withKey(), viaNpm: true });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Unknown option '--frobnicate'.*--help/s);
  });
});

describe('atelier batch: a library with work of another origin', () => {
  it("refuses to run (exit 2) rather than run the studio's jobs with its own key", async () => {
    const library = join(folder.dir, 'studio-library');
    const db = LibraryDatabase.open(libraryDatabasePath(library));
    insertJob(db, {
      variantId: 'image.gen-image-2.direct',
      model: 'gen-image-2',
      request: { model: 'gen-image-2', prompt: 'from the studio' },
      profileId: 'studio-profile',
    });
    db.close();
    const file = await writeJobs(join(folder.dir, 'guarded.jsonl'), [{ model: 'gen-image-2', prompt: 'x' }]);
    const before = await sim.stats();
    const run = await runCli(['batch', file, '--gateway', sim.url, '--library', library], { env: withKey() });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/has 1 unfinished job from the studio or another gateway.*--library/s);
    expect((await sim.stats()).totalSubmissions).toBe(before.totalSubmissions);
  });
});
