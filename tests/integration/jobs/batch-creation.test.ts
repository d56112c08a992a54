/**
 * A large batch is stored a few jobs a turn (batch-creation.ts) and is still one batch for the
 * artist: not listed and never submitted until its last job is stored, gone whole when storing
 * fails half way or the process ends before it is done. On a virtual clock (the harness's).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { JOBS_PER_TURN } from '../../../src/main/core/jobs/batch-creation';
import { createBatch, insertJobs } from '../../../src/main/core/jobs/store';
import { bodyOf, startBench, type Bench } from './harness';

let bench: Bench;
afterEach(async () => bench.close());

const imageTask = (prompt: string) => ({ variantId: 'image.gen-image-2.task', body: bodyOf('image.gen-image-2.task', { prompt }) });
const manyJobs = (count: number) => Array.from({ length: count }, (_unused, index) => imageTask(`picture ${index + 1}`));
const storedJobs = (): number => bench.db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM jobs').get()?.n ?? 0;
const movedJobs = (): number => bench.db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM jobs WHERE state != 'queued'").get()?.n ?? 0;
const storedBatches = (): number => bench.db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM batches').get()?.n ?? 0;

describe('a batch stored a few jobs a turn', () => {
  it('is neither listed nor submitted while its jobs are being stored, and whole once they are', async () => {
    bench = await startBench({}, { virtualTime: true });
    const engine = bench.engine();
    await engine.start();
    const total = JOBS_PER_TURN * 3;
    const creating = engine.commands.createBatch({ name: 'large', jobs: manyJobs(total) });
    const seenHalfWay: { stored: number; listed: number; moved: number }[] = [];
    while (storedJobs() < total) {
      await nextTurn();
      seenHalfWay.push({ stored: storedJobs(), listed: engine.queries.batchesPage().items.length, moved: movedJobs() });
    }
    const { batch, jobs } = await creating;

    // Some turn saw part of the jobs stored, and no turn listed the batch before it was whole.
    expect(seenHalfWay.some(({ stored }) => stored > 0 && stored < total)).toBe(true);
    expect(seenHalfWay.filter(({ stored, listed, moved }) => stored < total && (listed > 0 || moved > 0))).toEqual([]);
    expect(engine.queries.batchesPage().items.map((item) => item.id)).toEqual([batch.id]);
    expect(engine.queries.batch(batch.id)).toMatchObject({ status: 'active', counts: { total, queued: total } });
    expect(jobs.map((job) => job.position)).toEqual(Array.from({ length: total }, (_unused, index) => index));
    await bench.idle(engine);
    expect(engine.queries.batch(batch.id)).toMatchObject({ status: 'done', counts: { total, done: total } });
  });

  it('leaves nothing behind when storing fails half way', async () => {
    bench = await startBench({}, { virtualTime: true });
    const engine = bench.engine();
    await engine.start();
    // The disk fills up after the first turn's jobs.
    bench.db.connection.exec(
      `CREATE TRIGGER disk_full BEFORE INSERT ON jobs WHEN (SELECT COUNT(*) FROM jobs) >= ${JOBS_PER_TURN} BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`,
    );
    await expect(engine.commands.createBatch({ name: 'too large for the disk', jobs: manyJobs(JOBS_PER_TURN * 3) })).rejects.toThrow(/disk is full/);
    expect({ batches: storedBatches(), jobs: storedJobs() }).toEqual({ batches: 0, jobs: 0 });
    expect(bench.events.filter((event) => event.type === 'batch.added')).toEqual([]);
  });

  it('is deleted whole at the next start when the process ended before its last job was stored', async () => {
    bench = await startBench({}, { virtualTime: true });
    // What a crash half way leaves: the batch marked unfinished, paused, with part of its jobs.
    const batch = createBatch(bench.db, { name: 'cut short', options: { unfinished: true } });
    insertJobs(
      bench.db,
      manyJobs(3).map((job) => ({ variantId: job.variantId, model: 'gen-image-2', request: job.body, batchId: batch.id, state: 'queued' as const })),
    );
    const engine = bench.engine();
    await engine.start();
    expect({ batches: storedBatches(), jobs: storedJobs() }).toEqual({ batches: 0, jobs: 0 });
    expect((await bench.stats()).totalSubmissions).toBe(0);
  });
});
