/**
 * Crash safety: a child process running a batch is killed with SIGKILL (deterministically
 * between a submission reaching the gateway and its task id being recorded, in the middle of a
 * download, and at random points); the engine restarted here accounts for every job, submits
 * nothing twice without the user's consent, and stores every result exactly once.
 * `npm test` kills at one random point a run (a new one each run); `ATELIER_SOAK_RUNS=<n>` (or `npm run test:soak`) raises the number of random runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { jobStates } from '../../../src/shared/jobs/job-states';
import { variantById } from '../../../src/shared/catalog';
import { listJobsInStates, listJobTasks, type Job } from '../../../src/main/core/jobs/store';
import type { EngineJobInput, JobEngine } from '../../../src/main/core/jobs';
import { bundledEntry } from '../../helpers/bundled-entries';
import { bodyOf, mediaFilesIn, startBench, temporaryFilesIn, type Bench } from './harness';

const CHILD = bundledEntry('crash-child');
const RANDOM_RUNS = Number(process.env.ATELIER_SOAK_RUNS ?? 1);

const MIXED: EngineJobInput[] = [
  { variantId: 'image.gen-image-2.direct', body: bodyOf('image.gen-image-2.direct', { prompt: 'direct one', size: '1024x1024' }) },
  { variantId: 'image.gen-image-2.task', body: bodyOf('image.gen-image-2.task', { prompt: 'task one' }) },
  { variantId: 'image.nova-3.1-flash-image', body: bodyOf('image.nova-3.1-flash-image', { prompt: 'direct two' }) },
  { variantId: 'video.clip-3.0-turbo', body: bodyOf('video.clip-3.0-turbo', { prompt: 'a kite', duration: 3 }) },
  { variantId: 'video.clip-v3-omni', body: bodyOf('video.clip-v3-omni', { prompt: 'a dance', duration: 3 }) },
  { variantId: 'image.nova-3-pro-image.official', body: bodyOf('image.nova-3-pro-image.official', { prompt: 'task two' }) },
  { variantId: 'video.vid-2.official', body: bodyOf('video.vid-2.official', { prompt: 'a harbour', size: '1280x720' }) },
  { variantId: 'image.gen-image-2.task', body: bodyOf('image.gen-image-2.task', { prompt: 'task three' }) },
];

let bench: Bench;
let child: ChildProcess | undefined;
afterEach(async () => {
  child?.kill('SIGKILL');
  child = undefined;
  await bench.close();
});

function startChild(jobs: EngineJobInput[]): { exited: Promise<number | null>; output: () => string } {
  let output = '';
  const proc = spawn(process.execPath, [CHILD], {
    env: {
      ...process.env,
      ATELIER_LOG: 'silent',
      ATELIER_SIM_URL: bench.sim.url,
      ATELIER_SIM_KEY: bench.sim.demoKey,
      ATELIER_LIBRARY: bench.root,
      ATELIER_CRASH_JOBS: JSON.stringify(jobs),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child = proc;
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { exited, output: () => output };
}

/**
 * How long the engine may take to settle after a restart: a video's facts and poster come from
 * ffmpeg in WebAssembly, whose first use in a process compiles it, which takes a while on a busy machine.
 */
const IDLE_MS = 60_000;

/** A deadline that catches a hang: a child's start (its bundle, its library) took over 20 s on a machine loaded twentyfold. */
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(10);
  }
}

async function kill(run: { exited: Promise<number | null> }): Promise<void> {
  child?.kill('SIGKILL');
  await run.exited;
  child = undefined;
}

function allJobs(): Job[] {
  return listJobsInStates(bench.db, jobStates);
}

/** Restarts here, lets the user resubmit unknown jobs, and checks the invariants. */
async function restartAndCheck(expectedJobs: number): Promise<{ engine: JobEngine; unknownAtRestart: string[] }> {
  const engine = bench.engine();
  const report = await engine.start();
  await engine.waitForIdle({ timeoutMs: IDLE_MS });
  const jobs = allJobs();
  expect(jobs).toHaveLength(expectedJobs);
  for (const job of jobs) expect(['done', 'unknown'], `${job.variantId}: ${job.state} ${job.errorMessage ?? ''}`).toContain(job.state);

  // Nothing was sent twice: each job's accepted submissions are its task rows (or its direct answer).
  const acceptedOf = (job: Job): number =>
    variantById(job.variantId)?.response === 'task' ? listJobTasks(bench.db, job.id).length : job.state === 'done' ? 1 : 0;
  const accepted = (): number => jobs.reduce((n, job) => n + acceptedOf(job), 0);
  const unknown = jobs.filter((job) => job.state === 'unknown').map((job) => job.id);
  const submitted = (await bench.stats()).totalSubmissions;
  expect(submitted).toBeGreaterThanOrEqual(accepted());
  expect(submitted).toBeLessThanOrEqual(accepted() + unknown.length);

  // The user resubmits, knowingly, what may or may not have been sent.
  for (const id of unknown) engine.commands.resolveUnknown(id, 'resubmit');
  await engine.waitForIdle({ timeoutMs: IDLE_MS });
  for (const job of allJobs()) expect(job.state, `${job.variantId}: ${job.errorMessage ?? ''}`).toBe('done');
  expect((await bench.stats()).totalSubmissions).toBeLessThanOrEqual(expectedJobs + unknown.length);

  // Every result exactly once: one row per (task or direct job, index), one file per row, no leftovers.
  const rows = bench.db
    .prepare<[], { n: number; distinct_results: number }>(
      "SELECT COUNT(*) AS n, COUNT(DISTINCT COALESCE(task_id, 'job:' || job_id) || '#' || result_index) AS distinct_results FROM assets",
    )
    .get();
  expect(rows?.n).toBe(rows?.distinct_results);
  expect(rows?.n).toBe(expectedJobs);
  expect(mediaFilesIn(bench.root)).toHaveLength(rows?.n ?? -1);
  expect(temporaryFilesIn(bench.root)).toEqual([]);
  return { engine, unknownAtRestart: report.unknown };
}

describe('a batch survives its process being killed', { timeout: 180_000 }, () => {
  it('between the submission reaching the gateway and its task id being recorded', async () => {
    bench = await startBench();
    await bench.addFault({ kind: 'latency', ms: 1_000, route: 'POST /v1/images/generations', count: 1 });
    const job = MIXED[1];
    if (!job) throw new Error('no job');
    const run = startChild([job]);
    await until('the submission reached the gateway', async () => ((await bench.stats()).requests['POST /v1/images/generations'] ?? 0) >= 1);
    await kill(run);
    expect(allJobs().map((j) => j.state)).toEqual(['submitting']);
    const { unknownAtRestart } = await restartAndCheck(1);
    expect(unknownAtRestart).toHaveLength(1);
  });

  it('in the middle of a download', async () => {
    // A fixture clip (a few kB) takes seconds at this rate, long after the kill; what the video shows does not matter here.
    bench = await startBench();
    await bench.addFault({ kind: 'slow-download', bytesPerSecond: 500, route: 'GET /files/*', count: 1 });
    const run = startChild([MIXED[3] ?? MIXED[0] ?? { variantId: '', body: {} }]);
    await until('the download started', () => allJobs()[0]?.state === 'downloading');
    await sleep(150);
    await kill(run);
    expect(allJobs().map((j) => j.state)).toEqual(['downloading']);
    await restartAndCheck(1);
  });

  it('an omni job killed mid-submission is looked up by its business id, and sent again only when the artist says so', async () => {
    bench = await startBench();
    // Held far longer than finding it there and killing the child takes, however busy the machine.
    await bench.addFault({ kind: 'latency', ms: 10_000, route: 'POST /v1/videos/generations', count: 1 });
    const run = startChild([MIXED[4] ?? { variantId: '', body: {} }]);
    await until('the submission reached the gateway', async () => ((await bench.stats()).requests['POST /v1/videos/generations'] ?? 0) >= 1);
    await kill(run);
    const engine = bench.engine({ reconcile: { graceMs: 1_000, intervalMs: 50 } });
    const report = await engine.start();
    expect(report.unknown).toHaveLength(1);
    await engine.waitForIdle({ timeoutMs: IDLE_MS });
    // Killed before the gateway handled it: the look-ups find nothing, and nothing is sent without the artist.
    const [job] = allJobs();
    expect(job?.state, job?.errorMessage ?? '').toBe('unknown');
    expect((await bench.stats()).submissions['clip-v3-omni'] ?? 0).toBe(0);
    engine.commands.resolveUnknown(job?.id ?? '', 'resubmit');
    await engine.waitForIdle({ timeoutMs: IDLE_MS });
    expect(allJobs()[0]?.state).toBe('done');
    expect((await bench.stats()).submissions['clip-v3-omni']).toBe(1);
    expect(mediaFilesIn(bench.root)).toHaveLength(1);
  });

  for (let runNumber = 1; runNumber <= RANDOM_RUNS; runNumber++) {
    it(`at a random point (run ${runNumber} of ${RANDOM_RUNS})`, async () => {
      bench = await startBench();
      const run = startChild(MIXED);
      await until('the child created its batch', () => allJobs().length === MIXED.length);
      const delay = Math.floor(Math.random() * 900);
      await sleep(delay);
      await kill(run);
      const states = allJobs()
        .map((job) => job.state)
        .join(', ');
      try {
        await restartAndCheck(MIXED.length);
      } catch (error) {
        throw new Error(`after a kill ${delay} ms into the batch (states: ${states}): ${(error as Error).message}\n${run.output().slice(-2000)}`, {
          cause: error,
        });
      }
    });
  }
});
