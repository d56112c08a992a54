/**
 * The next step from a result, on the demo gateway: its recipe again, the same prompt with the
 * result as the reference, and a larger size with the result as the reference. Each is a new,
 * ordinary job that runs to a result; what cannot apply is refused in words before anything is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetView, BatchView, JobView, KnownReferenceView } from '../../../src/shared/contract';
import { STRONG_VARIATION } from '../../../src/main/core/jobs/recipe-rerun';
import type { Studio } from '../../../src/main/core/studio';
import { FAST_ENGINE, FAST_TASKS } from '../jobs/harness';
import { callRoute, createTestStudio, until } from '../../helpers/studio';

let studio: Studio;
let source: AssetView;

const call = <T>(route: string, input: unknown): Promise<T> => callRoute<T>(studio, route, input);

async function finished(batch: BatchView): Promise<JobView> {
  const [job] = await until(
    async () => (await call<{ items: JobView[] }>('jobs.list_jobs', { batchId: batch.id })).items,
    (jobs) => jobs.length === 1 && jobs.every((j) => j.state === 'done' || j.state === 'failed'),
    `batch ${batch.name}`,
  );
  if (!job) throw new Error('no job');
  expect(job).toMatchObject({ state: 'done' });
  return job;
}

beforeAll(async () => {
  ({ studio } = await createTestStudio({ demo: { timing: FAST_TASKS }, engine: FAST_ENGINE }));
  const { batch } = await call<{ batch: BatchView }>('jobs.create_batch', {
    name: 'Harbour',
    variantIds: ['image.nova-3-pro-image'],
    prompts: ['a harbour at dawn'],
    countPerPrompt: 1,
    values: { size: { tier: '1K', ratio: '16:9' } },
  });
  const job = await finished(batch);
  source = await call<AssetView>('library.get_asset', { id: job.assetIds[0] ?? '' });
});
afterAll(async () => {
  await studio.stop();
});

describe('re-running a result', () => {
  it('again: the same request as a new job, with its own result', async () => {
    const { batch, jobCount } = await call<{ batch: BatchView; jobCount: number }>('jobs.rerun_asset', { assetId: source.id, mode: 'again' });
    expect(jobCount).toBe(1);
    expect(batch.name).toBe('a harbour at dawn');
    const job = await finished(batch);
    expect(job.variantId).toBe('image.nova-3-pro-image');
    expect(job.request).toEqual(source.request);
    expect(job.assetIds[0]).not.toBe(source.id);
  });

  it('vary: the same prompt and size with the result uploaded as the only reference', async () => {
    const { batch } = await call<{ batch: BatchView }>('jobs.rerun_asset', { assetId: source.id, mode: 'vary' });
    const job = await finished(batch);
    const request = job.request as { prompt: string; size: string; image_urls: { url: string }[] };
    expect(request).toMatchObject({ prompt: 'a harbour at dawn', size: '1360x768' });
    expect(request.image_urls).toHaveLength(1);
    // The reference is the library item itself, uploaded to the gateway under its own file name.
    const [known] = await call<KnownReferenceView[]>('uploads.describe', { urls: request.image_urls.map((item) => item.url) });
    expect(known).toMatchObject({ width: source.width, height: source.height, fileName: source.mediaPath.split('/').pop() });
  });

  it('vary strong: the result as the reference and the prompt asking, in words, for a bolder change', async () => {
    const { batch } = await call<{ batch: BatchView }>('jobs.rerun_asset', { assetId: source.id, mode: 'vary_strong' });
    const job = await finished(batch);
    expect(batch.name).toBe('a harbour at dawn');
    const request = job.request as { prompt: string; size: string; image_urls: { url: string }[] };
    expect(request.prompt).toBe(`a harbour at dawn\n\n${STRONG_VARIATION}`);
    expect(request).toMatchObject({ size: '1360x768' });
    expect(request.image_urls).toHaveLength(1);
  });

  it('larger: the next tier at the same ratio (or the one asked for), with the result as the reference', async () => {
    const next = await finished((await call<{ batch: BatchView }>('jobs.rerun_asset', { assetId: source.id, mode: 'larger' })).batch);
    expect(next.request).toMatchObject({ size: '2752x1536' });
    expect((next.request as { image_urls: { url: string }[] }).image_urls.map((item) => typeof item.url)).toEqual(['string']);
    const largest = await finished((await call<{ batch: BatchView }>('jobs.rerun_asset', { assetId: source.id, mode: 'larger', tier: '4K' })).batch);
    expect(largest.request).toMatchObject({ size: '5504x3072' });
    const result = await call<AssetView>('library.get_asset', { id: largest.assetIds[0] ?? '' });
    expect([result.width, result.height]).toEqual([5504, 3072]);
  });

  it('refuses what cannot apply, in words, and sends nothing', async () => {
    const before = (await call<{ items: JobView[] }>('jobs.list_jobs', {})).items.length;
    const smaller = await studio.router.dispatch('jobs.rerun_asset', { assetId: source.id, mode: 'larger', tier: '1K' });
    expect(smaller).toMatchObject({ ok: false, error: { code: 'invalid_input', reason: 'rerun_no_larger_tier' } });
    expect(smaller.ok ? '' : smaller.error.message).toContain('2K, 4K');
    await expect(studio.router.dispatch('jobs.rerun_asset', { assetId: 'no-such-asset', mode: 'again' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'not_found', reason: 'asset_not_found' },
    });
    expect((await call<{ items: JobView[] }>('jobs.list_jobs', {})).items.length).toBe(before);
  });
});
