/**
 * A deadline only slows polling down: a paid task is never abandoned while the gateway may still
 * finish it. Past its deadline a job is "still running on the gateway", polled less and less
 * often, across restarts, until the gateway finishes it; "check now" asks at once; a new paid
 * submission is a separate action. The cases run minutes of the interface's cadence on a virtual
 * clock; the last one (a library an earlier version left) runs in real time.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { variantById } from '../../../src/shared/catalog';
import { LibraryDatabase, listJobAssets } from '../../../src/main/core/library';
import { listJobTasks } from '../../../src/main/core/jobs/store';
import { migrations } from '../../../src/main/core/library/migrations';
import { JobEngine, type JobDetail } from '../../../src/main/core/jobs';
import { bodyOf, FAST_ENGINE, FAST_TASKS, startBench, type Bench } from './harness';

const TURBO = 'video.clip-3.0-turbo';
const turbo = (prompt: string) => ({ variantId: TURBO, body: bodyOf(TURBO, { prompt, duration: 3 }) });
const VIDEO_POLLS = 'GET /v1/videos/generations/:id';

let bench: Bench;
afterEach(async () => bench.close());

/** Resolves with the first view of a job that matches, as the engine announces it. */
function viewWhen(engine: JobEngine, jobId: string, matches: (job: JobDetail) => boolean): Promise<JobDetail> {
  return new Promise((resolve) => {
    const now = engine.queries.job(jobId);
    if (now && matches(now)) {
      resolve(now);
      return;
    }
    const stop = engine.onChange((event) => {
      const seen = event.type === 'jobs.changed' ? event.jobs.find((job) => job.id === jobId && matches(job)) : undefined;
      if (seen) {
        stop();
        resolve(seen);
      }
    });
  });
}

const stillRunning = (job: JobDetail): boolean => job.overdueSince !== null;

/** The interface's video cadence (a poll every 5 s), with a one-minute deadline so a few minutes of task outlive it. */
const VIDEO_CADENCE = { pollTimings: { video: { initialDelayMs: 5_000, intervalMs: 5_000, deadlineMs: 60_000 } } };
/** The demo gateway's tasks, with videos that take `videoMs`. */
const tasks = (videoMs: number) => ({ timing: { ...FAST_TASKS, video: videoMs } });
const minutes = (count: number): number => count * 60_000;

// Minutes of engine and gateway time on a virtual clock: each case runs in well under a second.
describe('a task that outlives its deadline', () => {
  it('is still running on the gateway, polled more slowly, and its result reaches the library without a second submission', async () => {
    bench = await startBench(tasks(minutes(4)), { virtualTime: true });
    const engine = bench.engine(VIDEO_CADENCE);
    const states: string[] = [];
    engine.onChange((event) => {
      if (event.type === 'jobs.changed') states.push(...event.jobs.map((job) => job.state));
    });
    await engine.start();
    const job = engine.commands.enqueue(turbo('a slow sunrise'));
    const late = await bench.run(viewWhen(engine, job.id, stillRunning));
    expect(late).toMatchObject({ state: 'running', errorCode: null });
    expect(late.overdueSince).toBe(listJobTasks(bench.db, job.id)[0]?.deadlineAt);
    await bench.idle(engine);
    const done = engine.queries.job(job.id);
    expect(done).toMatchObject({ state: 'done', overdueSince: null, attempts: 1 });
    expect(listJobAssets(bench.db, job.id)).toHaveLength(1);
    expect(states).not.toContain('failed');
    const stats = await bench.stats();
    expect(stats.submissions['clip-3.0-turbo']).toBe(1);
    expect(stats.requests['POST /v1/videos/generations']).toBe(1);
    // Four minutes at a steady 5 s would be 48 polls; past the deadline they thin out.
    expect(stats.requests[VIDEO_POLLS] ?? 0).toBeGreaterThan(12);
    expect(stats.requests[VIDEO_POLLS] ?? 0).toBeLessThan(30);
  });

  it('stays still running on the gateway across a restart, and completes then', async () => {
    bench = await startBench(tasks(minutes(5)), { virtualTime: true });
    const first = bench.engine(VIDEO_CADENCE);
    await first.start();
    const job = first.commands.enqueue(turbo('a tide coming in'));
    await bench.run(viewWhen(first, job.id, stillRunning));
    await first.stop();
    bench.reopen();
    const second = bench.engine(VIDEO_CADENCE);
    await second.start();
    const resumed = second.queries.job(job.id);
    expect(['submitted', 'running']).toContain(resumed?.state);
    expect(resumed?.overdueSince).not.toBeNull();
    await bench.idle(second);
    expect(second.queries.job(job.id)).toMatchObject({ state: 'done', attempts: 1 });
    expect((await bench.stats()).submissions['clip-3.0-turbo']).toBe(1);
  });

  it('"check now" polls the same task at once instead of waiting for its slow schedule', async () => {
    bench = await startBench(tasks(minutes(2)), { virtualTime: true });
    const engine = bench.engine(VIDEO_CADENCE);
    await engine.start();
    const job = engine.commands.enqueue(turbo('a kettle about to boil'));
    await bench.run(viewWhen(engine, job.id, stillRunning));
    // The gateway finishes it meanwhile; the studio's time stands still, so its next poll is not due.
    await bench.admin('POST', '/clock', { advanceMs: minutes(5) });
    const polls = (await bench.stats()).requests[VIDEO_POLLS] ?? 0;
    const checked = await engine.commands.checkNow(job.id);
    expect(['downloading', 'done']).toContain(checked.state);
    expect((await bench.stats()).requests[VIDEO_POLLS]).toBe(polls + 1);
    await bench.idle(engine);
    expect(engine.queries.job(job.id)).toMatchObject({ state: 'done', taskId: checked.taskId });
    expect(listJobAssets(bench.db, job.id)).toHaveLength(1);
    await expect(engine.commands.checkNow(job.id)).rejects.toThrow(/still working on/);
  });

  it('is sent again only as a separate, new job, and both results are kept', async () => {
    bench = await startBench(tasks(minutes(2)), { virtualTime: true });
    const engine = bench.engine(VIDEO_CADENCE);
    await engine.start();
    const job = engine.commands.enqueue(turbo('a paper boat'));
    await bench.run(viewWhen(engine, job.id, stillRunning));
    const copy = engine.commands.submitAgain(job.id);
    expect(copy.id).not.toBe(job.id);
    expect(copy).toMatchObject({ state: 'queued', prompt: 'a paper boat', variantId: TURBO });
    await bench.idle(engine);
    for (const id of [job.id, copy.id]) {
      expect(engine.queries.job(id)?.state).toBe('done');
      expect(listJobAssets(bench.db, id)).toHaveLength(1);
    }
    expect((await bench.stats()).submissions['clip-3.0-turbo']).toBe(2);
  });
});

describe('deadlines come from the catalog', () => {
  it("variant E's 4K task is given longer than its 1K task", async () => {
    bench = await startBench({}, { virtualTime: true });
    // The interface's own image cadence: a virtual clock makes its seconds free.
    const engine = bench.engine({ pollTimings: {} });
    await engine.start();
    const id = 'image.nova-3-pro-image.official';
    const { jobs } = await engine.commands.createBatch({
      name: 'tiers',
      jobs: ['1K', '4K'].map((tier) => ({ variantId: id, body: bodyOf(id, { prompt: `a ${tier} harbour`, 'metadata.resolution': tier }) })),
    });
    await bench.idle(engine);
    const waits = jobs.map((job) => {
      const [task] = listJobTasks(bench.db, job.id);
      return (task?.deadlineAt ?? 0) - (task?.createdAt ?? 0);
    });
    expect(waits).toEqual([122_000, 300_000]);
  });
});

describe('a library an earlier version left', () => {
  it('follows again a job that was failed at its deadline, and collects its result', async () => {
    bench = await startBench();
    const entry = variantById(TURBO);
    if (!entry) throw new Error('no turbo variant');
    const answer = await bench.client.generation.send(bench.client.generation.prepareBody(entry, bodyOf(TURBO, { prompt: 'given up on', duration: 3 })));
    if (answer.style !== 'task') throw new Error('expected a task');
    const taskId = answer.task.taskId;
    // The rows as version 12 wrote them when it gave up at the deadline, in a library of its own.
    const file = join(bench.root, 'earlier', 'library.sqlite');
    mkdirSync(dirname(file), { recursive: true });
    const old = LibraryDatabase.open(file, { migrations: migrations.slice(0, 12) });
    old.connection.prepare(`INSERT INTO batches (id, name, status, options, created_at, updated_at) VALUES ('b-old', 'given up', 'done', '{}', 1, 1)`).run();
    // Written by hand: today's `insertJob` writes columns version 12 did not have.
    const job = { id: 'j-old' };
    old.connection
      .prepare(
        `INSERT INTO jobs (id, batch_id, position, variant_id, model, request, prompt, state, created_at, updated_at) VALUES (?, 'b-old', 0, ?, 'clip-3.0-turbo', ?, 'given up on', 'queued', 1, 1)`,
      )
      .run(job.id, TURBO, JSON.stringify(bodyOf(TURBO, { prompt: 'given up on', duration: 3 })));
    const message = `No result after 30 min (the deadline for video tasks). The gateway may still finish task ${taskId}; the studio stopped waiting for it.`;
    old.connection
      .prepare(`UPDATE jobs SET state = 'failed', attempts = 1, error_code = 'deadline', error_message = ?, finished_at = 1 WHERE id = ?`)
      .run(message, job.id);
    old.connection
      .prepare(
        `INSERT INTO tasks (id, job_id, family, poll_route, state, deadline_at, last_error, created_at, updated_at) VALUES (?, ?, 'video', ?, 'failed', 2, ?, 1, 1)`,
      )
      .run(taskId, job.id, `/v1/videos/generations/${taskId}`, message);
    old.close();
    // Long past its deadline, it is polled at once and then only slowly: the gateway has finished it by now.
    await bench.admin('POST', '/clock', { advanceMs: 5_000 });
    const db = LibraryDatabase.open(file);
    const engine = new JobEngine({ ...FAST_ENGINE, db, libraryRoot: dirname(file), connectionFor: () => bench.client });
    try {
      await engine.start();
      expect(engine.queries.job(job.id)).toMatchObject({ state: 'running', errorCode: null });
      expect(engine.queries.batch('b-old')?.status).toBe('active');
      await engine.waitForIdle({ timeoutMs: 15_000 });
      expect(engine.queries.job(job.id)).toMatchObject({ state: 'done', attempts: 1 });
      expect(engine.queries.batch('b-old')?.status).toBe('done');
      expect(listJobAssets(db, job.id)).toHaveLength(1);
      expect((await bench.stats()).submissions['clip-3.0-turbo']).toBe(1);
    } finally {
      await engine.stop();
      db.close();
    }
  });
});
