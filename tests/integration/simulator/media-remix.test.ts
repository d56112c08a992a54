/**
 * Interface sections "POST /v1/videos/{video_id}/remix" (both variants) and the binary
 * fallback `GET /v1/videos/{id}/content`, with result expiry and throttled downloads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaSim, at, finished, isMp4, mp4VideoSize, text, videoAt } from './media-harness';
import type { Json } from './media-harness';

let sim: MediaSim;

beforeAll(async () => {
  sim = await MediaSim.startWithFixtureVideos();
});
afterAll(() => sim.close());

async function finishedTask(id: string): Promise<Json> {
  return (await sim.pollUntil(`/v1/videos/generations/${id}`, finished)).pop() ?? {};
}

/** A finished video of the vid-2 family (`task_...`). */
async function finishedVvip(extra: Record<string, unknown> = {}): Promise<string> {
  const { body } = await sim.post('/v1/videos/generations', { model: 'vid-2-vvip', prompt: 'a red bicycle', ...extra });
  const id = text(body, 'id');
  await finishedTask(id);
  return id;
}

/** A finished video of the official channel (`video_...`). */
async function finishedOfficial(): Promise<string> {
  const { body } = await sim.post('/v1/video/generations', { model: 'vid-2-official', prompt: 'a lake', size: '720x1280', duration: 8 });
  const id = text(body, 'id');
  await sim.pollUntil(`/v1/video/generations/${id}`, (record) => at(record, 'data.status') === 'SUCCESS');
  return id;
}

const remix = (id: string, body: Record<string, unknown>, key?: string) => sim.post(`/v1/videos/${id}/remix`, body, key);

describe('remix with duration (task_... ids; vid-2, vid-2-pro, vid-2-vip)', () => {
  it('answers a generation task with remixed_from_video_id; completes with url', async () => {
    const source = await finishedVvip();
    expect(source.startsWith('task_')).toBe(true);
    const { status, body } = await remix(source, { model: 'vid-2', prompt: 'make the bicycle blue', duration: 15 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ object: 'generation.task', model: 'vid-2', status: 'queued', progress: 0, remixed_from_video_id: source });
    expect(typeof body.created_at).toBe('number');
    expect(at(body, 'metadata.size')).toBe('1280x720');
    const done = await finishedTask(text(body, 'id'));
    expect(at(done, 'metadata.seconds')).toBe('15');
    expect(await videoAt(text(done, 'url'))).toEqual({ width: 1280, height: 720 });
  });

  it('durations: vid-2 10 or 15, vid-2-pro 15 (HD) or 25, vid-2-vip accepted', async () => {
    const source = await finishedVvip();
    const change = { prompt: 'add falling leaves' };
    expect(at((await remix(source, { model: 'vid-2', ...change })).body, 'metadata.seconds')).toBe('10');
    expect((await remix(source, { model: 'vid-2', duration: 12, ...change })).status).toBe(400);
    const hd = await remix(source, { model: 'vid-2-pro', duration: 15, ...change });
    expect(at(hd.body, 'metadata.size')).toBe('1920x1080');
    const long = await remix(source, { model: 'vid-2-pro', duration: 25, ...change });
    expect(at(long.body, 'metadata.seconds')).toBe('25');
    expect(at(long.body, 'metadata.size')).toBe('1280x720');
    expect((await remix(source, { model: 'vid-2-pro', duration: 10, ...change })).status).toBe(400);
    expect((await remix(source, { model: 'vid-2-vip', ...change })).status).toBe(200);
  });

  it('aspect_ratio 16:9, 9:16 or 1:1', async () => {
    const source = await finishedVvip();
    const square = await remix(source, { model: 'vid-2', prompt: 'square it', aspect_ratio: '1:1' });
    const done = await finishedTask(text(square.body, 'id'));
    expect(await videoAt(text(done, 'url'))).toEqual({ width: 720, height: 720 });
    expect((await remix(source, { model: 'vid-2', prompt: 'x', aspect_ratio: '4:3' })).status).toBe(400);
  });

  it('a remix can be remixed again', async () => {
    const source = await finishedVvip();
    const first = await remix(source, { model: 'vid-2', prompt: 'night' });
    await finishedTask(text(first.body, 'id'));
    expect((await remix(text(first.body, 'id'), { model: 'vid-2', prompt: 'rain' })).status).toBe(200);
  });

  it('only finished, public videos of the same account', async () => {
    const pending = await sim.post('/v1/videos/generations', { model: 'vid-2-vvip', prompt: 'pending' });
    const unfinished = await remix(text(pending.body, 'id'), { model: 'vid-2', prompt: 'x' });
    expect(unfinished.status).toBe(400);
    expect(at(unfinished.body, 'error.code')).toBe('video_not_finished');
    expect(at((await remix('task_unknown', { model: 'vid-2', prompt: 'x' })).body, 'error.code')).toBe('task_not_exist');
    const other = await sim.otherAccountKey();
    const source = await finishedVvip();
    expect(at((await remix(source, { model: 'vid-2', prompt: 'x' }, other)).body, 'error.code')).toBe('task_not_exist');
    const hidden = await finishedVvip({ metadata: { private: true } });
    const privateRemix = await remix(hidden, { model: 'vid-2', prompt: 'x' });
    expect(privateRemix.status).toBe(400);
    expect(at(privateRemix.body, 'error.code')).toBe('video_private');
  });

  it('needs a remix model and a prompt; other families cannot be remixed this way', async () => {
    const source = await finishedVvip();
    expect((await remix(source, { model: 'vid-2' })).status).toBe(400);
    expect((await remix(source, { model: 'clip-3.0-turbo', prompt: 'x' })).status).toBe(400);
    const turbo = await sim.post('/v1/videos/generations', { model: 'clip-3.0-turbo', prompt: 'x' });
    await finishedTask(text(turbo.body, 'id'));
    expect((await remix(text(turbo.body, 'id'), { model: 'vid-2', prompt: 'x' })).status).toBe(400);
  });
});

describe('official remix (vid-2-official)', () => {
  it('answers object video with remixed_from_video_id, seconds and size of the source; the bytes come from /content', async () => {
    const source = await finishedOfficial();
    expect(source.startsWith('video_')).toBe(true);
    const { status, body } = await remix(source, { model: 'vid-2-official', prompt: 'golden hour light' });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      object: 'video',
      model: 'vid-2-official',
      status: 'queued',
      progress: 0,
      remixed_from_video_id: source,
      seconds: '8',
      size: '720x1280',
    });
    const id = text(body, 'id');
    const done = await finishedTask(id);
    expect(done.status).toBe('completed');
    const content = await fetch(`${sim.url}/v1/videos/${id}/content`, { headers: { authorization: `Bearer ${sim.key}` } });
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('video/mp4');
    const bytes = Buffer.from(await content.arrayBuffer());
    expect(Number(content.headers.get('content-length'))).toBe(bytes.length);
    expect(mp4VideoSize(bytes)).toEqual({ width: 720, height: 1280 });
  });

  it('only remixes official videos; the duration variant does not take official ids', async () => {
    const official = await finishedOfficial();
    const vvip = await finishedVvip();
    expect((await remix(vvip, { model: 'vid-2-official', prompt: 'x' })).status).toBe(400);
    expect((await remix(official, { model: 'vid-2', prompt: 'x' })).status).toBe(400);
  });
});

describe('GET /v1/videos/{id}/content', () => {
  const content = (id: string) => fetch(`${sim.url}/v1/videos/${id}/content`, { headers: { authorization: `Bearer ${sim.key}` } });

  it('400 while unfinished, then the MP4; 410 once expired', async () => {
    const { body } = await sim.post('/v1/videos/generations', { model: 'clip-3.0-turbo', prompt: 'x', aspect_ratio: '9:16' });
    const id = text(body, 'id');
    const early = await content(id);
    expect(early.status).toBe(400);
    expect(at(await early.json(), 'error.code')).toBe('video_not_ready');
    await finishedTask(id);
    const ready = await content(id);
    expect(ready.status).toBe(200);
    const bytes = Buffer.from(await ready.arrayBuffer());
    expect(isMp4(bytes)).toBe(true);
    expect(mp4VideoSize(bytes)).toEqual({ width: 720, height: 1280 });
    await sim.advanceClock(25 * 3600 * 1000);
    try {
      expect((await content(id)).status).toBe(410);
    } finally {
      await sim.admin('POST', '/clock', { offsetMs: 0 });
    }
  });

  it('400 task_not_exist for unknown ids and for image tasks', async () => {
    expect((await content('task_nothing')).status).toBe(400);
    const image = await sim.post('/v1/images/generations', { model: 'gen-image-2', prompt: 'x', size: '1:1' });
    expect((await content(text(image.body, 'id'))).status).toBe(400);
  });

  it('slow-download faults throttle the body without changing it', async () => {
    const { body } = await sim.post('/v1/videos/generations', { model: 'clip-3.0-turbo', prompt: 'x' });
    const id = text(body, 'id');
    const done = await finishedTask(id);
    const direct = Buffer.from(await (await fetch(text(done, 'metadata.url'))).arrayBuffer());
    // About four chunks, a tenth of a second apart (the throttle's tick): throttled, without seconds of waiting.
    const bytesPerSecond = Math.ceil(direct.length * 2.5);
    await sim.fault({ kind: 'slow-download', route: '/files/*', bytesPerSecond, count: 1 });
    await sim.fault({ kind: 'slow-download', route: '/v1/videos/*/content', bytesPerSecond, count: 1 });
    const slowFile = await fetch(text(done, 'metadata.url'));
    expect(Number(slowFile.headers.get('content-length'))).toBe(direct.length);
    expect(Buffer.from(await slowFile.arrayBuffer()).equals(direct)).toBe(true);
    const slowContent = Buffer.from(await (await content(id)).arrayBuffer());
    expect(slowContent.equals(direct)).toBe(true);
    const stats = await sim.admin('GET', '/stats');
    expect(at(stats, 'faults.slow-download')).toBe(2);
  });
});
