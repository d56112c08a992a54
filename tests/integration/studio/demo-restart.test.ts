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

// Long enough that every task is still running when the studio stops.
const DEMO = { timing: { image: 2_500, video: 3_000, character: 1_000, textChunk: 0 } };

const running: Studio[] = [];
afterAll(async () => {
  await Promise.all(running.map((studio) => studio.stop()));
});

async function call<T>(studio: Studio, route: string, input: unknown): Promise<T> {
  const result = await studio.router.dispatch(route, input);
  if (!result.ok) throw new Error(`${route}: ${result.error.message}`);
  return result.value as T;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('demo mode survives a restart of the studio', () => {
  it('a batch running when the studio stops completes after it starts again', async () => {
    const first = await createTestStudio({ demo: DEMO, engine: FAST_ENGINE });
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
    const accepted = await until(
      () => jobsOf(first.studio),
      (jobs) => jobs.every((job) => job.state === 'submitted' || job.state === 'running'),
      'both tasks accepted',
    );
    expect(accepted.map((job) => job.state)).not.toContain('done');
    await first.studio.stop();
    running.splice(running.indexOf(first.studio), 1);

    const second = await createTestStudio({ dataDir: first.dataDir, demo: DEMO, engine: FAST_ENGINE });
    running.push(second.studio);
    const after = await call<AppInfo>(second.studio, 'app.get_info', {});
    expect(after.gatewayUrl).toBe(before.gatewayUrl);
    const jobs = await until(
      () => jobsOf(second.studio),
      (list) => list.every((job) => job.state === 'done' || job.state === 'failed'),
      'the batch to finish',
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
