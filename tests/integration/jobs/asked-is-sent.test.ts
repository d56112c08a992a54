/**
 * What was asked is what is sent: auto at 4K carries its tier to the gateway (and is made and
 * billed at 4K), and a reference that only the task channel takes (3.3 MB; variant A stops at
 * 2 MB) with size auto is served, not refused.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { listJobAssets } from '../../../src/main/core/library';
import { bodyOf, runOne, startBench, type Bench } from './harness';

const B = 'image.gen-image-2.task';

let bench: Bench;
afterEach(async () => bench.close());

/** A PNG of random pixels, which hardly compresses: about width x height x 3 bytes. */
async function noisyPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 11;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    pixels[i] = seed >> 16;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

describe('size auto', () => {
  for (const routing of ['task', 'request'] as const) {
    it(`at 4K sends the tier with it, and the image is made at 4K (gen-image-2 routing "${routing}")`, async () => {
      bench = await startBench({}, { virtualTime: true });
      await bench.admin('POST', '/settings', { genImage2Routing: routing });
      const engine = bench.engine();
      await engine.start();
      const job = await runOne(engine, { variantId: B, body: bodyOf(B, { prompt: 'a harbour', size: 'auto', resolution: '4K' }) });
      expect(job.request).toMatchObject({ size: 'auto', resolution: '4K' });
      expect(job.state, job.errorMessage ?? '').toBe('done');
      const [asset] = listJobAssets(bench.db, job.id);
      expect([asset?.width, asset?.height]).toEqual([3840, 2160]);
    });
  }

  it('with a 3.3 MB reference (variant B takes 50 MB) is served', async () => {
    bench = await startBench({}, { virtualTime: true });
    const engine = bench.engine();
    await engine.start();
    const file = join(bench.root, 'large-reference.png');
    const bytes = await noisyPng(1100, 1000);
    expect(bytes.length).toBeGreaterThan(3.3 * 1000 * 1000);
    writeFileSync(file, bytes);
    const uploaded = await bench.client.uploads.uploadFile(file);
    const job = await runOne(engine, { variantId: B, body: bodyOf(B, { prompt: 'the same, at dusk', size: 'auto', image_urls: [uploaded.url] }) });
    expect(job.state, job.errorMessage ?? '').toBe('done');
    expect(job.answerStyle).toBe('task');
    expect(listJobAssets(bench.db, job.id)).toHaveLength(1);
  });
});
