/**
 * Submissions under faults: a refusal that provably did not create work is retried; an answer
 * lost after the gateway may have taken the work makes the job `unknown` and nothing is sent
 * again without the user, except omni jobs, which are found again by their business id (server
 * errors to a paid submission: paid-server-errors.test.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { listJobTasks } from '../../../src/main/core/jobs/store';
import { BatchValidationError, type JobEngine } from '../../../src/main/core/jobs';
import { bodyOf, runOne, startBench, type Bench } from './harness';

const IMAGE_SUBMIT = 'POST /v1/images/generations';
const VIDEO_SUBMIT = 'POST /v1/videos/generations';

let bench: Bench;
afterEach(async () => bench.close());

async function setup(): Promise<JobEngine> {
  bench = await startBench({}, { virtualTime: true });
  const engine = bench.engine();
  await engine.start();
  return engine;
}

const imageTask = (prompt: string) => ({ variantId: 'image.gen-image-2.task', body: bodyOf('image.gen-image-2.task', { prompt }) });
const omni = (prompt: string) => ({ variantId: 'video.clip-v3-omni', body: bodyOf('video.clip-v3-omni', { prompt, duration: 3 }) });

describe('refusals that did not create work are retried', () => {
  it('a 429 storm on submissions (no Retry-After) slows the queue, then every job is done once', async () => {
    const engine = await setup();
    await bench.addFault({ kind: 'rate-limit', route: IMAGE_SUBMIT, count: 6, retryAfterSeconds: null });
    const { jobs } = await engine.commands.createBatch({ name: 'storm', jobs: [imageTask('one'), imageTask('two'), imageTask('three')] });
    await bench.idle(engine);
    for (const job of jobs) expect(engine.queries.job(job.id)).toMatchObject({ state: 'done', errorMessage: null });
    const stats = await bench.stats();
    expect(stats.faults['rate-limit']).toBe(6);
    expect(stats.submissions['gen-image-2']).toBe(3);
    const rateLimitedOnTheWay = bench.events.some(
      (e) => e.type === 'jobs.changed' && e.jobs.some((j) => j.errorCode === 'rate_limited' && j.state === 'queued'),
    );
    expect(rateLimitedOnTheWay).toBe(true);
  });

  it('a 429 honours Retry-After and is retried', async () => {
    const engine = await setup();
    await bench.addFault({ kind: 'rate-limit', route: IMAGE_SUBMIT, count: 2, retryAfterSeconds: 0 });
    const job = await runOne(engine, imageTask('persistent'));
    expect(job).toMatchObject({ state: 'done', attempts: 3 });
    expect((await bench.stats()).submissions['gen-image-2']).toBe(1);
  });

  it('a definite 4xx refusal fails the job with the gateway text; a gateway without a channel for the model too', async () => {
    const engine = await setup();
    await bench.addFault({
      kind: 'error',
      status: 400,
      route: IMAGE_SUBMIT,
      count: 1,
      body: { error: { message: '参数错误: size', type: 'invalid_request_error' } },
    });
    const refused = await runOne(engine, imageTask('refused'));
    expect(refused).toMatchObject({ state: 'failed', attempts: 1 });
    expect(refused.errorMessage).toMatch(/参数错误: size/);
    const noChannel = { error: { message: '当前分组 default 下对于模型 gen-image-2 无可用渠道', type: 'new_api_error', code: 'model_not_found' } };
    await bench.addFault({ kind: 'error', status: 503, route: IMAGE_SUBMIT, count: 1, body: noChannel });
    const missing = await runOne(engine, imageTask('no channel'));
    expect(missing).toMatchObject({ state: 'failed', attempts: 1, errorCode: 'model_not_found' });
    expect((await bench.stats()).totalSubmissions).toBe(0);
  });

  it('a batch with a job that breaks its variant limits is refused whole, before anything is stored or sent', async () => {
    const engine = await setup();
    const attempt = engine.commands.createBatch({
      name: 'bad',
      jobs: [imageTask('fine'), { variantId: 'video.clip-3.0-turbo', body: bodyOf('video.clip-3.0-turbo', { prompt: 'p', duration: 99 }) }],
    });
    await expect(attempt).rejects.toBeInstanceOf(BatchValidationError);
    await expect(attempt).rejects.toThrow(/job 2 \(video.clip-3.0-turbo\): duration/);
    expect(bench.db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM jobs').get()?.n).toBe(0);
    expect((await bench.stats()).totalRequests).toBe(0);
  });
});

describe('answers lost after the gateway may have taken the work', () => {
  for (const [name, fault] of [
    ['the connection drops after the request was read', { kind: 'drop-connection', phase: 'after-request-read' }],
    ['the connection drops before the request was read', { kind: 'drop-connection', phase: 'before-request-read' }],
    ['the answer is malformed JSON', { kind: 'malformed-json' }],
    ['the answer is cut off', { kind: 'truncated-body' }],
    ['a proxy answers 502', { kind: 'error', status: 502 }],
  ] as const) {
    it(`${name}: the job is unknown, not resent, until the user resubmits it`, async () => {
      const engine = await setup();
      await bench.addFault({ ...fault, route: IMAGE_SUBMIT, count: 1 });
      const job = await runOne(engine, imageTask(name));
      expect(job).toMatchObject({ state: 'unknown', attempts: 1 });
      expect(job.errorMessage).toMatch(/may have accepted/);
      const before = (await bench.stats()).requests[IMAGE_SUBMIT];
      expect(before).toBe(1);
      engine.commands.resolveUnknown(job.id, 'resubmit');
      await bench.idle(engine);
      expect(engine.queries.job(job.id)).toMatchObject({ state: 'done', attempts: 2 });
      expect((await bench.stats()).requests[IMAGE_SUBMIT]).toBe(2);
    });
  }

  it('an unknown job the user discards is canceled and never sent again', async () => {
    const engine = await setup();
    await bench.addFault({ kind: 'drop-connection', phase: 'after-request-read', route: IMAGE_SUBMIT, count: 1 });
    const job = await runOne(engine, imageTask('discard me'));
    engine.commands.resolveUnknown(job.id, 'discard');
    await bench.idle(engine);
    expect(engine.queries.job(job.id)).toMatchObject({ state: 'canceled', errorCode: 'discarded' });
    expect((await bench.stats()).requests[IMAGE_SUBMIT]).toBe(1);
  });
});

describe('omni jobs are reconciled by their client_business_id', () => {
  it('a malformed answer to an accepted submission: the task is found by business id and finished, submitted once', async () => {
    const engine = await setup();
    await bench.addFault({ kind: 'malformed-json', route: VIDEO_SUBMIT, count: 1 });
    const job = await runOne(engine, omni('found again'));
    expect(job).toMatchObject({ state: 'done', attempts: 1 });
    expect(job.clientBusinessId).toMatch(/^atelier-/);
    expect(job.request).toMatchObject({ client_business_id: job.clientBusinessId });
    expect(listJobTasks(bench.db, job.id)).toHaveLength(1);
    expect((await bench.stats()).submissions['clip-v3-omni']).toBe(1);
    expect(job.assetIds).toHaveLength(1);
  });

  it('a submission that never arrived is not found, stays unknown, and is sent again (with a new business id) only when the artist resubmits it', async () => {
    const engine = await setup();
    await bench.addFault({ kind: 'drop-connection', phase: 'after-request-read', route: VIDEO_SUBMIT, count: 1 });
    const job = await runOne(engine, omni('never arrived'));
    expect(job).toMatchObject({ state: 'unknown', attempts: 1 });
    expect((await bench.stats()).requests[VIDEO_SUBMIT]).toBe(1);
    engine.commands.resolveUnknown(job.id, 'resubmit');
    await bench.idle(engine);
    expect(engine.queries.job(job.id)).toMatchObject({ state: 'done', attempts: 2, clientBusinessId: `atelier-${job.id}-2` });
    const stats = await bench.stats();
    expect(stats.requests[VIDEO_SUBMIT]).toBe(2);
    expect(stats.submissions['clip-v3-omni']).toBe(1);
  });

  it('keeps a business id the caller chose on the first attempt', async () => {
    const engine = await setup();
    const job = await runOne(engine, {
      variantId: 'video.clip-v3-omni',
      body: bodyOf('video.clip-v3-omni', { prompt: 'mine', client_business_id: 'my-own-id-1' }),
    });
    expect(job).toMatchObject({ state: 'done', clientBusinessId: 'my-own-id-1' });
  });
});
