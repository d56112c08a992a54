/**
 * A result host that fails: the result is paid for and its address stays valid for hours, so the
 * download is tried again, ever more slowly, until the address expires; a host that refuses the
 * address makes the studio read the task again for a fresh one; the job says when it tries next
 * and fails only once the address expired, saying it expired on the gateway.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { JobEngine } from '../../../src/main/core/jobs';
import { bodyOf, jobReaches, letVirtualTimePass, startBench, type Bench } from './harness';

const IMAGE_SUBMIT = 'POST /v1/images/generations';
const RESULT_HOST = 'GET /files/*';
const imageTask = (prompt: string) => ({ variantId: 'image.gen-image-2.task', body: bodyOf('image.gen-image-2.task', { prompt }) });

let bench: Bench;
afterEach(async () => bench.close());

async function faultIds(rules: Record<string, unknown>[]): Promise<number[]> {
  const { faults } = await bench.admin<{ faults: { id: number }[] }>('POST', '/faults', { rules });
  return faults.map((fault) => fault.id);
}

/** Polls of image tasks the demo gateway answered (its counts are per route pattern). */
async function imagePolls(): Promise<number> {
  const { requests } = await bench.stats();
  return Object.entries(requests)
    .filter(([route]) => route.startsWith('GET /v1/images/generations/'))
    .reduce((sum, [, count]) => sum + count, 0);
}

async function started(): Promise<JobEngine> {
  bench = await startBench({}, { virtualTime: true });
  const engine = bench.engine();
  await engine.start();
  return engine;
}

describe('a result host that fails', () => {
  it('refusing for ten minutes, then answering: the job waits, says when it tries next, and stores the result once', async () => {
    const engine = await started();
    const ids = await faultIds([{ kind: 'error', status: 503, route: RESULT_HOST, count: 10_000 }]);
    const job = engine.commands.enqueue(imageTask('a patient download'));
    const waiting = await bench.run(jobReaches(engine, job.id, (seen) => seen.waitingFor === 'download'));
    expect(waiting.state).toBe('downloading');
    expect(waiting.retryAt).toBeGreaterThan(bench.clock?.now() ?? 0);
    expect(waiting.resultValidUntil).not.toBeNull();

    await letVirtualTimePass(bench, 10 * 60_000);
    const later = engine.queries.job(job.id);
    expect(later).toMatchObject({ state: 'downloading', waitingFor: 'download', errorCode: null });
    expect(later?.waitingMessage).toMatch(/503/);

    for (const id of ids) await bench.admin('DELETE', `/faults/${id}`);
    // "Download again" tries at once rather than at the next slow try.
    engine.commands.downloadAgain(job.id);
    await bench.idle(engine);
    expect(engine.queries.job(job.id)).toMatchObject({ state: 'done', waitingFor: null, retryAt: null });
    expect(engine.queries.job(job.id)?.assetIds).toHaveLength(1);
    const stats = await bench.stats();
    expect(stats.requests[IMAGE_SUBMIT]).toBe(1);
    expect(stats.faults.error).toBeGreaterThan(6);
  });

  it('refusing the address (403/404/410): the task is read again for a fresh address', async () => {
    const engine = await started();
    await faultIds([
      { kind: 'error', status: 403, route: RESULT_HOST, count: 1 },
      { kind: 'error', status: 404, route: RESULT_HOST, count: 1 },
      { kind: 'error', status: 410, route: RESULT_HOST, count: 1 },
    ]);
    const job = engine.commands.enqueue(imageTask('a refused address'));
    await bench.run(jobReaches(engine, job.id, (seen) => seen.state === 'downloading'));
    const pollsBefore = await imagePolls();
    await bench.idle(engine);
    expect(engine.queries.job(job.id)).toMatchObject({ state: 'done' });
    // Each refusal read the task again (the first may have gone out before the count was taken).
    expect(await imagePolls()).toBeGreaterThanOrEqual(pollsBefore + 2);
    expect((await bench.stats()).requests[IMAGE_SUBMIT]).toBe(1);
  });

  it('an address that expires while the host is down: the job ends expired on the gateway, not failed, with no paid request sent', async () => {
    const engine = await started();
    await faultIds([
      { kind: 'result-expiry', route: IMAGE_SUBMIT, count: 1, afterMs: 5 * 60_000 },
      { kind: 'error', status: 503, route: RESULT_HOST, count: 10_000 },
    ]);
    const job = engine.commands.enqueue(imageTask('gone while the host was down'));
    await bench.idle(engine);
    const ended = engine.queries.job(job.id);
    expect(ended).toMatchObject({ state: 'expired', errorCode: 'result_expired', waitingFor: null });
    expect(ended?.errorMessage).toMatch(/expired on the gateway/);
    // It was tried for the address's whole life, not given up after a few seconds.
    expect((ended?.finishedAt ?? 0) - (ended?.submittedAt ?? 0)).toBeGreaterThanOrEqual(5 * 60_000);
    expect((await bench.stats()).requests[IMAGE_SUBMIT]).toBe(1);
  });

  it('keeps its wait across a restart', async () => {
    const engine = await started();
    await faultIds([{ kind: 'error', status: 502, route: RESULT_HOST, count: 10_000 }]);
    const job = engine.commands.enqueue(imageTask('through a restart'));
    await bench.run(jobReaches(engine, job.id, (seen) => seen.waitingFor === 'download'));
    await engine.stop();
    await bench.admin('DELETE', '/faults');
    const again = bench.engine();
    await again.start();
    expect(again.queries.job(job.id)).toMatchObject({ state: 'downloading', waitingFor: 'download' });
    await bench.idle(again);
    expect(again.queries.job(job.id)).toMatchObject({ state: 'done', waitingFor: null });
  });
});
