/**
 * Durable writes wait for the disk off the event loop (a commit without a flush, then an fsync of
 * the WAL in the thread pool): the promises of a paid POST's claim and of the task it was given
 * settle only once the disk has them, so a crash at any moment still never sends a job twice.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, startBench, type Bench } from './harness';

let bench: Bench;
afterEach(async () => bench.close());

/** Lets the loop turn until `done` holds (bounded; the engine's own work happens meanwhile). */
async function turnsUntil(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 200_000 && !done(); turn++) await new Promise((resolve) => setImmediate(resolve));
  if (!done()) throw new Error('the engine never got there');
}

describe('durable writes flushed off the event loop', () => {
  it('sends no paid POST while its claim is committed but not yet on disk; once it is, the job is sent once and finishes', async () => {
    bench = await startBench();
    const flushToDisk = bench.db.flushToDisk.bind(bench.db);
    let release = (): void => undefined;
    const disk = new Promise<void>((resolve) => (release = resolve));
    let flushesAsked = 0;
    vi.spyOn(bench.db, 'flushToDisk').mockImplementation(() => {
      flushesAsked++;
      return disk.then(flushToDisk);
    });
    const engine = bench.engine();
    await engine.start();
    const job = engine.commands.enqueue({ variantId: 'image.gen-image-2.task', body: bodyOf('image.gen-image-2.task', { prompt: 'held at the disk' }) });
    await turnsUntil(() => engine.queries.job(job.id)?.state === 'submitting' && flushesAsked > 0);
    // The claim is in the library (a restart would find the job submitting, never queued) and the loop runs on.
    expect(engine.queries.job(job.id)?.state).toBe('submitting');
    const before = await bench.stats();
    expect(before.totalSubmissions).toBe(0);
    release();
    await bench.idle(engine);
    expect(engine.queries.job(job.id)).toMatchObject({ state: 'done' });
    expect((await bench.stats()).submissions['gen-image-2']).toBe(1);
  });
});
