/**
 * What stops when the gateway refuses a submission for want of credits or of a usable key
 * (out-of-credits.ts): the whole queue when the studio's own key is empty, only the batch when
 * it was the batch's dedicated key. The refused job waits in the queue, nothing is charged and
 * nothing is lost. On a virtual clock (the harness's).
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileKeyVault } from '../../../src/main/core/vault/file-key-vault';
import { bodyOf, fastClient, startBench, type Bench } from './harness';

let bench: Bench;
afterEach(async () => bench.close());

// The simulator charges 8 credits per gen-image-2 image and 24 per official nova image.
const imageTask = (prompt: string) => ({ variantId: 'image.gen-image-2.task', body: bodyOf('image.gen-image-2.task', { prompt }) });
const novaTask = (prompt: string) => ({ variantId: 'image.nova-3-pro-image.official', body: bodyOf('image.nova-3-pro-image.official', { prompt }) });

describe('when the studio key runs out of credits', () => {
  it('pauses the whole queue with the reason; the refused job waits and goes through once credits are back and the queue resumes', async () => {
    bench = await startBench({}, { virtualTime: true });
    const key = await bench.admin<{ key: string; token: { id: number } }>('POST', '/keys', { remain_credits: 4 });
    const client = fastClient(bench.sim.url, key.key, bench.clock);
    const engine = bench.engine({ connectionFor: () => client, queue: { maxActive: 1 } });
    await engine.start();
    const { jobs } = await engine.commands.createBatch({ name: 'too little left', jobs: [imageTask('one'), imageTask('two')] });
    await bench.idle(engine);

    expect(engine.queries.paused).toBe(true);
    expect(engine.queries.pauseReason).toMatch(/^Out of credits: /);
    expect(jobs.map((job) => engine.queries.job(job.id)?.state)).toEqual(['queued', 'queued']);
    expect((await bench.stats()).totalSubmissions).toBe(0);

    await bench.admin('PATCH', `/keys/${key.token.id}`, { remain_credits: 100 });
    engine.commands.resume();
    await bench.idle(engine);
    expect(engine.queries.paused).toBe(false);
    expect(jobs.map((job) => engine.queries.job(job.id)?.state)).toEqual(['done', 'done']);
    await client.close();
  });
});

describe("when a batch's dedicated key cannot pay or is refused", () => {
  it('stops only that batch when its key runs out; the queue and the other batches go on', async () => {
    bench = await startBench({}, { virtualTime: true });
    const engine = bench.engine({ vault: createFileKeyVault(join(bench.root, 'vault.key')) });
    await engine.start();
    const capped = await engine.commands.createBatch({ name: 'capped', dedicatedKey: { credits: 10 }, jobs: [novaTask('expensive')] });
    const open = await engine.commands.createBatch({ name: 'on the studio key', jobs: [imageTask('cheap')] });
    await bench.idle(engine);

    expect(engine.queries.batch(capped.batch.id)).toMatchObject({
      status: 'paused',
      note: expect.stringMatching(/^The batch's dedicated key is out of credits: /) as unknown,
    });
    expect(engine.queries.job(capped.jobs[0]?.id ?? '')).toMatchObject({ state: 'queued', errorCode: 'batch_stopped' });
    expect(engine.queries.paused).toBe(false);
    expect(engine.queries.job(open.jobs[0]?.id ?? '')?.state).toBe('done');
  });

  it('stops only that batch when the gateway refuses its key, and says a new batch is the way on', async () => {
    bench = await startBench({}, { virtualTime: true });
    const engine = bench.engine({ vault: createFileKeyVault(join(bench.root, 'vault.key')) });
    await engine.start();
    const { batch, jobs } = await engine.commands.createBatch({
      name: 'revoked',
      dedicatedKey: { credits: 40 },
      jobs: [imageTask('never sent')],
      state: 'draft',
    });
    // The balance still reads; the submission is refused as a key past its expiry would be.
    await bench.addFault({ kind: 'error', route: 'POST /v1/images/generations', status: 401, count: 1 });
    engine.commands.enqueueBatch(batch.id);
    await bench.idle(engine);

    expect(engine.queries.batch(batch.id)).toMatchObject({ status: 'paused', note: expect.stringMatching(/Start a new batch to go on\.$/) as unknown });
    expect(engine.queries.job(jobs[0]?.id ?? '')).toMatchObject({ state: 'queued', errorCode: 'batch_stopped' });
    expect(engine.queries.paused).toBe(false);
    expect((await bench.stats()).totalSubmissions).toBe(0);
  });
});
