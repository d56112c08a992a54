/**
 * Credit budgets: a floor checked against the live balance before each submission, and a
 * dedicated key minted for a batch so that the gateway itself enforces the cap.
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

interface TokenView {
  token: { id: number; remain_credits: number; used_credits: number; model_limits: string; model_limits_enabled: boolean; name: string };
}

describe('a credit floor', () => {
  it('stops submitting before the balance would fall below the floor, with a clear reason, and resumes when lowered', async () => {
    bench = await startBench({}, { virtualTime: true });
    const key = await bench.admin<{ key: string; token: { id: number } }>('POST', '/keys', { remain_credits: 30 });
    const client = fastClient(bench.sim.url, key.key, bench.clock);
    const engine = bench.engine({ connectionFor: () => client });
    await engine.start();
    const { batch, jobs } = await engine.commands.createBatch({
      name: 'careful',
      options: { creditBudget: 10 },
      jobs: ['1', '2', '3', '4', '5'].map(imageTask),
    });
    await bench.idle(engine);
    // 30 -> 22 -> 14; the next job is estimated at 8 (the drop the previous one caused): 14 - 8 < 10.
    expect(jobs.map((job) => engine.queries.job(job.id)?.state)).toEqual(['done', 'done', 'queued', 'queued', 'queued']);
    const view = engine.queries.batch(batch.id);
    expect(view?.status).toBe('paused');
    expect(view?.note).toMatch(/Budget reached: the account has 14 credits left, and the next gen-image-2 job is estimated at 8 credits/);
    expect(engine.queries.job(jobs[2]?.id ?? '')).toMatchObject({ errorCode: 'batch_stopped', errorMessage: view?.note });
    expect(bench.events.some((e) => e.type === 'balance' && e.balance.remainCredits === 14)).toBe(true);

    engine.commands.setBatchBudget(batch.id, 0);
    engine.commands.resumeBatch(batch.id);
    await bench.idle(engine);
    expect(jobs.map((job) => engine.queries.job(job.id)?.state)).toEqual(['done', 'done', 'done', 'queued', 'queued']);
    expect(engine.queries.batch(batch.id)?.note).toMatch(/6 credits left/);
    expect((await bench.admin<TokenView>('GET', `/keys/${key.token.id}`)).token.remain_credits).toBe(6);
    await client.close();
  });
});

describe('a dedicated key per batch', () => {
  it('is minted with the budget as its credits and the batch models as its limits, sealed, and used for the batch', async () => {
    bench = await startBench({}, { virtualTime: true });
    const vault = createFileKeyVault(join(bench.root, 'vault.key'));
    const engine = bench.engine({ vault });
    await engine.start();
    const { batch, jobs } = await engine.commands.createBatch({
      name: 'capped batch',
      dedicatedKey: { credits: 40 },
      jobs: [imageTask('1'), imageTask('2'), novaTask('3'), imageTask('4')],
    });
    const tokenId = batch.options.dedicatedTokenId;
    expect(typeof tokenId).toBe('number');
    await bench.idle(engine);

    const { token } = await bench.admin<TokenView>('GET', `/keys/${String(tokenId)}`);
    expect(token).toMatchObject({ name: 'Atelier · capped batch', model_limits_enabled: true });
    expect(token.model_limits.split(',').sort()).toEqual(['gen-image-2', 'nova-3-pro-image-preview-official']);
    expect(token.remain_credits + token.used_credits).toBe(40);
    // 40 -> 32 -> 24 -> 0 (nova, 24, has no estimate yet) -> stop: nothing is left on the key.
    expect(jobs.map((job) => engine.queries.job(job.id)?.state)).toEqual(['done', 'done', 'done', 'queued']);
    expect(engine.queries.batch(batch.id)).toMatchObject({ status: 'paused', note: expect.stringMatching(/dedicated key has 0 credits left/) as unknown });
    expect(token.used_credits).toBe(40);

    // Kept sealed in the library database, with the batch, bound to the batch and its gateway.
    const stored = bench.db.prepare<[string], { token_id: string; sealed: string }>('SELECT token_id, sealed FROM batch_keys WHERE batch_id = ?').get(batch.id);
    expect(stored).toMatchObject({ token_id: String(tokenId), sealed: expect.stringMatching(/^v2:/) as unknown });
    expect(JSON.stringify(stored)).not.toMatch(/sk-/);
    const demo = await bench.client.account.tokenBalance();
    expect(demo.usedCredits).toBe(0);
  });

  it('is refused by the gateway beyond its cap: the job waits in the queue and the batch stops, nothing charged twice', async () => {
    bench = await startBench({}, { virtualTime: true });
    const engine = bench.engine({ vault: createFileKeyVault(join(bench.root, 'vault.key')) });
    await engine.start();
    const { batch, jobs } = await engine.commands.createBatch({ name: 'too small', dedicatedKey: { credits: 10 }, jobs: [novaTask('expensive')] });
    await bench.idle(engine);
    expect(engine.queries.job(jobs[0]?.id ?? '')).toMatchObject({ state: 'queued', errorCode: 'batch_stopped' });
    expect(engine.queries.batch(batch.id)).toMatchObject({ status: 'paused', note: expect.stringMatching(/dedicated key is out of credits/) as unknown });
    expect((await bench.stats()).totalSubmissions).toBe(0);
  });

  it('cannot be minted without a vault to seal it, and nothing is created then', async () => {
    bench = await startBench({}, { virtualTime: true });
    const engine = bench.engine();
    await engine.start();
    await expect(engine.commands.createBatch({ name: 'no vault', dedicatedKey: { credits: 10 }, jobs: [imageTask('x')] })).rejects.toThrow(/vault/);
    expect(bench.db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM batches').get()?.n).toBe(0);
    expect((await bench.stats()).requests['POST /v1/tokens']).toBeUndefined();
  });
});
