/**
 * What the demo gateway's videos are, read with ffprobe and ffmpeg: real H.264 files of the
 * requested length and size, with moving content, a first frame worth a poster, an audio track
 * (not silence) exactly when sound was asked, remixes made from their source's first frame,
 * and character profile pictures. Saves a poster frame under test-results/demo-gateway/.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correlation, countPixels, difference, rgbOf, saveSample, whole } from '../../helpers/pixels';
import { frameAt, meanVolume, probeVideo } from '../../helpers/video-probe';
import { MediaSim, at, download, finished, text } from './media-harness';
import type { Json } from './media-harness';

let sim: MediaSim;

beforeAll(async () => {
  sim = await MediaSim.start();
});
afterAll(() => sim.close());

/** Submits on `path`, polls `pollPath + id` until finished, and returns the finished record. */
async function finishedVideo(path: string, pollPath: string, body: Record<string, unknown>): Promise<Json> {
  const submitted = await sim.post(path, body);
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const seen = await sim.pollUntil(`${pollPath}${text(submitted.body, 'id')}`, (record) => finished(record) || at(record, 'data.status') === 'SUCCESS', 15_000);
  return seen[seen.length - 1] ?? {};
}

async function bytesAt(url: string): Promise<Buffer> {
  const file = await download(url);
  expect(file.status).toBe(200);
  expect(file.type).toBe('video/mp4');
  return file.bytes;
}

const plural = (body: Record<string, unknown>): Promise<Json> => finishedVideo('/v1/videos/generations', '/v1/videos/generations/', body);

interface Case {
  name: string;
  run: () => Promise<Buffer>;
  width: number;
  height: number;
  seconds: number;
  audio: boolean;
}

const cases: Case[] = [
  {
    name: 'official vid-2, 8 s at 1280x720',
    run: async () => {
      const record = await finishedVideo('/v1/video/generations', '/v1/video/generations/', {
        model: 'vid-2',
        prompt: 'waves at dusk',
        size: '1280x720',
        duration: 8,
      });
      return bytesAt(text(record, 'data.result_url'));
    },
    width: 1280,
    height: 720,
    seconds: 8,
    audio: false,
  },
  {
    name: 'clip3-1080p, 10 s at 1080x1920',
    run: async () => {
      const reference = await sim.uploadUrl(
        await sharp({ create: { width: 1080, height: 1920, channels: 3, background: '#335577' } })
          .png()
          .toBuffer(),
      );
      const record = await finishedVideo('/v1/video/generations', '/v1/videos/', {
        model: 'clip3-1080p',
        prompt: 'a lighthouse',
        size: '1080x1920',
        duration: 10,
        images: [reference],
      });
      return bytesAt(text(record, 'video_url'));
    },
    width: 1080,
    height: 1920,
    seconds: 10,
    audio: false,
  },
  {
    name: 'turbo, 3 s square at 720p',
    run: async () => bytesAt(text(await plural({ model: 'clip-3.0-turbo', prompt: 'a spinning top', duration: 3, aspect_ratio: '1:1' }), 'metadata.url')),
    width: 720,
    height: 720,
    seconds: 3,
    audio: false,
  },
  {
    name: 'omni pro with sound, 15 s at 1920x1080',
    run: async () => bytesAt(text(await plural({ model: 'clip-v3-omni', prompt: 'rain on a tin roof', mode: 'pro', duration: 15, audio: true }), 'result_url')),
    width: 1920,
    height: 1080,
    seconds: 15,
    audio: true,
  },
  {
    name: 'omni without sound, 5 s (the default) at 1280x720',
    run: async () => bytesAt(text(await plural({ model: 'clip-v3-omni', prompt: 'a quiet street' }), 'result_url')),
    width: 1280,
    height: 720,
    seconds: 5,
    audio: false,
  },
  {
    name: 'VVIP, 12 s at 720x1280',
    run: async () => bytesAt(text(await plural({ model: 'vid-2-vvip', prompt: 'a paper boat', duration: 12, aspect_ratio: '9:16' }), 'result.data.0.url')),
    width: 720,
    height: 1280,
    seconds: 12,
    audio: false,
  },
];

describe('every video is a real clip of the requested length and size', () => {
  it.each(cases)('$name', async ({ run, width, height, seconds, audio }) => {
    const bytes = await run();
    const facts = await probeVideo(bytes);
    expect(facts).toMatchObject({ width, height, videoCodec: 'h264' });
    expect(facts.duration).toBeGreaterThan(seconds - 0.1);
    expect(facts.duration).toBeLessThan(seconds + 0.1);
    if (audio) {
      expect(facts.audioCodec).toBe('aac');
      // Sound, not a silent track (silence reads about -91 dB).
      expect(await meanVolume(bytes)).toBeGreaterThan(-40);
    } else {
      expect(facts.audioCodec).toBeUndefined();
    }
  });
});

describe('what a video shows', () => {
  it('moves, and opens on a poster-worthy frame with the prompt on it', async () => {
    const bytes = await bytesAt(
      text(await plural({ model: 'vid-2-vvip', prompt: 'a fox runs through fresh snow at dawn — 雪中的狐狸', duration: 8 }), 'result.data.0.url'),
    );
    const first = await frameAt(bytes, 0);
    const later = await rgbOf(await frameAt(bytes, 1.2));
    const opening = await rgbOf(first);
    // Something moved between the two frames (the ball), while most of the picture stays.
    const moved = difference(opening, later, whole(opening));
    expect(moved.changedShare).toBeGreaterThan(0.002);
    expect(moved.changedShare).toBeLessThan(0.2);
    // The first frame carries the caption: white type on a dark panel.
    expect(countPixels(opening, whole(opening), (r, g, b) => r > 225 && g > 225 && b > 225)).toBeGreaterThan(1_500);
    await saveSample('video-poster', first);
  });

  it('a remix starts from its source first frame, tinted', async () => {
    const source = await plural({ model: 'vid-2-vvip', prompt: 'a red bicycle on a bridge', duration: 4 });
    const sourceFrame = await rgbOf(await frameAt(await bytesAt(text(source, 'result.data.0.url')), 0));
    const remix = await sim.post(`/v1/videos/${text(source, 'id')}/remix`, { model: 'vid-2', prompt: 'make it night', duration: 10 });
    expect(remix.status).toBe(200);
    const done = (await sim.pollUntil(`/v1/videos/generations/${text(remix.body, 'id')}`, finished, 15_000)).pop() ?? {};
    const remixBytes = await bytesAt(text(done, 'url'));
    expect(await probeVideo(remixBytes)).toMatchObject({ width: 1280, height: 720 });
    const remixFrame = await rgbOf(await frameAt(remixBytes, 0));
    // The source's picture shows through (brightness follows it) but the colours are not its own.
    const upper = { left: 0, top: 0, width: 1280, height: 300 };
    expect(correlation(remixFrame, sourceFrame, upper)).toBeGreaterThan(0.5);
    expect(difference(remixFrame, sourceFrame, upper).mean).toBeGreaterThan(10);
    const unrelated = await rgbOf(
      await frameAt(await bytesAt(text(await plural({ model: 'vid-2-vvip', prompt: 'a green tram', duration: 4 }), 'result.data.0.url')), 0),
    );
    expect(correlation(remixFrame, unrelated, upper)).toBeLessThan(correlation(remixFrame, sourceFrame, upper));
  });

  it('characters get a profile picture of their own, with their name on it', async () => {
    const made = await Promise.all(
      ['Mira the baker', 'Tomas the sailor'].map(async (prompt) => {
        const submitted = await sim.post('/v1/videos/generations', { model: 'vid-2-vvip', prompt, metadata: { character_create: true } });
        const record = (await sim.pollUntil(`/v1/characters_tasks/${text(submitted.body, 'id')}`, finished, 15_000)).pop() ?? {};
        return download(text(record, 'result.data.characters.0.profile_picture_url'));
      }),
    );
    const [mira, tomas] = made;
    if (!mira || !tomas) throw new Error('two pictures expected');
    expect(mira.type).toBe('image/png');
    const pictures = [await rgbOf(mira.bytes), await rgbOf(tomas.bytes)];
    for (const picture of pictures) {
      expect([picture.width, picture.height]).toEqual([256, 256]);
      expect(countPixels(picture, whole(picture), (r, g, b) => r > 235 && g > 235 && b > 235)).toBeGreaterThan(300);
    }
    expect(mira.bytes.equals(tomas.bytes)).toBe(false);
  });
});
