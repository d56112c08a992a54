import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp, { type PngOptions, type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngChunk } from '../../../../tests/helpers/png-chunks';
import { parseImageHeader, readImageHeader } from './image-header';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-image-header-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

/** A 9x7 picture of the given channels, to be written by the image library. */
function picture(channels: 1 | 2 | 3 | 4, greyscale = false): Sharp {
  const image = sharp(Buffer.alloc(9 * 7 * channels, 0x80), { raw: { width: 9, height: 7, channels } });
  return greyscale ? image.toColourspace('b-w') : image;
}

async function png(channels: 1 | 2 | 3 | 4, options: PngOptions = {}, greyscale = false): Promise<Buffer> {
  return picture(channels, greyscale).png(options).toBuffer();
}

/** `bytes` with a chunk put in right after the header chunk (signature 8 + IHDR 25 bytes). */
function withChunk(bytes: Buffer, added: Buffer): Buffer {
  return Buffer.concat([bytes.subarray(0, 33), added, bytes.subarray(33)]);
}

/** What the image library reads from the same bytes, in the header's terms. */
async function libraryHeader(bytes: Buffer): Promise<{ format: string; width: number; height: number; hasAlpha: boolean }> {
  const { format, width, height, hasAlpha } = await sharp(bytes).metadata();
  return { format, width, height, hasAlpha };
}

async function expectLibraryAnswers(cases: Buffer[]): Promise<void> {
  for (const bytes of cases) expect(parseImageHeader(bytes)).toEqual(await libraryHeader(bytes));
}

describe('image header', () => {
  it("reads a PNG's pixel size and transparency as the image library does, for every colour type", async () => {
    const cases = [
      await png(3),
      await png(4),
      await png(1, {}, true),
      await png(2, {}, true),
      await png(3, { palette: true }),
      await png(4, { palette: true }),
      await png(3, { progressive: true }),
      await picture(3).toColourspace('rgb16').png().toBuffer(),
      // A transparent colour (tRNS) on a greyscale and on an RGB picture: transparency without an alpha channel.
      withChunk(await png(1, {}, true), pngChunk('tRNS', Buffer.from([0, 0x80]))),
      withChunk(await png(3), pngChunk('tRNS', Buffer.from([0, 0x80, 0, 0x80, 0, 0x80]))),
    ];
    await expectLibraryAnswers(cases);
    expect(cases.map((bytes) => parseImageHeader(bytes)?.hasAlpha)).toEqual([false, true, false, true, false, true, false, false, true, true]);
  });

  it("reads a JPEG's and a WebP's pixel size and transparency as the image library does", async () => {
    const jpegs = [
      await picture(3).jpeg().toBuffer(),
      await picture(3).jpeg({ progressive: true }).toBuffer(),
      await picture(1, true).jpeg().toBuffer(),
      // Turned by its EXIF orientation on display: the stored size is what counts, as in the library.
      await picture(3).jpeg().withMetadata({ orientation: 6 }).toBuffer(),
    ];
    const webps = [
      await picture(3).webp().toBuffer(),
      await picture(4).webp().toBuffer(),
      await picture(3).webp({ lossless: true }).toBuffer(),
      await picture(4).webp({ lossless: true }).toBuffer(),
    ];
    await expectLibraryAnswers([...jpegs, ...webps]);
    expect(jpegs.map((bytes) => parseImageHeader(bytes)?.format)).toEqual(['jpeg', 'jpeg', 'jpeg', 'jpeg']);
    expect(webps.map((bytes) => parseImageHeader(bytes)?.hasAlpha)).toEqual([false, true, false, true]);
  });

  it('leaves animated, cut short, other and non-image files to the image library', async () => {
    const plain = await png(3);
    const animatedPng = withChunk(plain, pngChunk('acTL', Buffer.from([0, 0, 0, 2, 0, 0, 0, 0])));
    const extendedWebp = await picture(4).webp().toBuffer();
    expect(extendedWebp.toString('latin1', 12, 16)).toBe('VP8X');
    const animatedWebp = Buffer.from(extendedWebp);
    animatedWebp[20] = (animatedWebp[20] ?? 0) | 0x02;
    const jpeg = await picture(3).jpeg().toBuffer();
    const gif = await picture(3).gif().toBuffer();
    const tiff = await picture(3).tiff().toBuffer();
    for (const bytes of [animatedPng, animatedWebp, plain.subarray(0, 40), jpeg.subarray(0, 100), gif, tiff, Buffer.from('not a picture'), Buffer.alloc(0)]) {
      expect(parseImageHeader(bytes)).toBeUndefined();
    }
    expect(parseImageHeader(plain)).toEqual({ format: 'png', width: 9, height: 7, hasAlpha: false });
  });

  it("reads a file's first 64 KB only, leaving a header that runs past them to the image library", async () => {
    const plain = await png(3);
    const near = join(dir, 'near.png');
    const far = join(dir, 'far.png');
    await writeFile(near, plain);
    // A text chunk of 70 KB before the pixel data: whether a tRNS follows is not known from 64 KB.
    await writeFile(far, withChunk(plain, pngChunk('tEXt', Buffer.alloc(70 * 1024, 0x61))));
    expect(await readImageHeader(near)).toEqual({ format: 'png', width: 9, height: 7, hasAlpha: false });
    expect(await readImageHeader(far)).toBeUndefined();
  });
});
