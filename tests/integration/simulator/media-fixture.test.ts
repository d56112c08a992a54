/**
 * The demo gateway's fixture media (`media: 'fixture'`), which most tests of the app run on: each
 * result has the size, encoding, length and sound its request asked for, decodes like a real
 * one, and differs in its bytes from every other result, while videos of one size and length
 * share one encoded clip.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImageRecipe, VideoRecipe } from '../../../src/simulator/media/recipes';
import { MediaRenderer } from '../../../src/simulator/media/renderer';
import { frameAt, probeVideo } from '../../helpers/video-probe';

const renderer = new MediaRenderer(() => Promise.resolve(undefined), undefined, 'fixture');

const image = (changes: Partial<ImageRecipe> = {}): ImageRecipe => ({
  kind: 'image',
  width: 1536,
  height: 864,
  encoding: 'png',
  prompt: 'a lighthouse at dusk',
  model: 'gen-image-2',
  index: 0,
  count: 2,
  references: [],
  ...changes,
});

const video = (changes: Partial<VideoRecipe> = {}): VideoRecipe => ({
  kind: 'video',
  width: 320,
  height: 180,
  seconds: 2,
  audio: false,
  prompt: 'a kite on the beach',
  model: 'clip-3.0-turbo',
  index: 0,
  count: 2,
  characters: [],
  createsCharacter: false,
  ...changes,
});

describe('fixture images', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('have the asked size and encoding (%s)', async (encoding) => {
    const meta = await sharp(await renderer.render(image({ encoding, width: 1360, height: 768 }))).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, alpha: meta.hasAlpha }).toEqual({
      format: encoding,
      width: 1360,
      height: 768,
      alpha: false,
    });
  });

  it('differ from result to result, and one request makes the same bytes again', async () => {
    const first = await renderer.render(image());
    const second = await renderer.render(image({ index: 1 }));
    const jpegs = await Promise.all([
      renderer.render(image({ encoding: 'jpeg' })),
      renderer.render(image({ encoding: 'jpeg', prompt: 'a lighthouse at dawn' })),
    ]);
    expect(first.equals(second)).toBe(false);
    expect(jpegs[0].equals(jpegs[1])).toBe(false);
    const again = new MediaRenderer(() => Promise.resolve(undefined), undefined, 'fixture');
    expect((await again.render(image())).equals(first)).toBe(true);
  });

  it('come in the size a still or a profile picture asks for', async () => {
    const still = await sharp(await renderer.render({ kind: 'still', of: video(), width: 200, height: 120 })).metadata();
    const profile = await sharp(await renderer.render({ kind: 'profile', username: 'mira_1a2b', displayName: 'Mira', size: 96 })).metadata();
    expect([still.format, still.width, still.height]).toEqual(['png', 200, 120]);
    expect([profile.format, profile.width, profile.height]).toEqual(['png', 96, 96]);
  });
});

describe('fixture videos', () => {
  it('are H.264 of the asked size and length, with an AAC track exactly when sound was asked, and frames to take a poster from', async () => {
    const silent = await renderer.render(video());
    const withSound = await renderer.render(video({ audio: true, seconds: 3, width: 180, height: 320 }));
    expect(await probeVideo(silent)).toMatchObject({ width: 320, height: 180, videoCodec: 'h264', audioCodec: undefined });
    expect((await probeVideo(silent)).duration).toBeCloseTo(2, 1);
    expect(await probeVideo(withSound)).toMatchObject({ width: 180, height: 320, videoCodec: 'h264', audioCodec: 'aac' });
    expect((await probeVideo(withSound)).duration).toBeCloseTo(3, 1);
    const poster = await sharp(await frameAt(silent, 1)).metadata();
    expect([poster.width, poster.height]).toEqual([320, 180]);
  });

  it('of one size and length share one clip, and still differ in their bytes', async () => {
    const first = await renderer.render(video({ prompt: 'first' }));
    const second = await renderer.render(video({ prompt: 'second' }));
    expect(first.equals(second)).toBe(false);
    // The clip is the same file; only the trailing box that names the request differs.
    const shared = first.length - 'atelier-fixture '.length - 64 - 8;
    expect(shared).toBeGreaterThan(1000);
    expect(first.subarray(0, shared).equals(second.subarray(0, shared))).toBe(true);
    expect((await probeVideo(second)).duration).toBeCloseTo(2, 1);
  });
});
