/**
 * What the Create screen asks of main, on the demo gateway: a library image used as a reference,
 * the references of a reused recipe described from the upload cache, a fan-out whose models each
 * get their own options, and a character made from a video of the library.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetView, BatchView, CharacterView, JobView, KnownReferenceView, UploadedImageView } from '../../../src/shared/contract';
import { wordError } from '../../../src/shared/contract';
import type { Studio } from '../../../src/main/core/studio';
import { FAST_ENGINE, FAST_TASKS } from '../jobs/harness';
import { callRoute, createTestStudio, until } from '../../helpers/studio';

let studio: Studio;

beforeAll(async () => {
  ({ studio } = await createTestStudio({ demo: { timing: FAST_TASKS }, engine: FAST_ENGINE }));
});
afterAll(async () => {
  await studio.stop();
});

const call = <T>(route: string, input: unknown): Promise<T> => callRoute<T>(studio, route, input);

async function finishedBatch(input: Record<string, unknown>): Promise<JobView[]> {
  const { batch } = await call<{ batch: BatchView }>('jobs.create_batch', { countPerPrompt: 1, values: {}, ...input });
  return until(
    async () => (await call<{ items: JobView[] }>('jobs.list_jobs', { batchId: batch.id })).items,
    (jobs) => jobs.length > 0 && jobs.every((job) => job.state === 'done' || job.state === 'failed'),
    `batch ${String(input.name)}`,
  );
}

describe('references for Create', () => {
  it('uploads an image of the library as a reference, and describes it again from its address', async () => {
    const [job] = await finishedBatch({ name: 'Source', variantIds: ['image.nova-3.1-flash-image'], prompts: ['a red kite'] });
    const assetId = job?.assetIds[0] ?? '';
    const asset = await call<AssetView>('library.get_asset', { id: assetId });
    const uploaded = await call<UploadedImageView>('uploads.add_asset', { assetId });
    expect(uploaded).toMatchObject({ width: asset.width, height: asset.height, mimeType: asset.mime });
    expect(uploaded.previewDataUrl).toMatch(/^data:image\/webp;base64,/);

    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#246' } })
      .png()
      .toBuffer();
    const dropped = await call<UploadedImageView>('uploads.add', { fileName: 'drop.png', bytes: new Uint8Array(png) });
    const described = await call<KnownReferenceView[]>('uploads.describe', { urls: [uploaded.url, 'https://elsewhere.example/x.png', dropped.url] });
    expect(described.map((known) => known.url)).toEqual([uploaded.url, dropped.url]);
    expect(described[1]).toMatchObject({ width: 40, height: 30, mimeType: 'image/png', previewDataUrl: dropped.previewDataUrl });
    // Each is named by the file it came from: the library item's own file, the dropped file's name.
    expect(described.map((known) => known.fileName)).toEqual([asset.mediaPath.split('/').pop(), 'drop.png']);
  });

  it('remembers the name of an uploaded file for the references of a reused recipe', async () => {
    const png = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#8a6' } })
      .png()
      .toBuffer();
    // A path as a file name keeps only its last part: folders are not the studio's to store.
    const uploaded = await call<UploadedImageView>('uploads.add', { fileName: 'C:\\Users\\mei\\courtyard.png', bytes: new Uint8Array(png) });
    const [known] = await call<KnownReferenceView[]>('uploads.describe', { urls: [uploaded.url] });
    expect(known).toMatchObject({ url: uploaded.url, fileName: 'courtyard.png', width: 24, height: 16 });
    expect(uploaded.url).not.toContain('courtyard');
  });

  it('refuses a video or a missing item as an image reference, in words', async () => {
    const missing = await studio.router.dispatch('uploads.add_asset', { assetId: 'no-such-asset' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found', reason: 'asset_not_found' } });
  });
});

describe('a fan-out with options per model', () => {
  it('gives each model its own options and runs every job', async () => {
    const values = { size: { tier: '1K', ratio: '16:9' }, quality: 'low' };
    // Without per-model options the nova model refuses `quality`, which is not one of its options.
    const shared = await studio.router.dispatch('jobs.estimate_cost', {
      variantIds: ['image.gen-image-2.direct', 'image.nova-3.1-flash-image'],
      prompts: ['a kite'],
      countPerPrompt: 1,
      values,
    });
    expect(shared.ok).toBe(false);
    const jobs = await finishedBatch({
      name: 'Kites',
      variantIds: ['image.gen-image-2.direct', 'image.nova-3.1-flash-image'],
      prompts: ['a kite over a field'],
      values,
      valuesByVariant: { 'image.nova-3.1-flash-image': { size: { tier: '1K', ratio: '16:9' } } },
    });
    expect(jobs.map((job) => job.state)).toEqual(['done', 'done']);
    const bodies = Object.fromEntries(jobs.map((job) => [job.variantId, job.request as Record<string, unknown>]));
    expect(bodies['image.gen-image-2.direct']).toMatchObject({ size: '1280x720', quality: 'low' });
    expect(bodies['image.nova-3.1-flash-image']).toMatchObject({ size: '1360x768' });
    expect(bodies['image.nova-3.1-flash-image']).not.toHaveProperty('quality');
  });
});

describe('a character from a video of the library', () => {
  let video: AssetView;

  beforeAll(async () => {
    const [job] = await finishedBatch({ name: 'Dancer', variantIds: ['video.vid-2-vvip'], prompts: ['mira dances in the rain'] });
    video = await call<AssetView>('library.get_asset', { id: job?.assetIds[0] ?? '' });
  });

  it('sends the picked 2-second segment with the video’s gateway address, and records the character', async () => {
    const job = await call<JobView>('characters.create', { description: 'Mira the dancer', fromAssetId: video.id, segment: '1,3' });
    expect(job.request).toMatchObject({ metadata: { character_timestamps: '1,3', character_create: true } });
    expect((job.request as { metadata: { character_url: string } }).metadata.character_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\//);
    const characters = await until(
      () => call<CharacterView[]>('characters.list', {}),
      (list) => list.some((c) => c.sourceTaskId !== null),
      'the character',
    );
    expect(characters[0]?.username).toMatch(/^mira_[0-9a-f]{4}$/);
    // Its picture is the poster of the video it came from (found through the address the segment was taken at).
    expect(characters[0]?.posterPath).toBe(video.thumbPath);
    expect(video.thumbPath).not.toBeNull();
  });

  it('uses the whole video (its task) when no segment is picked', async () => {
    const job = await call<JobView>('characters.create', { description: 'Mira again', fromAssetId: video.id });
    expect(job.request).toMatchObject({ metadata: { character_from_task: video.taskId } });
    const characters = await until(
      () => call<CharacterView[]>('characters.list', {}),
      (list) => list.length >= 2,
      'the second character',
    );
    expect(characters.map((character) => character.posterPath)).toEqual([video.thumbPath, video.thumbPath]);
  });

  it('refuses an image as the source of a character, in both languages', async () => {
    const [image] = await finishedBatch({ name: 'Still', variantIds: ['image.nova-3.1-flash-image'], prompts: ['a still'] });
    const answer = await studio.router.dispatch('characters.create', { description: 'x', fromAssetId: image?.assetIds[0] ?? '' });
    expect(answer.ok).toBe(false);
    if (!answer.ok) {
      expect(wordError(answer.error, 'en').summary).toMatch(/made from a finished video/);
      expect(wordError(answer.error, 'zh-CN').summary).toMatch(/角色需要从已完成的视频中创建/);
    }
  });
});
