/**
 * A 500 or 503 to a paid POST may come after the gateway created (and charged for) the task, so
 * it is never resent blindly: the job becomes `unknown`, is reconciled where the family can be
 * looked up (`client_business_id`, omni), and is sent again only with the user's consent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { listJobTasks } from '../../../src/main/core/jobs/store';
import type { JobEngine } from '../../../src/main/core/jobs';
import type { LedgerEntry } from '../../../src/simulator/admin/task-ledger';
import { bodyOf, runOne, startBench, type Bench } from './harness';

const IMAGE_SUBMIT = 'POST /v1/images/generations';
const VIDEO_SUBMIT = 'POST /v1/videos/generations';

let bench: Bench;
afterEach(async () => bench.close());

async function setup(reconcile?: { graceMs: number; intervalMs: number }): Promise<JobEngine> {
  bench = await startBench();
  const engine = bench.engine(reconcile === undefined ? {} : { reconcile });
  await engine.start();
  return engine;
}

const imageTask = (prompt: string) => ({ variantId: 'image.gen-image-2.task', body: bodyOf('image.gen-image-2.task', { prompt }) });
const omni = (prompt: string) => ({ variantId: 'video.clip-v3-omni', body: bodyOf('video.clip-v3-omni', { prompt, duration: 3 }) });

async function ledger(): Promise<LedgerEntry[]> {
  return (await bench.admin<{ tasks: LedgerEntry[] }>('GET', '/tasks')).tasks;
}

describe('a server error to a paid submission', () => {
  for (const status of [500, 503]) {
    it(`${status} after the task was created: unknown, never resent, charged once`, async () => {
      const engine = await setup();
      await bench.addFault({ kind: 'error', status, route: IMAGE_SUBMIT, count: 1, phase: 'after-handler' });
      const job = await runOne(engine, imageTask(`a ${status} after the work`));
      expect(job).toMatchObject({ state: 'unknown', attempts: 1, errorCode: 'server_error_unknown' });
      expect(job.errorMessage).toMatch(/may have accepted/);
      await engine.waitForIdle({ timeoutMs: 2_000 });
      const stats = await bench.stats();
      expect(stats.requests[IMAGE_SUBMIT]).toBe(1);
      // The gateway did make (and charge for) the task the studio never heard of.
      expect((await ledger()).filter((task) => task.charged)).toHaveLength(1);
    });
  }

  it('is sent again only when the user says so', async () => {
    const engine = await setup();
    await bench.addFault({ kind: 'error', status: 500, route: IMAGE_SUBMIT, count: 1 });
    const job = await runOne(engine, imageTask('a 500 before anything was made'));
    expect(job).toMatchObject({ state: 'unknown', errorCode: 'server_error_unknown' });
    expect((await bench.stats()).requests[IMAGE_SUBMIT]).toBe(1);
    engine.commands.resolveUnknown(job.id, 'resubmit');
    await engine.waitForIdle({ timeoutMs: 15_000 });
    expect(engine.queries.job(job.id)).toMatchObject({ state: 'done', attempts: 2 });
    expect((await bench.stats()).requests[IMAGE_SUBMIT]).toBe(2);
  });
});

describe('an omni job with a server error is reconciled by its business id', () => {
  it('500 after the task was created: found on the gateway, followed and stored, with no second submission', async () => {
    const engine = await setup();
    await bench.addFault({ kind: 'error', status: 500, route: VIDEO_SUBMIT, count: 1, phase: 'after-handler' });
    const job = await runOne(engine, omni('made before the 500'));
    expect(job).toMatchObject({ state: 'done', attempts: 1, answerStyle: 'task' });
    expect(job.assetIds).toHaveLength(1);
    expect(listJobTasks(bench.db, job.id)).toHaveLength(1);
    const stats = await bench.stats();
    expect(stats.requests[VIDEO_SUBMIT]).toBe(1);
    expect(stats.submissions['clip-v3-omni']).toBe(1);
    const [task] = await ledger();
    expect(task).toMatchObject({ clientBusinessId: job.clientBusinessId, charged: true, id: job.taskId });
  });

  it('"Look up on the gateway" finds it at once, before the reconciler comes round', async () => {
    // The automatic round waits a long time; the user does not.
    const engine = await setup({ graceMs: 60_000, intervalMs: 60_000 });
    await bench.addFault({ kind: 'error', status: 503, route: VIDEO_SUBMIT, count: 1, phase: 'after-handler' });
    // The automatic look-up (right when the job becomes unknown) gets no answer, even after its retries.
    await bench.addFault({ kind: 'error', status: 503, route: 'GET /v1/videos/generations/*', count: 4 });
    const created = engine.commands.enqueue(omni('looked up'));
    await until(() => engine.queries.job(created.id)?.state === 'unknown');
    await untilAsync(async () => ((await bench.stats()).faults.error ?? 0) >= 5);
    const { outcome, job } = await engine.commands.lookUp(created.id);
    expect(outcome).toBe('found');
    expect(job.state).toBe('submitted');
    await engine.waitForIdle({ timeoutMs: 15_000 });
    expect(engine.queries.job(created.id)).toMatchObject({ state: 'done', attempts: 1 });
    expect((await bench.stats()).requests[VIDEO_SUBMIT]).toBe(1);
  });

  it('"Look up on the gateway" says when the submission is not there (yet), and is offered for unknown omni jobs only', async () => {
    const engine = await setup({ graceMs: 60_000, intervalMs: 60_000 });
    const image = await runOne(engine, imageTask('not an omni job'));
    expect(image.state).toBe('done');
    await expect(engine.commands.lookUp(image.id)).rejects.toThrow(/not an unknown job/);
    await expect(engine.commands.lookUp('no-such-job')).rejects.toThrow(/no job/);
    await bench.addFault({ kind: 'error', status: 500, route: VIDEO_SUBMIT, count: 1 });
    const created = engine.commands.enqueue(omni('never made'));
    await until(() => engine.queries.job(created.id)?.state === 'unknown');
    expect((await engine.commands.lookUp(created.id)).outcome).toBe('not_found');
    expect(engine.queries.job(created.id)?.state).toBe('unknown');
    expect((await bench.stats()).requests[VIDEO_SUBMIT]).toBe(1);
  });
});

describe('an omni job whose look-up never finds its task', () => {
  it('stays unknown for the artist to decide and is never submitted again by itself', async () => {
    bench = await startBench({}, { virtualTime: true });
    const engine = bench.engine();
    await engine.start();
    // Refused before anything was made: the look-ups by business id find nothing, however long they ask.
    await bench.addFault({ kind: 'error', status: 500, route: VIDEO_SUBMIT, count: 1 });
    const created = engine.commands.enqueue(omni('never arrived'));
    const goal = new Promise<void>((resolve) => bench.clock?.setTimeout(resolve, 30 * 60_000));
    await bench.run(goal, { maxVirtualMs: 31 * 60_000 });
    expect(engine.queries.job(created.id)).toMatchObject({ state: 'unknown', errorCode: 'server_error_unknown', attempts: 1 });
    expect((await bench.stats()).requests[VIDEO_SUBMIT]).toBe(1);
    // The engine is idle: nothing is left that it would do without the artist.
    await bench.idle(engine);
    expect((await engine.commands.lookUp(created.id)).outcome).toBe('not_found');
    engine.commands.resolveUnknown(created.id, 'discard');
    expect((await bench.stats()).requests[VIDEO_SUBMIT]).toBe(1);
  });
});

/** `until` for a check that has to ask (the demo gateway's stats). */
async function untilAsync(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits (polling the engine's own state, not the clock) until `check` holds. */
async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
