import { describe, expect, it } from 'vitest';
import { genImageChannel, planGenImage, planVariantA, planVariantB } from './variant-gen-image';
import { planVariantE } from './variant-nova';
import type { PixelSize } from './size-tables';
import { VARIANT_A_SIZES, VARIANT_B_SIZES, VARIANT_CD_SIZES, VARIANT_E_SIZES, findInTieredTable, parsePixelSize } from './size-tables';
import type { UrlResolver } from '../requests/references';

const noFiles: UrlResolver = () => ({ kind: 'foreign' });

/** Every table entry has about the shape its ratio names (catches typos in the tables). */
function shapeMatches(ratio: string, size: PixelSize): boolean {
  const [w, h] = ratio.split(':').map(Number);
  return Math.abs(size.width / size.height - (w ?? 1) / (h ?? 1)) < 0.06;
}

describe('size tables', () => {
  it('every pixel size matches its ratio', () => {
    const tiered = [VARIANT_A_SIZES, VARIANT_CD_SIZES, VARIANT_E_SIZES];
    for (const table of tiered) {
      for (const sizes of Object.values(table)) {
        for (const [ratio, size] of Object.entries(sizes)) expect(shapeMatches(ratio, size), `${ratio} ${size.width}x${size.height}`).toBe(true);
      }
    }
    for (const [ratio, sizes] of Object.entries(VARIANT_B_SIZES)) {
      for (const size of sizes) if (size) expect(shapeMatches(ratio, size), ratio).toBe(true);
    }
  });

  it('variant B: 4K only for 16:9, 9:16, 2:1, 1:2, 21:9, 9:21', () => {
    const with4k = Object.entries(VARIANT_B_SIZES)
      .filter(([, sizes]) => sizes[2] !== null)
      .map(([ratio]) => ratio);
    expect(with4k.sort()).toEqual(['16:9', '1:2', '21:9', '2:1', '9:16', '9:21'].sort());
  });

  it('parses pixel sizes and finds their tier', () => {
    expect(parsePixelSize('1280x720')).toEqual({ width: 1280, height: 720 });
    expect(parsePixelSize('1280*720')).toBeUndefined();
    expect(findInTieredTable(VARIANT_A_SIZES, { width: 1440, height: 2560 })).toEqual({ tier: '2K', ratio: '9:16' });
  });
});

describe('variant selection and plans', () => {
  it('by its own rule a ratio or what only the task channel takes goes there; the rest to the direct channel', () => {
    expect(genImageChannel({ size: '16:9' }, 'request')).toBe('task');
    expect(genImageChannel({ size: '1280x720' }, 'request')).toBe('direct');
    expect(genImageChannel({ size: 'auto' }, 'request')).toBe('direct');
    expect(genImageChannel({}, 'request')).toBe('direct');
    expect(genImageChannel({ size: 'auto', image_urls: ['a', 'b', 'c', 'd'] }, 'request')).toBe('direct');
    expect(genImageChannel({ size: 'auto', image_urls: ['a', 'b', 'c', 'd', 'e'] }, 'request')).toBe('task');
    expect(genImageChannel({ output_compression: 50 }, 'request')).toBe('task');
    expect(genImageChannel({ background: 'transparent' }, 'request')).toBe('task');
    // A reference over variant A's 2 MB: only the task channel (50 MB) can serve the request.
    expect(genImageChannel({ size: 'auto', resolution: '4K', image_urls: ['a'] }, 'request', { largeReference: true })).toBe('task');
    expect(genImageChannel({ size: 'auto', image_urls: ['a'] }, 'direct', { largeReference: true })).toBe('direct');
    expect(genImageChannel({ size: '16:9' }, 'direct')).toBe('direct');
    expect(genImageChannel({ size: '1280x720' }, 'task')).toBe('task');
  });

  it('one request gives the same picture on either channel', async () => {
    const requests = [{ size: '16:9', resolution: '2K' }, { size: '1248x832' }, { size: 'auto', resolution: '2K' }, { size: 'auto', resolution: '4K' }];
    for (const request of requests) {
      const body = { model: 'gen-image-2', prompt: 'x', ...request };
      const direct = await planGenImage(body, noFiles, 'direct');
      const task = await planGenImage(body, noFiles, 'task');
      expect([direct.style, task.style]).toEqual(['direct', 'task']);
      expect(direct.images[0], JSON.stringify(request)).toEqual(task.images[0]);
    }
  });

  it('no size is 1:1 on the task channel, so 4K without a size is refused there but not on the direct channel', async () => {
    const body = { model: 'gen-image-2', prompt: 'x', resolution: '4K' };
    expect((await planGenImage(body, noFiles, 'direct')).images[0]).toMatchObject({ width: 3840, height: 2160 });
    await expect(planGenImage(body, noFiles, 'task')).rejects.toThrow(/1:1 is not available at 4K/);
  });

  it('variant A plans direct answers, variant B tasks capped at 4 images', async () => {
    const direct = await planVariantA({ model: 'gen-image-2', prompt: 'x', size: '2560x1440' }, noFiles);
    expect(direct).toMatchObject({ style: 'direct', images: [{ width: 2560, height: 1440, encoding: 'png' }] });
    const task = await planVariantB({ model: 'gen-image-2', prompt: 'x', size: '21:9', resolution: '4K', n: 7 }, noFiles);
    expect(task.style).toBe('task');
    expect(task.images).toHaveLength(4);
    expect(task.images[0]).toMatchObject({ width: 3840, height: 1648 });
  });

  it('variant E maps ratio and metadata.resolution to pixels', async () => {
    const plan = await planVariantE({ model: 'nova-3-pro-image-preview-official', prompt: 'x', size: '21:9', metadata: { resolution: '4K' } }, noFiles);
    expect(plan.images[0]).toMatchObject({ width: 6336, height: 2688 });
  });
});
