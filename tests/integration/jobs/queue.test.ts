/**
 * The queue as the user drives it: concurrency caps, pause and resume (the whole queue and one
 * batch), cancel at each stage, reorder. On a virtual clock (the harness's): the engine's waits
 * and the demo gateway's task times cost no real time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { activeJobStates } from '../../../src/shared/jobs/job-states';
import { countJobsBy, getBatch, listJobTasks } from '../../../src/main/core/jobs/store';
import type { JobEngine } from '../../../src/main/core/jobs';
import { bodyOf, startBench, type Bench } from './harness';

const IMAGE_SUBMIT = 'POST /v1/images/generations';

let bench: Bench;
afterEach(async () => bench.close());

const imageTask = (prompt: string) => ({ variantId: 'image.gen-image-2.task', body: bodyOf('image.gen-image-2.task', { prompt }) });
const novaTask = (prompt: string) => ({ variantId: 'image.nova-3-pro-image.official', body: bodyOf('image.nova-3-pro-image.official', { prompt }) });
const turbo = (prompt: string) => ({ variantId: 'video.clip-3.0-turbo', body: bodyOf('video.clip-3.0-turbo', { prompt, duration: 3 }) });

/** Waits until `predicate` holds for some job event (for acting at a given stage). */
function whenJob(engine: JobEngine, predicate: (state: string) => boolean, jobId: () => string): Promise<void> {
  return new Promise((resolve) => {
    const stop = engine.onChange((event) => {
      if (event.type === 'jobs.changed' && event.jobs.some((job) => job.id === jobId() && predicate(job.state))) {
        stop();
        resolve();
      }
    });
  });
}

describe('concurrency caps', () => {
  it('never has more jobs in flight than the global, per-model and per-batch caps allow', async () => {
    bench = await startBench({}, { virtualTime: true });
    const engine = bench.engine({ queue: { maxActive: 3, maxActivePerModel: 2 } });
    const peaks = { total: 0, perModel: 0, capped: 0 };
    let capped = '';
    engine.onChange((event) => {
      if (event.type !== 'jobs.changed') return;
      const byModel = countJobsBy(bench.db, 'model', activeJobStates);
      const byBatch = countJobsBy(bench.db, 'batch', activeJobStates);
      peaks.total = Math.max(
        peaks.total,
        [...byModel.values()].reduce((a, b) => a + b, 0),
      );
      peaks.perModel = Math.max(peaks.perModel, ...byModel.values());
      peaks.capped = Math.max(peaks.capped, byBatch.get(capped) ?? 0);
    });
    await engine.start();
    const wide = await engine.commands.createBatch({
      name: 'wide',
      jobs: [imageTask('1'), imageTask('2'), imageTask('3'), imageTask('4'), novaTask('5'), novaTask('6'), novaTask('7'), turbo('8'), turbo('9')],
    });
    const narrow = await engine.commands.createBatch({ name: 'narrow', options: { concurrency: 1 }, jobs: [turbo('a'), turbo('b'), turbo('c')] });
    capped = narrow.batch.id;
    await bench.idle(engine);
    for (const job of [...wide.jobs, ...narrow.jobs]) expect(engine.queries.job(job.id)?.state).toBe('done');
    expect(peaks.total).toBe(3);
    expect(peaks.perModel).toBe(2);
    expect(peaks.capped).toBe(1);
    expect(getBatch(bench.db, wide.batch.id)?.status).toBe('done');
  });
});

describe('pause and resume', () => {
  it('a paused queue sends nothing (and stays paused after a restart) until resumed', async () => {
    bench = await startBench({}, { virtualTime: true });
    const first = bench.engine();
    await first.start();
    first.commands.pause();
    const { jobs } = await first.commands.createBatch({ name: 'later', jobs: [imageTask('x'), imageTask('y')] });
    await bench.idle(first);
    expect((await bench.stats()).requests[IMAGE_SUBMIT]).toBeUndefined();
    await first.stop();

    // The pause is kept in the library database, so a new process (reopened database) sees it.
    bench.reopen();
    const second = bench.engine();
    await second.start();
    expect(second.queries.paused).toBe(true);
    await bench.idle(second);
    expect(jobs.map((job) => second.queries.job(job.id)?.state)).toEqual(['queued', 'queued']);
    second.commands.resume();
    await bench.idle(second);
    expect(jobs.map((job) => second.queries.job(job.id)?.state)).toEqual(['done', 'done']);
  });

  it('pausing a batch holds its jobs while other work goes on', async () => {
    bench = await startBench({}, { virtualTime: true });
    const engine = bench.engine();
    await engine.start();
    engine.commands.pause();
    const held = await engine.commands.createBatch({ name: 'held', jobs: [imageTask('h1'), imageTask('h2')] });
    const free = await engine.commands.createBatch({ name: 'free', jobs: [imageTask('f1')] });
    engine.commands.pauseBatch(held.batch.id);
    engine.commands.resume();
    await bench.idle(engine);
    expect(engine.queries.job(free.jobs[0]?.id ?? '')?.state).toBe('done');
    expect(held.jobs.map((job) => engine.queries.job(job.id)?.state)).toEqual(['queued', 'queued']);
    expect(engine.queries.batch(held.batch.id)).toMatchObject({ status: 'paused', note: null });
    engine.commands.resumeBatch(held.batch.id);
    await bench.idle(engine);
    expect(engine.queries.batch(held.batch.id)).toMatchObject({ status: 'done', counts: { done: 2 } });
  });
});

describe('cancel', () => {
  it('a queued job is canceled before anything is sent', async () => {
    bench = await startBench({}, { virtualTime: true });
    const engine = bench.engine();
    await engine.start();
    engine.commands.pause();
    const job = engine.commands.enqueue(imageTask('never'));
    expect(engine.commands.cancelJob(job.id)).toMatchObject({ outcome: 'canceled', message: expect.stringMatching(/nothing was charged/) as unknown });
    engine.commands.resume();
    await bench.idle(engine);
    expect(engine.queries.job(job.id)?.state).toBe('canceled');
    expect((await bench.stats()).totalRequests).toBe(0);
  });

  it('a running task is canceled: the studio says it is paid, stops polling and downloads nothing', async () => {
    bench = await startBench({ timing: { image: 250, video: 3_000, character: 300, textChunk: 0 } }, { virtualTime: true });
    const engine = bench.engine();
    await engine.start();
    let id = '';
    const running = whenJob(
      engine,
      (state) => state === 'running',
      () => id,
    );
    id = engine.commands.enqueue(turbo('long')).id;
    await bench.run(running);
    const report = engine.commands.cancelJob(id);
    expect(report).toMatchObject({ outcome: 'canceled' });
    expect(report.message).toMatch(/cannot be un-paid/);
    await bench.idle(engine);
    expect(engine.queries.job(id)).toMatchObject({ state: 'canceled', assetIds: [] });
    expect(listJobTasks(bench.db, id)[0]?.nextPollAt).toBeNull();
  });

  it('a job canceled while its POST is out is canceled when the answer comes, its task not followed', async () => {
    bench = await startBench({}, { virtualTime: true });
    const engine = bench.engine();
    await engine.start();
    await bench.addFault({ kind: 'latency', ms: 300, route: IMAGE_SUBMIT, count: 1 });
    let id = '';
    const submitting = whenJob(
      engine,
      (state) => state === 'submitting',
      () => id,
    );
    id = engine.commands.enqueue(imageTask('in flight')).id;
    // No time has to pass for the submission to start; the POST is still out (the gateway's latency is real).
    await submitting;
    expect(engine.commands.cancelJob(id)).toMatchObject({ outcome: 'pending', message: expect.stringMatching(/charged/) as unknown });
    await bench.idle(engine);
    expect(engine.queries.job(id)).toMatchObject({ state: 'canceled', assetIds: [] });
    expect(listJobTasks(bench.db, id)).toHaveLength(1);
    expect((await bench.stats()).submissions['gen-image-2']).toBe(1);
  });

  it('canceling a batch cancels what has not finished and marks the batch canceled', async () => {
    bench = await startBench({ timing: { image: 250, video: 3_000, character: 300, textChunk: 0 } }, { virtualTime: true });
    const engine = bench.engine({ queue: { maxActive: 1, maxActivePerModel: 1 } });
    await engine.start();
    let firstId = '';
    const running = whenJob(
      engine,
      (state) => state === 'running',
      () => firstId,
    );
    const { batch, jobs } = await engine.commands.createBatch({ name: 'stop it', jobs: [turbo('1'), turbo('2'), turbo('3')] });
    firstId = jobs[0]?.id ?? '';
    await bench.run(running);
    const reports = engine.commands.cancelBatch(batch.id);
    expect(reports.map((r) => r.outcome)).toEqual(['canceled', 'canceled', 'canceled']);
    await bench.idle(engine);
    expect(engine.queries.batch(batch.id)).toMatchObject({ status: 'canceled', counts: { canceled: 3 } });
    expect((await bench.stats()).submissions['clip-3.0-turbo']).toBe(1);
  });
});

describe('reorder', () => {
  it('submits a batch in the order the user set', async () => {
    bench = await startBench({}, { virtualTime: true });
    const engine = bench.engine({ queue: { maxActive: 1, maxActivePerModel: 1 } });
    await engine.start();
    engine.commands.pause();
    const { batch, jobs } = await engine.commands.createBatch({ name: 'ordered', jobs: ['a', 'b', 'c', 'd'].map(imageTask) });
    const [a, b, c, d] = jobs.map((job) => job.id);
    engine.commands.reorder(batch.id, [d ?? '', b ?? '', a ?? '']);
    engine.commands.resume();
    await bench.idle(engine);
    const order = jobs
      .map((job) => engine.queries.job(job.id))
      .sort((x, y) => (x?.submittedAt ?? 0) - (y?.submittedAt ?? 0))
      .map((job) => job?.id);
    expect(order).toEqual([d, b, a, c]);
  });
});
