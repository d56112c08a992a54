/**
 * Files dropped as references are checked in main before anything is uploaded: what is not an
 * image, an image of a type the gateway refuses behind a `.png` name, an empty file, one over
 * 10 MB, a decompression bomb and a file cut short are refused with a message saying so, and the
 * gateway never sees them.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordError, type Profile } from '../../../src/shared/contract';
import type { Studio } from '../../../src/main/core/studio';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/server';
import { FAST_TASKS, simAdmin, type StatsSnapshot } from '../../helpers/sim-admin';
import { callRoute, createTestStudio } from '../../helpers/studio';
import { pngChunk } from '../../helpers/png-chunks';

let sim: RunningSimulator;
let studio: Studio;

beforeAll(async () => {
  sim = await startSimulator({ timing: FAST_TASKS });
  ({ studio } = await createTestStudio());
  const profile = await callRoute<Profile>(studio, 'profiles.save', { name: 'Local', baseUrl: sim.url });
  await callRoute(studio, 'profiles.set_api_key', { id: profile.id, apiKey: sim.demoKey });
  await callRoute(studio, 'settings.update', { activeProfileId: profile.id });
});
afterAll(async () => {
  await studio.stop();
  await sim.close();
});

/** A small PNG whose header declares 40000 x 40000 pixels (1.6 gigapixels): a decompression bomb. */
function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(40_000, 0);
  header.writeUInt32BE(40_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.alloc(64)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function uploadsSeen(): Promise<number> {
  return (await simAdmin(sim)<StatsSnapshot>('GET', '/stats')).requests['POST /v1/uploads/images'] ?? 0;
}

describe('bad files dropped as references', () => {
  it.each([
    [
      'not an image',
      'notes.png',
      () => Promise.resolve(Buffer.from('just some text, not a picture')),
      /not an image the studio can read/,
      /这不是工作室能读取的图片/,
    ],
    [
      'an SVG behind a .png name',
      'logo.png',
      () => Promise.resolve(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>')),
      /SVG images are not accepted/,
      /不接受 SVG 格式/,
    ],
    [
      'a TIFF behind a .png name',
      'scan.png',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
          .tiff()
          .toBuffer(),
      /TIFF images are not accepted/,
      /不接受 TIFF 格式/,
    ],
    ['an empty file', 'empty.png', () => Promise.resolve(Buffer.alloc(0)), /empty/, /文件是空的/],
    ['a decompression bomb', 'bomb.png', () => Promise.resolve(pngBomb()), /1600 megapixels.*at most 100 megapixels/, /1600 百万像素.*最多接受 100 百万像素/],
    [
      'a PNG cut short',
      'cut.png',
      async () =>
        (
          await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
            .png()
            .toBuffer()
        ).subarray(0, 4000),
      /could not be read to the end/,
      /无法完整读取/,
    ],
  ])('refuses %s with a clear message in English and Chinese, uploading nothing', async (_what, fileName, make, english, chinese) => {
    const before = await uploadsSeen();
    const answer = await studio.router.dispatch('uploads.add', { fileName, bytes: (await make()).toString('base64') });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringMatching(english) as unknown } });
    if (answer.ok) throw new Error('accepted');
    // The window words it from the reason, in the studio's language, naming the file.
    expect(wordError(answer.error, 'en').summary).toMatch(english);
    expect(wordError(answer.error, 'zh-CN').summary).toMatch(chinese);
    expect(wordError(answer.error, 'zh-CN').summary).toContain(fileName);
    expect(await uploadsSeen()).toBe(before);
  });

  it('refuses a file over 10 MB before it crosses into main', async () => {
    const answer = await studio.router.dispatch('uploads.add', { fileName: 'huge.png', bytes: Buffer.alloc(10 * 1024 * 1024 + 1).toString('base64') });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringMatching(/larger than 10 MB/) as unknown } });
  });

  it('takes a sound image and uploads it once', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const before = await uploadsSeen();
    const first = await callRoute<{ width: number; hasAlpha: boolean; reused: boolean }>(studio, 'uploads.add', {
      fileName: 'ok.png',
      bytes: png.toString('base64'),
    });
    const second = await callRoute<{ reused: boolean }>(studio, 'uploads.add', { fileName: 'again.png', bytes: png.toString('base64') });
    expect(first).toMatchObject({ width: 64, hasAlpha: true, reused: false });
    expect(second.reused).toBe(true);
    expect(await uploadsSeen()).toBe(before + 1);
  });
});
