import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageLibrary } from '../media/image-library';
import { fitReferenceImage } from '../media/reference-fit';
import { fittedFileName, referenceLimitsFor } from './reference-fitting';

const MB = 1024 * 1024;

describe('referenceLimitsFor', () => {
  it('reads the limits of the field from the catalog, narrowed by the upload endpoint', () => {
    expect(referenceLimitsFor({ variantId: 'image.gen-image-2.edit', field: 'image_urls' })).toEqual({
      maxBytes: 2 * MB,
      mimeTypes: ['image/png', 'image/jpeg'],
    });
    // The queued channel takes 50 MB per reference, but the upload takes 10.
    expect(referenceLimitsFor({ variantId: 'image.gen-image-2.task', field: 'image_urls' })?.maxBytes).toBe(10 * MB);
  });

  it('fits nothing for a mask (its pixels must match the image) or an unknown field', () => {
    expect(referenceLimitsFor({ variantId: 'image.gen-image-2.edit', field: 'mask_url' })).toBeUndefined();
    expect(referenceLimitsFor({ variantId: 'image.gen-image-2.edit', field: 'nothing' })).toBeUndefined();
    expect(referenceLimitsFor({ variantId: 'no.such.variant', field: 'image_urls' })).toBeUndefined();
  });
});

describe('fitReferenceImage', () => {
  it('scales down, keeping the shape, until the encoding fits', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atelier-fit-'));
    try {
      const path = join(dir, 'grain.png');
      await writeFile(
        path,
        await imageLibrary()(randomBytes(800 * 450 * 3), { raw: { width: 800, height: 450, channels: 3 } })
          .png()
          .toBuffer(),
      );
      const fitted = await fitReferenceImage(path, { format: 'jpeg', mimeType: 'image/jpeg', maxBytes: 100_000 }, 800, 450);
      expect(fitted?.bytes.length).toBeLessThanOrEqual(100_000);
      expect(fitted?.width).toBeLessThan(800);
      expect((fitted?.width ?? 0) / (fitted?.height ?? 1)).toBeCloseTo(800 / 450, 1);
      expect((await imageLibrary()(fitted?.bytes).metadata()).format).toBe('jpeg');
      // A bound it cannot meet above the smallest useful size: nothing.
      expect(await fitReferenceImage(path, { format: 'png', mimeType: 'image/png', maxBytes: 1_000 }, 800, 450)).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('fittedFileName', () => {
  it('gives the original name the new format’s extension', () => {
    expect(fittedFileName('render.png', 'image/jpeg')).toBe('render.jpg');
    expect(fittedFileName('cut.out.PNG', 'image/webp')).toBe('cut.out.webp');
    expect(fittedFileName('noext', 'image/jpeg')).toBe('noext.jpg');
  });
});
