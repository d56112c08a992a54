import { describe, expect, it } from 'vitest';
import { emptyMask, applyEdit } from './mask-model';
import { maskPixels, rasterize, stretchCoverage } from './mask-raster';
import { encodeRgbaPng } from './png';
import { decodeMaskPng, MaskPngUnreadable } from './png-decode';

describe('reading a saved mask PNG back', () => {
  it('gives back the coverage the painter exported, soft edges included', async () => {
    const doc = applyEdit(emptyMask(24, 12), {
      kind: 'stroke',
      tool: 'brush',
      size: 9,
      hardness: 0.3,
      points: [
        { x: 3, y: 6 },
        { x: 20, y: 6 },
      ],
    });
    const coverage = rasterize(doc, 1);
    const decoded = await decodeMaskPng(await encodeRgbaPng(maskPixels(coverage), 24, 12));
    expect(decoded.width).toBe(24);
    expect(decoded.height).toBe(12);
    expect([...decoded.data]).toEqual([...coverage.data]);
    expect(decoded.data.some((value) => value > 0 && value < 255)).toBe(true);
  });

  it('refuses what is not a PNG, or a PNG it would have to guess at', async () => {
    await expect(decodeMaskPng(new TextEncoder().encode('not a png at all'))).rejects.toBeInstanceOf(MaskPngUnreadable);
    const png = await encodeRgbaPng(new Uint8ClampedArray(4 * 4 * 4), 4, 4);
    const sixteenBits = png.slice();
    sixteenBits[8 + 8 + 8] = 16; // IHDR's bit depth
    await expect(decodeMaskPng(sixteenBits)).rejects.toThrow(/depth 16/);
    await expect(decodeMaskPng(png.slice(0, 40))).rejects.toBeInstanceOf(MaskPngUnreadable);
  });
});

describe('stretching a loaded mask over the image', () => {
  it('keeps what it marks in place at another size of the same shape', () => {
    const half = { width: 4, height: 2, data: new Uint8ClampedArray([255, 255, 0, 0, 255, 255, 0, 0]) };
    const target = { width: 8, height: 4, data: new Uint8ClampedArray(32) };
    stretchCoverage(target, half);
    const rows = Array.from({ length: 4 }, (_, y) => Array.from(target.data.subarray(y * 8, y * 8 + 8), (v) => (v >= 128 ? '#' : '.')).join(''));
    expect(rows).toEqual(['####....', '####....', '####....', '####....']);
    // At the same size it is an exact copy.
    const same = { width: 4, height: 2, data: new Uint8ClampedArray(8) };
    stretchCoverage(same, half);
    expect([...same.data]).toEqual([...half.data]);
  });
});
