/**
 * What the timeline and the account page ask of the studio, through its contract on the demo
 * gateway: pages of jobs and batches, the queue's count and caps, the gateway's own words on a
 * failed job worded with the studio's explanation, unknown outcomes, and the credits per day.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  jobProblem,
  jobProblemText,
  wordError,
  type BatchView,
  type DaySpendView,
  type EventName,
  type JobView,
  type QueueView,
} from '../../../src/shared/contract';
import type { Studio } from '../../../src/main/core/studio';
import { FAST_ENGINE, FAST_TASKS } from '../jobs/harness';
import { callRoute, createTestStudio, demoAdmin, until } from '../../helpers/studio';
import type { SimAdmin } from '../../helpers/sim-admin';

let studio: Studio;
let admin: SimAdmin;
let seen: { name: EventName; payload: unknown }[];

beforeEach(async () => {
  ({ studio } = await createTestStudio({ demo: { timing: FAST_TASKS }, engine: FAST_ENGINE }));
  admin = await demoAdmin(studio);
  seen = [];
  studio.bus.subscribe((name, payload) => seen.push({ name, payload }));
});
afterEach(async () => {
  await studio.stop();
});

const call = <T>(route: string, input: unknown): Promise<T> => callRoute<T>(studio, route, input);
type Page<T> = { items: T[]; nextCursor: string | null };

async function batchOf(name: string, variantId: string, prompts: string[]): Promise<BatchView> {
  const { batch } = await call<{ batch: BatchView }>('jobs.create_batch', { name, variantIds: [variantId], prompts, countPerPrompt: 1, values: {} });
  return batch;
}
const jobsOf = async (batchId: string): Promise<JobView[]> => (await call<Page<JobView>>('jobs.list_jobs', { batchId })).items;
const settled = (jobs: JobView[]): boolean => jobs.every((job) => ['done', 'failed', 'unknown', 'canceled'].includes(job.state));

describe('the timeline’s routes', () => {
  it('pages batches and jobs with their cursors, announces a new batch, and refuses a cursor it did not make', async () => {
    await call('jobs.pause_queue', {});
    const prompts = Array.from({ length: 5 }, (_, i) => `a kite ${i}`);
    const older = await batchOf('Kites', 'image.gen-image-2.direct', prompts);
    const newer = await batchOf('Boats', 'image.gen-image-2.direct', ['a boat']);
    expect(seen.filter((e) => e.name === 'jobs.batch_added').map((e) => (e.payload as BatchView).id)).toEqual([older.id, newer.id]);

    const first = await call<Page<BatchView>>('jobs.list_batches', { limit: 1 });
    expect(first.items.map((b) => b.name)).toEqual(['Boats']);
    const second = await call<Page<BatchView>>('jobs.list_batches', { limit: 1, cursor: first.nextCursor });
    expect(second).toMatchObject({ items: [{ name: 'Kites', counts: { queued: 5 } }], nextCursor: null });

    const page = await call<Page<JobView>>('jobs.list_jobs', { batchId: older.id, limit: 2 });
    const rest = await call<Page<JobView>>('jobs.list_jobs', { batchId: older.id, limit: 3, cursor: page.nextCursor });
    expect([...page.items, ...rest.items].map((j) => j.prompt)).toEqual(prompts);
    expect(rest.nextCursor).toBeNull();

    expect(await call<BatchView>('jobs.get_batch', { id: older.id })).toMatchObject({ name: 'Kites', counts: { queued: 5 } });
    expect(await studio.router.dispatch('jobs.get_batch', { id: 'gone' })).toMatchObject({ ok: false, error: { reason: 'batch_not_found' } });
    const stale = await studio.router.dispatch('jobs.list_jobs', { cursor: 'eyJ0IjoxfQ' });
    expect(stale).toMatchObject({ ok: false, error: { reason: 'stale_cursor', code: 'invalid_input' } });
    const tooMany = await studio.router.dispatch('jobs.list_jobs', { limit: 1000 });
    expect(tooMany).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('counts the jobs in progress for the badge and applies the concurrency setting at once', async () => {
    await call('jobs.pause_queue', {});
    const batch = await batchOf('Lanterns', 'image.gen-image-2.task', ['a lantern 1', 'a lantern 2', 'a lantern 3']);
    await until(
      () => call<QueueView>('jobs.get_queue', {}),
      (q) => q.activeJobs === 3,
      'three jobs counted',
    );
    // The window hears it too, without asking.
    await until(() => seen.some((e) => e.name === 'jobs.queue_changed' && (e.payload as QueueView).activeJobs === 3), Boolean, 'the count to go out');
    expect((await call<QueueView>('jobs.get_queue', {})).limits).toEqual({ maxActive: 6, maxActivePerModel: 3 });

    await call('settings.update', { concurrency: 1 });
    expect(await call<QueueView>('jobs.get_queue', {})).toMatchObject({ paused: true, limits: { maxActive: 1, maxActivePerModel: 1 } });
    const inFlight = new Set<string>();
    let most = 0;
    studio.bus.subscribe((name, payload) => {
      if (name !== 'jobs.changed') return;
      for (const job of payload) {
        if (['submitting', 'submitted', 'running', 'downloading'].includes(job.state)) inFlight.add(job.id);
        else inFlight.delete(job.id);
      }
      most = Math.max(most, inFlight.size);
    });
    await call('jobs.resume_queue', {});
    const jobs = await until(
      () => jobsOf(batch.id),
      (list) => list.every((j) => j.state === 'done'),
      'the lanterns',
    );
    expect(most).toBe(1);
    expect(jobs.every((j) => j.thumbPath !== null && j.startedAt !== null)).toBe(true);
    await until(
      () => call<QueueView>('jobs.get_queue', {}),
      (q) => q.activeJobs === 0,
      'the badge to clear',
    );
    const durations = await call<{ variantId: string; samples: number }[]>('jobs.list_durations', {
      variantIds: ['image.gen-image-2.task', 'video.vid-2.task'],
    });
    expect(durations).toEqual([expect.objectContaining({ variantId: 'image.gen-image-2.task', samples: 3 })]);
  });

  it('keeps the gateway’s words on a failed task apart from the explanation, in both languages', async () => {
    const refusal = '内容审核未通过:画面包含敏感元素';
    await admin('POST', '/faults', { kind: 'task-failure', message: refusal, count: 1 });
    const batch = await batchOf('Refused', 'image.gen-image-2.task', ['a red door']);
    const [job] = await until(() => jobsOf(batch.id), settled, 'the refused job');
    expect(job).toMatchObject({ state: 'failed', errorCode: 'task_failed', gatewayMessage: refusal });
    const problem = jobProblem(job as JobView);
    expect(problem).toMatchObject({ reason: 'job_task_failed', gatewayMessage: refusal });
    expect(wordError(problem as NonNullable<typeof problem>, 'zh-CN')).toMatchObject({
      summary: expect.stringMatching(/网关报告此任务失败/) as unknown,
      gatewayText: refusal,
    });
    expect(jobProblemText(job as JobView)).toBe(
      `The gateway reported that this task failed. Retry to send it again (a new, paid request), or change the prompt first. Gateway said: ${refusal}`,
    );
  });

  it('sends a batch again as its jobs move, so its progress is live before it ends', async () => {
    // One job at a time, so the batch is seen part done whatever the machine's load: jobs run in parallel can end together.
    await call('settings.update', { concurrency: 1 });
    const batch = await batchOf('Live', 'image.gen-image-2.task', ['one', 'two', 'three']);
    await until(() => jobsOf(batch.id), settled, 'the batch’s jobs');
    await until(
      () => seen,
      (events) => events.some((e) => e.name === 'jobs.batch_changed' && (e.payload as BatchView).status === 'done'),
      'the batch done',
    );
    const views = seen.filter((e) => e.name === 'jobs.batch_changed').map((e) => e.payload as BatchView);
    const active = views.filter((view) => view.status === 'active');
    // While it ran, views came with jobs in flight and with some but not all of them done.
    expect(active.some((view) => (view.counts.running ?? 0) + (view.counts.submitted ?? 0) > 0)).toBe(true);
    expect(active.some((view) => (view.counts.done ?? 0) > 0 && (view.counts.done ?? 0) < 3)).toBe(true);
    expect(views.at(-1)).toMatchObject({ status: 'done', counts: { done: 3 } });
  });

  it('makes an answer lost after sending an unknown outcome, and sends it again only when asked', async () => {
    await admin('POST', '/faults', { kind: 'malformed-json', route: 'POST /v1/images/generations', count: 1 });
    const batch = await batchOf('Maybe paid', 'image.gen-image-2.task', ['a quiet pier']);
    const [job] = await until(() => jobsOf(batch.id), settled, 'the unknown job');
    expect(job).toMatchObject({ state: 'unknown', errorCode: 'outcome_unknown' });
    expect(jobProblem(job as JobView)?.reason).toBe('job_outcome_unknown');
    const before = (await admin<{ submissions: Record<string, number> }>('GET', '/stats')).submissions['gen-image-2'] ?? 0;

    const resent = await call<JobView>('jobs.resolve_unknown', { id: job?.id, choice: 'resubmit' });
    expect(resent).toMatchObject({ state: 'queued', errorCode: 'resubmitted' });
    await until(
      () => jobsOf(batch.id),
      (list) => list[0]?.state === 'done',
      'the resubmitted job',
    );
    expect((await admin<{ submissions: Record<string, number> }>('GET', '/stats')).submissions['gen-image-2']).toBe(before + 1);
  });

  it('sums the credits spent per day from the jobs’ measured costs', async () => {
    const batch = await batchOf('Priced', 'image.gen-image-2.direct', ['a paper crane', 'a paper boat']);
    const jobs = await until(
      () => jobsOf(batch.id),
      (list) => list.every((j) => j.state === 'done' && j.creditsSpent !== null),
      'the priced jobs',
    );
    const spent = jobs.reduce((sum, j) => sum + (j.creditsSpent ?? 0), 0);
    expect(spent).toBeGreaterThan(0);
    const today = new Date();
    today.setHours(0, 0, 0, 0);
    const yesterday = today.getTime() - 86_400_000;
    const days = await call<DaySpendView[]>('jobs.sum_daily_credits', { dayStarts: [yesterday, today.getTime()], end: today.getTime() + 86_400_000 });
    expect(days).toEqual([
      { start: yesterday, credits: 0, measuredCredits: 0, jobs: 0 },
      { start: today.getTime(), credits: spent, measuredCredits: expect.any(Number) as unknown, jobs: 2 },
    ]);
    expect((await call<Page<BatchView>>('jobs.list_batches', {})).items[0]?.creditsSpent).toBe(spent);
    const refused = await studio.router.dispatch('jobs.sum_daily_credits', { dayStarts: [today.getTime(), yesterday], end: today.getTime() });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
