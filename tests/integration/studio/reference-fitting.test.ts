/**
 * A reference over the limits of the model it is for is fitted before upload, on the demo
 * gateway routing Image 2 to its direct channel (which refuses a reference over its limits, as
 * the interface says): a 4 MB PNG given to
 * Image 2 (at most 2 MB per reference, PNG or JPEG) goes up as a JPEG under 2 MB and the edit is
 * made; the dropped file is left as it was, and the same file fitted again is not sent again.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetView, BatchView, JobView, UploadedImageView } from '../../../src/shared/contract';
import type { Studio } from '../../../src/main/core/studio';
import { FAST_ENGINE, FAST_TASKS } from '../jobs/harness';
import { callRoute, createTestStudio, demoAdmin, until } from '../../helpers/studio';

let studio: Studio;
let dataDir: string;
const call = <T>(route: string, input: unknown): Promise<T> => callRoute<T>(studio, route, input);
const MB = 1024 * 1024;
const IMAGE_2_EDIT = { variantId: 'image.gen-image-2.edit', field: 'image_urls' };

async function ended(batch: BatchView): Promise<JobView> {
  const [job] = await until(
    async () => (await call<{ items: JobView[] }>('jobs.list_jobs', { batchId: batch.id })).items,
    (jobs) => jobs.length === 1 && jobs.every((j) => j.state === 'done' || j.state === 'failed'),
    `batch ${batch.name}`,
  );
  if (!job) throw new Error('no job');
  return job;
}

function edit(name: string, url: string): Promise<{ batch: BatchView }> {
  return call<{ batch: BatchView }>('jobs.create_batch', {
    name,
    variantIds: ['image.gen-image-2.edit'],
    prompts: ['a lantern on the table'],
    countPerPrompt: 1,
    values: { image_urls: [url], size: { tier: '1K', ratio: '1:1' } },
  });
}

/** A PNG of grain, as incompressible as a detailed render: over 4 MB at 1600x900. */
async function grainyPng(width = 1600, height = 900): Promise<Buffer> {
  const raw = randomBytes(width * height * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  ({ studio, dataDir } = await createTestStudio({ demo: { timing: FAST_TASKS }, engine: FAST_ENGINE }));
  // Always the direct channel, as a gateway configured so serves Image 2: its 2 MB per reference holds.
  await (
    await demoAdmin(studio)
  )('POST', '/settings', { genImage2Routing: 'direct' });
});
afterAll(async () => {
  await studio.stop();
});

describe('a reference over the model limits', () => {
  it('is refused by the demo gateway when sent as it is', async () => {
    const png = await grainyPng();
    const asIs = await call<UploadedImageView>('uploads.add', { fileName: 'as-is.png', bytes: new Uint8Array(png) });
    expect(asIs).toMatchObject({ mimeType: 'image/png', size: png.length, fittedFrom: null });
    const job = await ended((await edit('As it is', asIs.url)).batch);
    expect(job.state).toBe('failed');
    expect(job.errorMessage).toMatch(/at most 2/);
  });

  it('is fitted for Image 2 before upload, the edit is made, and the dropped file is unchanged', async () => {
    const png = await grainyPng();
    expect(png.length).toBeLessThanOrEqual(10 * MB);
    expect(png.length).toBeGreaterThan(4 * MB);
    const dropped = join(dataDir, 'render.png');
    await writeFile(dropped, png);
    const before = sha256(await readFile(dropped));

    const fitted = await call<UploadedImageView>('uploads.add', {
      fileName: 'render.png',
      bytes: new Uint8Array(await readFile(dropped)),
      fitFor: IMAGE_2_EDIT,
    });
    expect(fitted.fittedFrom).toEqual({ mimeType: 'image/png', size: png.length, width: 1600, height: 900 });
    expect(fitted.mimeType).toBe('image/jpeg');
    expect(fitted.size).toBeLessThanOrEqual(2 * MB);
    expect((fitted.width ?? 0) / (fitted.height ?? 1)).toBeCloseTo(1600 / 900, 2);
    expect(sha256(await readFile(dropped))).toBe(before);

    const job = await ended((await edit('Fitted', fitted.url)).batch);
    expect(job).toMatchObject({ state: 'done', errorCode: 'summary_only' });

    // The same original fitted for the same model: the same bytes, already uploaded.
    const again = await call<UploadedImageView>('uploads.add', { fileName: 'render.png', bytes: new Uint8Array(png), fitFor: IMAGE_2_EDIT });
    expect(again).toMatchObject({ url: fitted.url, sha256: fitted.sha256, reused: true });
  });

  it('leaves a picture within the limits as it is', async () => {
    const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c96' } })
      .png()
      .toBuffer();
    const uploaded = await call<UploadedImageView>('uploads.add', { fileName: 'small.png', bytes: new Uint8Array(small), fitFor: IMAGE_2_EDIT });
    expect(uploaded).toMatchObject({ mimeType: 'image/png', size: small.length, fittedFrom: null });
  });
});

describe('a library image over the model limits', () => {
  it('is fitted from its file, even past the upload limit, and the file is left as it is', async () => {
    const job = await ended(
      (
        await call<{ batch: BatchView }>('jobs.create_batch', {
          name: 'Source',
          variantIds: ['image.nova-3.1-flash-image'],
          prompts: ['a harbour at dusk'],
          countPerPrompt: 1,
          values: {},
        })
      ).batch,
    );
    const asset = await call<AssetView>('library.get_asset', { id: job.assetIds[0] ?? '' });
    // Its file as a large render from a real gateway would be: a 12 MB PNG, over the upload's 10 MB.
    const file = join(studio.libraryRoot(), asset.mediaPath);
    const large = await grainyPng(2400, 1800);
    expect(large.length).toBeGreaterThan(10 * MB);
    await writeFile(file, large);

    const refused = await studio.router.dispatch('uploads.add_asset', { assetId: asset.id });
    expect(refused).toMatchObject({ ok: false, error: { reason: 'upload_too_large' } });

    const fitted = await call<UploadedImageView>('uploads.add_asset', { assetId: asset.id, fitFor: IMAGE_2_EDIT });
    expect(fitted.fittedFrom).toMatchObject({ mimeType: 'image/png', size: large.length });
    expect(fitted.size).toBeLessThanOrEqual(2 * MB);
    expect(sha256(await readFile(file))).toBe(sha256(large));
  });
});
