import { describe, expect, it } from 'vitest';
import { InvalidCursorError, type LibraryDatabase } from '../../../src/main/core/library';
import {
  createBatch,
  creditsPerDay,
  insertJob,
  listBatchesPage,
  listJobsPage,
  setJobCost,
  transitionJob,
  typicalDurations,
  type Job,
  type JobPageRequest,
} from '../../../src/main/core/jobs/store';
import { migrations } from '../../../src/main/core/library/migrations';
import { manualClock, openLibrary, tempFolder } from './helpers';

const image = { variantId: 'image.gen-image-2.direct', model: 'gen-image-2' };

function readAll(db: LibraryDatabase, request: JobPageRequest): { items: Job[]; pages: number } {
  const items: Job[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = listJobsPage(db, { ...request, cursor });
    items.push(...page.items);
    cursor = page.nextCursor;
    pages++;
  } while (cursor !== null && pages < 100);
  return { items, pages };
}

/** Walks a job through a real life: submitted at `start`, stored at `start + ms`. */
function finish(db: LibraryDatabase, clock: ReturnType<typeof manualClock>, job: Job, start: number, ms: number): void {
  clock.set(start);
  transitionJob(db, job.id, ['queued'], 'submitting');
  transitionJob(db, job.id, ['submitting'], 'downloading');
  clock.set(start + ms);
  transitionJob(db, job.id, ['downloading'], 'done');
}

describe('jobs a page at a time', () => {
  it('gives a batch’s jobs in queue order and every other selection newest first, never more than a page', () => {
    const clock = manualClock();
    const { db } = openLibrary(undefined, { clock: clock.now });
    const batch = createBatch(db, { name: 'harbours' });
    // Inserted in one millisecond, as a batch is: only the keyset's tie-breaker orders them.
    const inBatch = db.transaction(() =>
      Array.from({ length: 130 }, (_, i) => insertJob(db, { ...image, batchId: batch.id, request: { prompt: `harbour ${i}` } })),
    );
    const lone = Array.from({ length: 7 }, (_, i) => {
      clock.advance(1000);
      return insertJob(db, { ...image, request: { prompt: `single ${i}` } });
    });

    const queueOrder = readAll(db, { batchId: batch.id, limit: 50 });
    expect(queueOrder.pages).toBe(3);
    expect(queueOrder.items.map((j) => j.id)).toEqual(inBatch.map((j) => j.id));

    const newest = readAll(db, { limit: 40 });
    expect(newest.items).toHaveLength(137);
    expect(new Set(newest.items.map((j) => j.id)).size).toBe(137);
    expect(newest.items.slice(0, 7).map((j) => j.id)).toEqual([...lone].reverse().map((j) => j.id));
    expect(readAll(db, { outsideBatches: true, limit: 3 }).items.map((j) => j.prompt)).toEqual(lone.map((j) => j.prompt).reverse());

    transitionJob(db, inBatch[5]?.id ?? '', ['queued'], 'canceled');
    expect(readAll(db, { states: ['canceled'] }).items.map((j) => j.id)).toEqual([inBatch[5]?.id]);
  });

  it('refuses a cursor it did not make', () => {
    const { db } = openLibrary();
    expect(() => listJobsPage(db, { cursor: 'bm90IGEgY3Vyc29y' })).toThrow(InvalidCursorError);
    expect(() => listBatchesPage(db, { cursor: '%%%' })).toThrow(InvalidCursorError);
  });
});

describe('batches a page at a time', () => {
  it('lists batches newest first with the counts and cost of their own jobs only', () => {
    const clock = manualClock();
    const { db } = openLibrary(undefined, { clock: clock.now });
    const batches = Array.from({ length: 5 }, (_, i) => {
      clock.advance(1000);
      return createBatch(db, { name: `batch ${i}`, options: i === 4 ? { creditBudget: 50, dedicatedKeyCredits: 300 } : {} });
    });
    const newest = batches[4]?.id ?? '';
    const [first, second] = [insertJob(db, { ...image, batchId: newest, request: {} }), insertJob(db, { ...image, batchId: newest, request: {} })];
    insertJob(db, { ...image, batchId: batches[0]?.id ?? '', request: {} });
    setJobCost(db, first.id, { priceKey: 'k', credits: 2.5, measured: true });
    setJobCost(db, second.id, { priceKey: 'k', credits: 2.5, measured: false });
    transitionJob(db, second.id, ['queued'], 'canceled');

    const page = listBatchesPage(db, { limit: 2 });
    expect(page.items.map((b) => b.name)).toEqual(['batch 4', 'batch 3']);
    expect(page.items[0]).toMatchObject({ creditsSpent: 5, options: { creditBudget: 50, dedicatedKeyCredits: 300 } });
    expect(page.items[0]?.counts).toMatchObject({ total: 2, queued: 1, canceled: 1 });
    expect(page.items[1]).toMatchObject({ creditsSpent: null, counts: { total: 0 } });
    const rest = listBatchesPage(db, { limit: 2, cursor: page.nextCursor });
    const last = listBatchesPage(db, { limit: 2, cursor: rest.nextCursor });
    expect([...rest.items, ...last.items].map((b) => b.name)).toEqual(['batch 2', 'batch 1', 'batch 0']);
    expect(last.nextCursor).toBeNull();
    expect(last.items[0]?.counts.total).toBe(1);
    expect(listBatchesPage(db, { statuses: ['paused'] }).items).toEqual([]);
  });
});

describe('credits per day and typical durations', () => {
  it('sums each day’s measured and estimated costs from the start of their submission', () => {
    const clock = manualClock(Date.UTC(2025, 4, 1));
    const { db } = openLibrary(undefined, { clock: clock.now });
    const day = 86_400_000;
    const start = Date.UTC(2025, 4, 1);
    const spend = (at: number, credits: number | null, measured: boolean): void => {
      const job = insertJob(db, { ...image, request: {} });
      finish(db, clock, job, at, 1000);
      if (credits !== null) setJobCost(db, job.id, { priceKey: 'k', credits, measured });
    };
    spend(start + 1000, 4, true);
    spend(start + day - 1, 2, false); // the last millisecond of the first day
    spend(start + day, 3, false);
    spend(start + 2 * day + 5, null, false); // unpriced: not counted
    spend(start - 1, 100, true); // before the window
    const days = creditsPerDay(db, [start, start + day, start + 2 * day], start + 3 * day);
    expect(days).toEqual([
      { start, credits: 6, measuredCredits: 4, jobs: 2 },
      { start: start + day, credits: 3, measuredCredits: 0, jobs: 1 },
      { start: start + 2 * day, credits: 0, measuredCredits: 0, jobs: 0 },
    ]);
  });

  it('takes the median of the newest finished jobs of each variant, direct answers included', () => {
    const clock = manualClock();
    const { db } = openLibrary(undefined, { clock: clock.now });
    [3000, 9000, 4000, 5000].forEach((ms, i) => finish(db, clock, insertJob(db, { ...image, request: {} }), Date.UTC(2025, 4, 2) + i * 60_000, ms));
    const failed = insertJob(db, { variantId: 'video.vid-2.task', model: 'vid-2', request: {} });
    transitionJob(db, failed.id, ['queued'], 'submitting');
    transitionJob(db, failed.id, ['submitting'], 'failed');
    expect(typicalDurations(db, ['image.gen-image-2.direct', 'video.vid-2.task', 'image.gen-image-2.direct'])).toEqual([
      { variantId: 'image.gen-image-2.direct', medianMs: 4500, samples: 4 },
    ]);
  });
});

describe('migration 9', () => {
  it('gives jobs written before a start time from their submission or end, and keeps unsent ones without', () => {
    const dir = tempFolder();
    const { db: old } = openLibrary(dir, { migrations: migrations.slice(0, 8) });
    const insert = old.connection.prepare(
      `INSERT INTO jobs (id, variant_id, model, state, attempts, created_at, updated_at, submitted_at, finished_at) VALUES (?, 'v', 'm', ?, ?, 1, 1, ?, ?)`,
    );
    insert.run('task', 'done', 1, 500, 900);
    insert.run('direct', 'done', 1, null, 700);
    insert.run('waiting', 'queued', 0, null, null);
    old.close();
    const { db } = openLibrary(dir);
    const started = (id: string): unknown => db.connection.prepare('SELECT started_at FROM jobs WHERE id = ?').pluck().get(id);
    expect([started('task'), started('direct'), started('waiting')]).toEqual([500, 700, null]);
  });
});
