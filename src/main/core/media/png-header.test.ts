import sharp, { type PngOptions } from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngChunk } from '../../../../tests/helpers/png-chunks';
import { parsePngHeader } from './png-header';

/** A 9x7 picture, its channels given, as the image library writes it with `options`. */
async function png(channels: 1 | 2 | 3 | 4, options: PngOptions = {}, greyscale = false): Promise<Buffer> {
  const pixels = Buffer.alloc(9 * 7 * channels, 0x80);
  const image = sharp(pixels, { raw: { width: 9, height: 7, channels } });
  return (greyscale ? image.toColourspace('b-w') : image).png(options).toBuffer();
}

/** `bytes` with a chunk put in right after the header chunk (signature 8 + IHDR 25 bytes). */
function withChunk(bytes: Buffer, added: Buffer): Buffer {
  return Buffer.concat([bytes.subarray(0, 33), added, bytes.subarray(33)]);
}

/** What the image library reads from the same bytes, in the header's terms. */
async function libraryHeader(bytes: Buffer): Promise<{ width: number; height: number; hasAlpha: boolean }> {
  const { width, height, hasAlpha } = await sharp(bytes).metadata();
  return { width, height, hasAlpha };
}

describe('PNG header', () => {
  it('reads the pixel size and transparency the image library reads, for every colour type', async () => {
    const cases = [
      await png(3),
      await png(4),
      await png(1, {}, true),
      await png(2, {}, true),
      await png(3, { palette: true }),
      await png(4, { palette: true }),
      await png(3, { progressive: true }),
      await sharp(Buffer.alloc(9 * 7 * 3, 0x80), { raw: { width: 9, height: 7, channels: 3 } })
        .toColourspace('rgb16')
        .png()
        .toBuffer(),
      // A transparent colour (tRNS) on a greyscale and on an RGB picture: transparency without an alpha channel.
      withChunk(await png(1, {}, true), pngChunk('tRNS', Buffer.from([0, 0x80]))),
      withChunk(await png(3), pngChunk('tRNS', Buffer.from([0, 0x80, 0, 0x80, 0, 0x80]))),
    ];
    for (const bytes of cases) expect(parsePngHeader(bytes)).toEqual(await libraryHeader(bytes));
    expect(cases.map((bytes) => parsePngHeader(bytes)?.hasAlpha)).toEqual([false, true, false, true, false, true, false, false, true, true]);
  });

  it('leaves animated, damaged, cut short and non-PNG files to the image library', async () => {
    const plain = await png(3);
    const animated = withChunk(plain, pngChunk('acTL', Buffer.from([0, 0, 0, 2, 0, 0, 0, 0])));
    const badChecksum = Buffer.from(plain);
    badChecksum[20] = (badChecksum[20] ?? 0) ^ 0xff;
    const jpeg = await sharp(Buffer.alloc(9 * 7 * 3), { raw: { width: 9, height: 7, channels: 3 } })
      .jpeg()
      .toBuffer();
    for (const bytes of [animated, badChecksum, plain.subarray(0, 40), jpeg, Buffer.alloc(0)]) expect(parsePngHeader(bytes)).toBeUndefined();
    expect(parsePngHeader(plain)).toEqual({ width: 9, height: 7, hasAlpha: false });
  });
});
