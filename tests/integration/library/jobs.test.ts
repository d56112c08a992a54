import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { activeJobStates } from '../../../src/shared/jobs/job-states';
import type { LibraryDatabase } from '../../../src/main/core/library';
import {
  batchJobCounts,
  countJobsBy,
  createBatch,
  editJobRequest,
  findJobByClientBusinessId,
  getJob,
  insertJob,
  insertJobs,
  listBatches,
  listBatchJobs,
  listJobsInStates,
  listRunnableJobs,
  recoverInterruptedSubmissions,
  reorderJobs,
  setBatchStatus,
  transitionJob,
  updateJob,
  type NewJob,
} from '../../../src/main/core/jobs/store';
import { bundledEntry } from '../../helpers/bundled-entries';
import { manualClock, openLibrary } from './helpers';

const run = promisify(execFile);
const crashScript = bundledEntry('submit-then-crash');

const imageJob = (prompt: string, extra: Partial<NewJob> = {}): NewJob => ({
  variantId: 'image.gen-image-2.task',
  model: 'gen-image-2',
  request: { model: 'gen-image-2', prompt, size: '1:1' },
  ...extra,
});

describe('job transitions', () => {
  it('moves only from the expected states (compare-and-set) and stamps times and attempts', () => {
    const clock = manualClock();
    const { db } = openLibrary(undefined, { clock: clock.now });
    const job = insertJob(db, imageJob('a fox'));
    expect(job).toMatchObject({ state: 'queued', attempts: 0, prompt: 'a fox', submittedAt: null });

    clock.advance(1000);
    expect(transitionJob(db, job.id, ['queued'], 'submitting')).toBe(true);
    expect(transitionJob(db, job.id, ['queued'], 'submitting')).toBe(false);
    clock.advance(1000);
    expect(transitionJob(db, job.id, ['submitting'], 'submitted')).toBe(true);
    clock.advance(1000);
    expect(transitionJob(db, job.id, ['submitted'], 'running')).toBe(true);
    expect(transitionJob(db, job.id, ['running'], 'downloading')).toBe(true);
    clock.advance(1000);
    expect(transitionJob(db, job.id, ['downloading'], 'done')).toBe(true);

    const start = manualClock().now();
    expect(getJob(db, job.id)).toMatchObject({ state: 'done', attempts: 1, submittedAt: start + 2000, finishedAt: start + 4000, updatedAt: start + 4000 });
  });

  it('refuses moves that are not in the transition table', () => {
    const { db } = openLibrary();
    const job = insertJob(db, imageJob('x'));
    expect(() => transitionJob(db, job.id, ['submitted'], 'queued')).toThrow(/cannot move from submitted to queued/);
    expect(() => transitionJob(db, job.id, [], 'queued')).toThrow();
    expect(getJob(db, job.id)?.state).toBe('queued');
  });

  it('applies a patch with the move, and clears finished_at when a failed job is retried', () => {
    const { db } = openLibrary();
    const job = insertJob(db, imageJob('x'));
    transitionJob(db, job.id, ['queued'], 'submitting');
    transitionJob(db, job.id, ['submitting'], 'failed', { errorCode: 'prompt_blocked', errorMessage: '提示词被拦截' });
    expect(getJob(db, job.id)).toMatchObject({ state: 'failed', errorCode: 'prompt_blocked', errorMessage: '提示词被拦截' });
    expect(getJob(db, job.id)?.finishedAt).not.toBeNull();
    transitionJob(db, job.id, ['failed'], 'queued', { errorCode: null, errorMessage: null, nextAttemptAt: 5 });
    expect(getJob(db, job.id)).toMatchObject({ state: 'queued', errorCode: null, errorMessage: null, finishedAt: null, nextAttemptAt: 5 });
  });

  it('updates fields in place only while the job is in the given states', () => {
    const { db } = openLibrary();
    const job = insertJob(db, imageJob('x'));
    expect(updateJob(db, job.id, ['queued'], { nextAttemptAt: 42 })).toBe(true);
    expect(updateJob(db, job.id, ['running'], { nextAttemptAt: 7 })).toBe(false);
    expect(getJob(db, job.id)?.nextAttemptAt).toBe(42);
  });

  it('lets exactly one of two connections take a queued job', () => {
    const { db, reopen } = openLibrary();
    const other = reopen();
    const job = insertJob(db, imageJob('race'));
    const results = [transitionJob(db, job.id, ['queued'], 'submitting'), transitionJob(other, job.id, ['queued'], 'submitting')];
    expect(results).toEqual([true, false]);
    expect(getJob(other, job.id)?.attempts).toBe(1);
  });
});

describe('crash recovery', () => {
  it('never resubmits a job whose process died mid-submission: it becomes unknown', async () => {
    const { db, file, reopen } = openLibrary();
    const job = insertJob(db, imageJob('paid generation'));
    db.close();

    // It kills itself; should it hang instead, it is ended (by SIGTERM, which the test tells apart) within the test's deadline.
    const child = await run(process.execPath, [crashScript, file, job.id], { timeout: 50_000 }).catch(
      (error: unknown) => error as { stdout: string; signal: string },
    );
    expect(child).toMatchObject({ stdout: 'moved\n', signal: 'SIGKILL' });

    const after = reopen();
    // The row was committed before the (simulated) network step.
    expect(getJob(after, job.id)).toMatchObject({ state: 'submitting', attempts: 1, clientBusinessId: `cbid-${job.id}` });
    // The queue only takes queued jobs, so a restarted queue cannot submit it again...
    expect(listRunnableJobs(after)).toEqual([]);
    expect(transitionJob(after, job.id, ['queued'], 'submitting')).toBe(false);
    // ...and start-up recovery marks it for reconciliation instead.
    expect(recoverInterruptedSubmissions(after)).toEqual([job.id]);
    expect(getJob(after, job.id)).toMatchObject({ state: 'unknown', errorCode: 'interrupted' });
    expect(findJobByClientBusinessId(after, `cbid-${job.id}`)?.id).toBe(job.id);
    expect(recoverInterruptedSubmissions(after)).toEqual([]);
  });

  it('keeps every committed step across close and reopen', () => {
    const { db, reopen } = openLibrary();
    const job = insertJob(db, imageJob('steps'));
    const steps = [
      [['queued'], 'submitting'],
      [['submitting'], 'submitted'],
      [['submitted'], 'running'],
      [['running'], 'downloading'],
      [['downloading'], 'done'],
    ] as const;
    let current: LibraryDatabase = db;
    for (const [from, to] of steps) {
      expect(transitionJob(current, job.id, from, to)).toBe(true);
      current.close();
      current = reopen();
      expect(getJob(current, job.id)?.state).toBe(to);
      // Replaying the same step after a restart is a no-op, not a double move.
      expect(transitionJob(current, job.id, from, to)).toBe(false);
    }
    expect(listJobsInStates(current, activeJobStates)).toEqual([]);
  });
});

describe('jobs and batches', () => {
  it('stores requests without secrets', () => {
    const { db } = openLibrary();
    const job = insertJob(
      db,
      imageJob('x', { request: { model: 'gen-image-2', prompt: 'x', api_key: 'sk-secretsecretsecret', headers: { Authorization: 'Bearer k' } } }),
    );
    const raw = db.connection.prepare<[string], { request: string }>('SELECT request FROM jobs WHERE id = ?').get(job.id);
    expect(raw?.request).not.toMatch(/secret|Bearer/);
    expect(job.request).toEqual({ model: 'gen-image-2', prompt: 'x', headers: {} });
  });

  it('derives batch counts by query and lists batches newest first', () => {
    const clock = manualClock();
    const { db } = openLibrary(undefined, { clock: clock.now });
    const first = createBatch(db, {
      name: 'first',
      options: { concurrency: 2, creditBudget: 500, dedicatedTokenId: 17, fanOutModels: ['gen-image-2', 'nova-3-pro-image'] },
    });
    clock.advance(10);
    const second = createBatch(db, { name: 'second' });
    const jobs = insertJobs(db, [imageJob('a', { batchId: first.id }), imageJob('b', { batchId: first.id }), imageJob('c', { batchId: first.id })]);
    transitionJob(db, jobs[0]?.id ?? '', ['queued'], 'canceled');
    expect(batchJobCounts(db, first.id)).toMatchObject({ total: 3, queued: 2, canceled: 1, done: 0 });
    const listed = listBatches(db);
    expect(listed.map((b) => b.name)).toEqual(['second', 'first']);
    expect(listed[0]?.counts.total).toBe(0);
    expect(listed[1]?.options).toEqual({ concurrency: 2, creditBudget: 500, dedicatedTokenId: 17, fanOutModels: ['gen-image-2', 'nova-3-pro-image'] });
    expect(listBatches(db, { statuses: ['paused'] })).toEqual([]);
    expect(second.status).toBe('active');
  });

  it('lists runnable jobs: standalone first, then active batches in order, skipping paused batches and backoffs', () => {
    const clock = manualClock();
    const { db } = openLibrary(undefined, { clock: clock.now });
    const batchA = createBatch(db, { name: 'A' });
    clock.advance(1);
    const batchB = createBatch(db, { name: 'B' });
    const [a1, a2, a3] = insertJobs(db, [
      imageJob('a1', { batchId: batchA.id }),
      imageJob('a2', { batchId: batchA.id }),
      imageJob('a3', { batchId: batchA.id }),
    ]);
    insertJob(db, imageJob('b1', { batchId: batchB.id }));
    insertJob(db, imageJob('solo'));
    insertJob(db, imageJob('later', { nextAttemptAt: clock.now() + 60_000 }));
    insertJob(db, imageJob('draft', { state: 'draft' }));

    reorderJobs(db, batchA.id, [a3?.id ?? '', a1?.id ?? '']);
    expect(listBatchJobs(db, batchA.id).map((j) => j.prompt)).toEqual(['a3', 'a1', 'a2']);
    expect(listRunnableJobs(db).map((j) => j.prompt)).toEqual(['solo', 'a3', 'a1', 'a2', 'b1']);

    setBatchStatus(db, batchA.id, 'paused');
    expect(listRunnableJobs(db).map((j) => j.prompt)).toEqual(['solo', 'b1']);
    expect(listRunnableJobs(db, { now: clock.now() + 60_000, limit: 2 }).map((j) => j.prompt)).toEqual(['solo', 'later']);
    expect(() => reorderJobs(db, batchB.id, [a2?.id ?? ''])).toThrow(/not in batch/);
  });

  it('counts jobs in flight per model and per batch for the concurrency caps', () => {
    const { db } = openLibrary();
    const batch = createBatch(db, { name: 'caps' });
    const [first, second] = insertJobs(db, [imageJob('1', { batchId: batch.id }), imageJob('2', { batchId: batch.id }), imageJob('3', { model: 'vid-2' })]);
    transitionJob(db, first?.id ?? '', ['queued'], 'submitting');
    transitionJob(db, second?.id ?? '', ['queued'], 'submitting');
    transitionJob(db, second?.id ?? '', ['submitting'], 'submitted');
    const inFlight = activeJobStates;
    expect(countJobsBy(db, 'model', inFlight)).toEqual(new Map([['gen-image-2', 2]]));
    expect(countJobsBy(db, 'batch', inFlight)).toEqual(new Map([[batch.id, 2]]));
    expect(countJobsBy(db, 'model', ['queued'])).toEqual(new Map([['vid-2', 1]]));
    expect(countJobsBy(db, 'model', [])).toEqual(new Map());
  });

  it('edits a job only until it is picked up', () => {
    const { db } = openLibrary();
    const job = insertJob(db, imageJob('old', { state: 'draft' }));
    expect(editJobRequest(db, job.id, { request: { model: 'gen-image-2', prompt: 'new' } })).toBe(true);
    expect(getJob(db, job.id)?.prompt).toBe('new');
    transitionJob(db, job.id, ['draft'], 'queued');
    transitionJob(db, job.id, ['queued'], 'submitting');
    expect(editJobRequest(db, job.id, { request: { prompt: 'too late' } })).toBe(false);
  });
});
