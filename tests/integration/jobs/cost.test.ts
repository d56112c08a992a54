/**
 * What jobs cost: the first job of each kind is measured from the balance around its own
 * submission, later ones are priced from it, and a batch can be priced before it is stored.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { JobEngine } from '../../../src/main/core/jobs';
import { bodyOf, startBench, type Bench } from './harness';

let bench: Bench;
afterEach(async () => bench.close());

// The demo gateway charges 8 credits per gen-image-2 image, at submission.
const image = (prompt: string, n = 1) => ({
  variantId: 'image.gen-image-2.task',
  body: bodyOf('image.gen-image-2.task', { prompt, size: { tier: '1K', ratio: '1:1' }, n }),
});

async function tokenUsed(): Promise<number> {
  const answer = await fetch(`${bench.sim.url}/v1/balance`, { headers: { authorization: `Bearer ${bench.sim.demoKey}` } });
  return ((await answer.json()) as { used_credits: number }).used_credits;
}

async function runBatch(engine: JobEngine, jobs: ReturnType<typeof image>[]) {
  const created = await engine.commands.createBatch({ name: 'costs', jobs });
  await bench.idle(engine);
  return created.jobs.map((job) => engine.queries.job(job.id));
}

describe('the cost of a job', () => {
  it('is measured for the first job of a kind and estimated for the rest, adding up to what the balance lost', async () => {
    bench = await startBench({}, { virtualTime: true });
    const engine = bench.engine();
    await engine.start();
    const before = await tokenUsed();
    const jobs = await runBatch(
      engine,
      ['a', 'b', 'c', 'd', 'e'].map((p) => image(p)),
    );

    expect(jobs.map((job) => job?.state)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(jobs.filter((job) => job?.creditsMeasured)).toHaveLength(1);
    expect(jobs.map((job) => job?.credits)).toEqual([8, 8, 8, 8, 8]);
    expect((await tokenUsed()) - before).toBe(40);
    expect((await bench.stats()).submissions['gen-image-2']).toBe(5);
  });

  it('is measured again for options that change the bill', async () => {
    bench = await startBench({}, { virtualTime: true });
    const engine = bench.engine();
    await engine.start();
    const jobs = await runBatch(engine, [image('one'), image('four', 4), image('four again', 4)]);
    expect(jobs.map((job) => [job?.credits, job?.creditsMeasured])).toEqual([
      [8, true],
      [32, true],
      [32, false],
    ]);
  });

  it('is read from the credits used where the key is unlimited', async () => {
    bench = await startBench({ demoKeyUnlimited: true }, { virtualTime: true });
    const engine = bench.engine();
    await engine.start();
    const jobs = await runBatch(engine, [image('x'), image('y')]);
    expect(jobs.map((job) => [job?.credits, job?.creditsMeasured])).toEqual([
      [8, true],
      [8, false],
    ]);
  });

  it('stays unknown where the gateway charges nothing at submission, and is not measured again', async () => {
    bench = await startBench({ prices: { 'gen-image-2': 0 } }, { virtualTime: true });
    const engine = bench.engine();
    await engine.start();
    const jobs = await runBatch(engine, [image('x'), image('y'), image('z')]);
    expect(jobs.map((job) => job?.state)).toEqual(['done', 'done', 'done']);
    expect(jobs.map((job) => [job?.credits, job?.creditsMeasured])).toEqual([
      [null, false],
      [null, false],
      [null, false],
    ]);
  });
});

describe('the estimate of a batch', () => {
  it('prices the kinds measured before and counts the others as unpriced', async () => {
    bench = await startBench({}, { virtualTime: true });
    const engine = bench.engine();
    await engine.start();
    const planned = [image('a'), image('b'), image('c', 2)];
    expect(engine.queries.estimateCost(planned, null)).toMatchObject({ requests: 3, credits: null, unpricedRequests: 3 });

    await runBatch(engine, [image('earlier')]);
    const estimate = engine.queries.estimateCost(planned, null);
    expect(estimate).toMatchObject({ requests: 3, credits: 16, unpricedRequests: 1 });
    expect(estimate.kinds).toEqual([
      { variantId: 'image.gen-image-2.task', model: 'gen-image-2', requests: 2, creditsEach: 8, samples: 1 },
      { variantId: 'image.gen-image-2.task', model: 'gen-image-2', requests: 1, creditsEach: null, samples: 0 },
    ]);
    // Another gateway profile has its own prices.
    expect(engine.queries.estimateCost(planned, 'another-profile').credits).toBeNull();
  });
});
