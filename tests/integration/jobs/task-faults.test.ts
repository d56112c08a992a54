/**
 * After a submission was accepted: failing tasks, polls that meet 429s, 5xx and malformed
 * records, and results that expire or arrive broken (tasks that run long: long-tasks.test.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { listJobAssets } from '../../../src/main/core/library';
import { listJobTasks } from '../../../src/main/core/jobs/store';
import { NO_FFMPEG } from '../../../src/main/core/media/ffmpeg-locator';
import { bodyOf, mediaFilesIn, runOne, startBench, temporaryFilesIn, type Bench } from './harness';

const IMAGE_SUBMIT = 'POST /v1/images/generations';
const IMAGE_POLL = 'GET /v1/images/generations/*';

let bench: Bench;
afterEach(async () => bench.close());

const imageTask = (prompt: string) => ({ variantId: 'image.gen-image-2.task', body: bodyOf('image.gen-image-2.task', { prompt }) });

describe('tasks that fail or misbehave', () => {
  it('a failed task fails its job with the gateway message; a retry submits again and succeeds', async () => {
    bench = await startBench({}, { virtualTime: true });
    const engine = bench.engine();
    await engine.start();
    await bench.addFault({ kind: 'task-failure', route: IMAGE_SUBMIT, count: 1, message: 'content policy violation' });
    const failed = await runOne(engine, imageTask('a banned thing'));
    expect(failed).toMatchObject({ state: 'failed', errorCode: 'task_failed' });
    expect(failed.errorMessage).toMatch(/content policy violation/);
    engine.commands.retryJob(failed.id);
    await bench.idle(engine);
    expect(engine.queries.job(failed.id)).toMatchObject({ state: 'done', attempts: 2, errorMessage: null });
    expect(listJobTasks(bench.db, failed.id).map((task) => task.state)).toEqual(['failed', 'completed']);
    expect(() => engine.commands.retryJob(failed.id)).toThrow(/A done job cannot be retried/);
  });

  it('polls through a 429 storm, 5xx answers and malformed records, each task submitted once', async () => {
    bench = await startBench({}, { virtualTime: true });
    const engine = bench.engine();
    await engine.start();
    await bench.addFault({ kind: 'rate-limit', route: IMAGE_POLL, count: 9, retryAfterSeconds: null });
    await bench.addFault({ kind: 'error', status: 503, route: IMAGE_POLL, count: 5 });
    await bench.addFault({ kind: 'malformed-json', route: IMAGE_POLL, count: 3 });
    const { jobs } = await engine.commands.createBatch({ name: 'noisy polls', jobs: [imageTask('a'), imageTask('b')] });
    await bench.idle(engine);
    for (const job of jobs) expect(engine.queries.job(job.id)).toMatchObject({ state: 'done' });
    const stats = await bench.stats();
    expect(stats.faults).toMatchObject({ 'rate-limit': 9, error: 5, 'malformed-json': 3 });
    expect(stats.submissions['gen-image-2']).toBe(2);
  });

  it('a result whose address expired before the download ends `expired`, saying so', async () => {
    bench = await startBench({}, { virtualTime: true });
    const engine = bench.engine();
    await engine.start();
    await bench.addFault({ kind: 'result-expiry', route: IMAGE_SUBMIT, count: 1, afterMs: 0 });
    const job = await runOne(engine, imageTask('too late'));
    expect(job).toMatchObject({ state: 'expired', errorCode: 'result_expired' });
    expect(job.errorMessage).toMatch(/expired/);
    expect(listJobAssets(bench.db, job.id)).toEqual([]);
    expect(temporaryFilesIn(bench.root)).toEqual([]);
  });

  it('a download cut off or dropped is fetched again and stored once', async () => {
    bench = await startBench({}, { virtualTime: true });
    const engine = bench.engine();
    await engine.start();
    await bench.addFault({ kind: 'truncated-body', route: 'GET /files/*', count: 1 });
    await bench.addFault({ kind: 'drop-connection', phase: 'before-request-read', route: 'GET /files/*', count: 1 });
    const image = await runOne(engine, imageTask('patience'));
    const video = await runOne(engine, { variantId: 'video.clip-3.0-turbo', body: bodyOf('video.clip-3.0-turbo', { prompt: 'p', duration: 3 }) });
    for (const job of [image, video]) expect(job.state, job.errorMessage ?? '').toBe('done');
    expect(mediaFilesIn(bench.root)).toHaveLength(2);
    expect((await bench.stats()).faults).toMatchObject({ 'truncated-body': 1, 'drop-connection': 1 });
  });

  it('without a system ffmpeg a video is saved with its size and length from its container, and a poster from the WebAssembly build', async () => {
    bench = await startBench({}, { virtualTime: true });
    const engine = bench.engine({ ffmpeg: NO_FFMPEG });
    await engine.start();
    const job = await runOne(engine, { variantId: 'video.clip-3.0-turbo', body: bodyOf('video.clip-3.0-turbo', { prompt: 'p', duration: 3 }) });
    expect(job.state, job.errorMessage ?? '').toBe('done');
    const [asset] = listJobAssets(bench.db, job.id);
    expect(asset).toMatchObject({ kind: 'video', mime: 'video/mp4', durationMs: 3_000 });
    expect(asset?.width).toBeGreaterThan(0);
    expect(asset?.thumbPath).not.toBeNull();
  });
});
