/**
 * Keys minted for a batch: they expire a little after the batch's deadline, the studio forgets
 * them when the batch ends, keeps them off disk when keys are kept for the session only, and
 * lists every key it created (never the secret), since the interface cannot list or revoke keys.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY_MARGIN_MS } from '../../../src/main/core/jobs/batch-keys';
import { createFileKeyVault } from '../../../src/main/core/vault/file-key-vault';
import type { Vault } from '../../../src/main/core/vault/vault';
import { bodyOf, FAST_ENGINE, startBench, type Bench } from './harness';

let bench: Bench;
afterEach(async () => bench.close());

const imageTask = (prompt: string) => ({ variantId: 'image.gen-image-2.task', body: bodyOf('image.gen-image-2.task', { prompt }) });

interface TokenView {
  token: { id: number; expired_time: number; used_credits: number; status: number };
}

const storedKeys = (): number => bench.db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM batch_keys').get()?.n ?? -1;

async function setup(): Promise<Vault> {
  bench = await startBench();
  return createFileKeyVault(join(bench.root, 'vault.key'));
}

describe('a batch key', () => {
  it('expires a little after the batch deadline, is listed without its secret, and is forgotten when the batch ends', async () => {
    const vault = await setup();
    const engine = bench.engine({ vault });
    await engine.start();
    const before = Date.now();
    const { batch } = await engine.commands.createBatch({ name: 'night run', dedicatedKey: { credits: 100 }, jobs: [imageTask('1'), imageTask('2')] });
    const { token } = await bench.admin<TokenView>('GET', `/keys/${String(batch.options.dedicatedTokenId)}`);
    // Two image jobs of 15 s each (the test timings), plus the margin; never "never" (-1).
    const deadline = 2 * (FAST_ENGINE.pollTimings?.image?.deadlineMs ?? 0);
    expect(token.expired_time * 1000).toBeGreaterThanOrEqual(before + deadline + KEY_MARGIN_MS);
    expect(token.expired_time * 1000).toBeLessThanOrEqual(Date.now() + deadline + KEY_MARGIN_MS + 1_000);
    expect(storedKeys()).toBe(1);

    const [listed] = engine.queries.createdKeys();
    expect(listed).toMatchObject({
      purpose: 'batch',
      batchId: batch.id,
      name: 'Atelier · night run',
      remainCredits: 100,
      modelLimits: ['gen-image-2'],
      gateway: bench.sim.url,
      forgottenAt: null,
    });
    expect(listed?.expiresAt).toBe(token.expired_time * 1000);

    await engine.waitForIdle({ timeoutMs: 15_000 });
    expect(engine.queries.batch(batch.id)?.status).toBe('done');
    expect(storedKeys()).toBe(0);
    expect(engine.queries.createdKeys()[0]?.forgottenAt).not.toBeNull();
    expect((await bench.admin<TokenView>('GET', `/keys/${String(batch.options.dedicatedTokenId)}`)).token.used_credits).toBe(16);
  });

  it('is forgotten when its batch is canceled, and a finished batch left holding one is cleaned at start', async () => {
    const vault = await setup();
    const engine = bench.engine({ vault });
    await engine.start();
    engine.commands.pause();
    const { batch } = await engine.commands.createBatch({ name: 'changed my mind', dedicatedKey: { credits: 50 }, jobs: [imageTask('1')] });
    expect(storedKeys()).toBe(1);
    engine.commands.cancelBatch(batch.id);
    expect(storedKeys()).toBe(0);
    const other = await engine.commands.createBatch({ name: 'left behind', dedicatedKey: { credits: 50 }, jobs: [imageTask('2')] });
    // As an earlier version would have left it: the batch is over, the sealed key still there.
    bench.db.prepare(`UPDATE batches SET status = 'done' WHERE id = ?`).run(other.batch.id);
    await engine.stop();
    const next = bench.engine({ vault });
    await next.start();
    expect(storedKeys()).toBe(0);
    expect(next.queries.createdKeys().every((key) => key.forgottenAt !== null)).toBe(true);
  });

  it('stays in memory only while keys are kept for the session only, and is gone after a restart', async () => {
    const vault = await setup();
    let sessionOnly = true;
    const engine = bench.engine({ vault, sessionOnlyKeys: () => sessionOnly });
    await engine.start();
    engine.commands.pause();
    const { batch } = await engine.commands.createBatch({ name: 'memory only', dedicatedKey: { credits: 40 }, jobs: [imageTask('1'), imageTask('2')] });
    expect(storedKeys()).toBe(0);
    // Turning the mode off writes the session's keys back; on again takes them off disk.
    sessionOnly = false;
    engine.commands.applyKeyMode();
    expect(storedKeys()).toBe(1);
    sessionOnly = true;
    engine.commands.applyKeyMode();
    expect(storedKeys()).toBe(0);
    engine.commands.resume();
    await engine.waitForIdle({ timeoutMs: 15_000 });
    expect(engine.queries.batch(batch.id)?.status).toBe('done');
    expect((await bench.admin<TokenView>('GET', `/keys/${String(batch.options.dedicatedTokenId)}`)).token.used_credits).toBe(16);

    const second = await engine.commands.createBatch({ name: 'after a restart', dedicatedKey: { credits: 40 }, jobs: [imageTask('3')], state: 'draft' });
    await engine.stop();
    const restarted = bench.engine({ vault, sessionOnlyKeys: () => true });
    await restarted.start();
    restarted.commands.enqueueBatch(second.batch.id);
    await restarted.waitForIdle({ timeoutMs: 15_000 });
    expect(restarted.queries.batch(second.batch.id)).toMatchObject({
      status: 'paused',
      note: expect.stringMatching(/no longer holds this batch's dedicated key/) as unknown,
    });
    expect(restarted.queries.job(second.jobs[0]?.id ?? '')?.state).toBe('queued');
  });

  it('refused by the gateway (expired or revoked) stops its batch; the waiting job is not failed', async () => {
    const vault = await setup();
    const engine = bench.engine({ vault });
    await engine.start();
    engine.commands.pause();
    const { batch, jobs } = await engine.commands.createBatch({ name: 'revoked', dedicatedKey: { credits: 40 }, jobs: [imageTask('1')] });
    await bench.admin('PATCH', `/keys/${String(batch.options.dedicatedTokenId)}`, { status: 2 });
    engine.commands.resume();
    await engine.waitForIdle({ timeoutMs: 15_000 });
    expect(engine.queries.batch(batch.id)).toMatchObject({
      status: 'paused',
      note: expect.stringMatching(/dedicated key was refused \(expired or revoked\)/) as unknown,
    });
    expect(engine.queries.job(jobs[0]?.id ?? '')).toMatchObject({ state: 'queued', errorCode: 'batch_stopped' });
    expect((await bench.stats()).totalSubmissions).toBe(0);
  });
});
