/**
 * A key that runs dry or expires while its tasks are on the gateway: the gateway checks the key on
 * every route, polls included (403 `该令牌额度已用尽` for a spent key, 401 for an expired one), but
 * the task is paid for and belongs to the account. The job never fails for it: it waits for a
 * usable key (kept across restarts), asks again slowly, at once when the key changes or on "check
 * now", and meanwhile asks with any other key of the account the studio holds.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { GatewayClient } from '../../../src/main/core/gateway/client';
import type { JobEngine } from '../../../src/main/core/jobs';
import { createFileKeyVault } from '../../../src/main/core/vault/file-key-vault';
import type { Vault } from '../../../src/main/core/vault/vault';
import { bodyOf, fastClient, jobReaches, letVirtualTimePass, startBench, type Bench } from './harness';

const IMAGE_SUBMIT = 'POST /v1/images/generations';
const imageTask = (prompt: string) => ({ variantId: 'image.gen-image-2.task', body: bodyOf('image.gen-image-2.task', { prompt }) });

let bench: Bench;
const clients: GatewayClient[] = [];
afterEach(async () => {
  await bench.close();
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

/** A key of the demo account, made by its admin API. */
async function newKey(fields: Record<string, unknown>): Promise<{ key: string; id: number }> {
  const made = await bench.admin<{ key: string; token: { id: number } }>('POST', '/keys', fields);
  return { key: made.key, id: made.token.id };
}

/** An engine whose profile key can be replaced, as the artist does in Settings. */
function engineWithProfileKey(key: string, vault?: Vault): { engine: JobEngine; useKey: (next: string) => void } {
  const clientOf = (apiKey: string): GatewayClient => {
    const client = fastClient(bench.sim.url, apiKey, bench.clock);
    clients.push(client);
    return client;
  };
  let profile = clientOf(key);
  const engine = bench.engine({ connectionFor: () => profile, ...(vault ? { vault } : {}) });
  return { engine, useKey: (next) => (profile = clientOf(next)) };
}

/** A vault to seal batch keys with, in the bench's folder. */
function vaultOf(): Vault {
  return createFileKeyVault(join(bench.root, 'vault.key'));
}

async function submissions(): Promise<number> {
  return (await bench.stats()).requests[IMAGE_SUBMIT] ?? 0;
}

describe('a key that runs dry or expires while its tasks are on the gateway', () => {
  it('spent by the only request, then replaced: the result is collected without a second submission', async () => {
    bench = await startBench({}, { virtualTime: true });
    // What one request costs, read from a key with plenty after one request.
    const plenty = await newKey({ remain_credits: 1_000 });
    const measuring = engineWithProfileKey(plenty.key);
    await measuring.engine.start();
    measuring.engine.commands.enqueue(imageTask('to learn the price'));
    await bench.idle(measuring.engine);
    const price = (await bench.admin<{ token: { used_credits: number } }>('GET', `/keys/${plenty.id}`)).token.used_credits;
    expect(price).toBeGreaterThan(0);
    await measuring.engine.stop();

    const exact = await newKey({ remain_credits: price });
    const { engine, useKey } = engineWithProfileKey(exact.key);
    await engine.start();
    const job = engine.commands.enqueue(imageTask('the last credits'));
    const waiting = await bench.run(jobReaches(engine, job.id, (seen) => seen.waitingFor === 'key'));
    expect(waiting).toMatchObject({ state: 'submitted', waitingFor: 'key', waitingMessage: '该令牌额度已用尽' });

    // Ten minutes of refused polls later it still waits: nothing failed, nothing sent again.
    await letVirtualTimePass(bench, 10 * 60_000);
    expect(engine.queries.job(job.id)).toMatchObject({ state: 'submitted', waitingFor: 'key', errorCode: null });
    expect(await submissions()).toBe(2);
    // "Check now" asks at once, and is told the same.
    expect(await engine.commands.checkNow(job.id)).toMatchObject({ state: 'submitted', waitingFor: 'key' });

    const fresh = await newKey({ remain_credits: 1_000 });
    useKey(fresh.key);
    engine.commands.keysChanged();
    await bench.idle(engine);
    expect(engine.queries.job(job.id)).toMatchObject({ state: 'done', waitingFor: null, waitingMessage: null });
    expect(engine.queries.job(job.id)?.assetIds).toHaveLength(1);
    expect(await submissions()).toBe(2);
  });

  it('waits for a usable key across a restart', async () => {
    bench = await startBench({}, { virtualTime: true });
    const spent = await newKey({ remain_credits: 1_000 });
    const first = engineWithProfileKey(spent.key);
    await first.engine.start();
    const job = first.engine.commands.enqueue(imageTask('through a restart'));
    await bench.run(jobReaches(first.engine, job.id, (seen) => seen.state === 'submitted'));
    await bench.admin('PATCH', `/keys/${spent.id}`, { remain_credits: 0 });
    await bench.run(jobReaches(first.engine, job.id, (seen) => seen.waitingFor === 'key'));
    await first.engine.stop();

    const second = engineWithProfileKey(spent.key);
    await second.engine.start();
    expect(second.engine.queries.job(job.id)).toMatchObject({ state: 'submitted', waitingFor: 'key', waitingMessage: '该令牌额度已用尽' });
    // Topped up on the gateway: the slow cadence finds it without anyone asking.
    await bench.admin('PATCH', `/keys/${spent.id}`, { remain_credits: 1_000, status: 1 });
    await bench.idle(second.engine);
    expect(second.engine.queries.job(job.id)).toMatchObject({ state: 'done', waitingFor: null });
    expect(await submissions()).toBe(1);
  });

  it("a batch's dedicated key spent by the batch's last submission: polls and downloads use the profile's key", async () => {
    bench = await startBench({}, { virtualTime: true });
    const { engine } = engineWithProfileKey(bench.sim.demoKey, vaultOf());
    await engine.start();
    const { batch, jobs } = await engine.commands.createBatch({
      name: 'to the last credit',
      dedicatedKey: { credits: 500 },
      jobs: [imageTask('1'), imageTask('2')],
    });
    await bench.run(Promise.all(jobs.map((job) => jobReaches(engine, job.id, (seen) => seen.state !== 'queued' && seen.state !== 'submitting'))));
    const tokenId = engine.queries.batch(batch.id)?.options.dedicatedTokenId;
    await bench.admin('PATCH', `/keys/${String(tokenId)}`, { remain_credits: 0 });
    await bench.idle(engine);
    for (const job of jobs) expect(engine.queries.job(job.id)).toMatchObject({ state: 'done', waitingFor: null });
    expect(await submissions()).toBe(2);
  });

  it("the profile's key spent while a batch's own key is valid: the task is asked about with the batch's key", async () => {
    bench = await startBench({}, { virtualTime: true });
    const profileKey = await newKey({ remain_credits: 1_000 });
    const { engine } = engineWithProfileKey(profileKey.key, vaultOf());
    await engine.start();
    const { jobs } = await engine.commands.createBatch({ name: 'own key', dedicatedKey: { credits: 500 }, jobs: [imageTask('asked with another key')] });
    const [job] = jobs;
    if (!job) throw new Error('no job');
    await bench.run(jobReaches(engine, job.id, (seen) => seen.state === 'submitted'));
    await bench.admin('PATCH', `/keys/${profileKey.id}`, { remain_credits: 0 });
    await bench.idle(engine);
    expect(engine.queries.job(job.id)).toMatchObject({ state: 'done', waitingFor: null });
  });

  it('a key that expires mid-batch: accepted tasks wait for a usable key and are collected once it is replaced', async () => {
    bench = await startBench({}, { virtualTime: true });
    const expiring = await newKey({ remain_credits: 1_000 });
    const { engine, useKey } = engineWithProfileKey(expiring.key);
    await engine.start();
    const { jobs } = await engine.commands.createBatch({ name: 'overnight', jobs: [imageTask('a'), imageTask('b'), imageTask('c')] });
    await bench.run(Promise.all(jobs.map((job) => jobReaches(engine, job.id, (seen) => seen.state === 'submitted' || seen.state === 'running'))));
    await bench.admin('PATCH', `/keys/${expiring.id}`, { status: 3 });
    await bench.run(Promise.all(jobs.map((job) => jobReaches(engine, job.id, (seen) => seen.waitingFor === 'key'))));
    for (const job of jobs) expect(engine.queries.job(job.id)?.waitingMessage).toBe('该令牌已过期');

    await letVirtualTimePass(bench, 30 * 60_000);
    for (const job of jobs) expect(engine.queries.job(job.id)).toMatchObject({ waitingFor: 'key', errorCode: null });
    useKey((await newKey({ remain_credits: 1_000 })).key);
    engine.commands.keysChanged();
    await bench.idle(engine);
    for (const job of jobs) expect(engine.queries.job(job.id)).toMatchObject({ state: 'done' });
    expect(await submissions()).toBe(3);
  });
});
