/**
 * Demo mode across a restart of the studio: a batch running on the embedded demo gateway when
 * the studio stops completes after it starts again on the same data folder, because the demo
 * gateway keeps its tasks and files there and comes back on the same address.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppInfo, AssetView, BatchView, JobView } from '../../../src/shared/contract';
import type { Studio } from '../../../src/main/core/studio';
import { FAST_ENGINE } from '../jobs/harness';
import { createTestStudio } from '../../helpers/studio';
import { runUntil, VirtualClock } from '../../helpers/virtual-clock';

// The studios and their demo gateway share a virtual clock that moves on whenever the studio is
// waiting for time: tasks of a minute are surely still running when the first studio stops,
// and take no real time after it starts again.
const DEMO = { timing: { image: 60_000, video: 60_000, character: 10_000, textChunk: 0 } };
const POLLS = { initialDelayMs: 500, intervalMs: 1_000, deadlineMs: 10 * 60_000 };
const ENGINE = { ...FAST_ENGINE, pollTimings: { image: POLLS, video: POLLS, character: POLLS } };

const running: Studio[] = [];
afterAll(async () => {
  await Promise.all(running.map((studio) => studio.stop()));
});

async function call<T>(studio: Studio, route: string, input: unknown): Promise<T> {
  const result = await studio.router.dispatch(route, input);
  if (!result.ok) throw new Error(`${route}: ${result.error.message}`);
  return result.value as T;
}

/** Resolves with what `read` gives once `done` holds, read again at each change of the jobs. */
function whenJobs<T>(studio: Studio, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      read().then((value) => {
        if (!done(value)) return;
        unsubscribe();
        resolve(value);
      }, reject);
    };
    const unsubscribe = studio.bus.on('jobs.changed', () => check());
    check();
  });
}

describe('demo mode survives a restart of the studio', () => {
  it('a batch running when the studio stops completes after it starts again', async () => {
    const clock = new VirtualClock();
    const onClock = { clock, demo: { ...DEMO, clock: () => clock.now() }, engine: ENGINE };
    const first = await createTestStudio(onClock);
    running.push(first.studio);
    const before = await call<AppInfo>(first.studio, 'app.get_info', {});
    expect(before.demoMode).toBe(true);
    const { batch, jobCount } = await call<{ batch: BatchView; jobCount: number }>(first.studio, 'jobs.create_batch', {
      name: 'Lanterns',
      variantIds: ['image.gen-image-2.task', 'video.clip-3.0-turbo'],
      prompts: ['a paper lantern over a river'],
      countPerPrompt: 1,
      values: {},
    });
    expect(jobCount).toBe(2);
    const jobsOf = (studio: Studio): Promise<JobView[]> =>
      call<{ items: JobView[] }>(studio, 'jobs.list_jobs', { batchId: batch.id }).then((page) => page.items);
    const accepted = await runUntil(
      clock,
      first.studio,
      whenJobs(
        first.studio,
        () => jobsOf(first.studio),
        (jobs) => jobs.every((job) => job.state === 'submitted' || job.state === 'running'),
      ),
    );
    expect(accepted.map((job) => job.state)).not.toContain('done');
    await first.studio.stop();
    running.splice(running.indexOf(first.studio), 1);

    const second = await createTestStudio({ ...onClock, dataDir: first.dataDir });
    running.push(second.studio);
    const after = await call<AppInfo>(second.studio, 'app.get_info', {});
    expect(after.gatewayUrl).toBe(before.gatewayUrl);
    const jobs = await runUntil(
      clock,
      second.studio,
      whenJobs(
        second.studio,
        () => jobsOf(second.studio),
        (list) => list.every((job) => job.state === 'done' || job.state === 'failed'),
      ),
    );
    expect(jobs.map((job) => [job.variantId, job.state, job.errorMessage])).toEqual(
      expect.arrayContaining([
        ['image.gen-image-2.task', 'done', null],
        ['video.clip-3.0-turbo', 'done', null],
      ]),
    );
    const page = await call<{ items: AssetView[] }>(second.studio, 'library.list_assets', {});
    expect(page.items.map((asset) => asset.kind).sort()).toEqual(['image', 'video']);
    for (const asset of page.items) expect(existsSync(join(second.studio.libraryRoot(), asset.mediaPath))).toBe(true);
    const video = page.items.find((asset) => asset.kind === 'video');
    expect(video?.durationMs).toBe(5_000);
  }, 60_000);
});
