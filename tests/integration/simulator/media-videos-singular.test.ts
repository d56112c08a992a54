/**
 * Interface section "POST /v1/video/generations (singular path)": the first video model's
 * official variant (wrapped polling record at GET /v1/video/generations/{task_id}) and the
 * second family's version 3 (polled at GET /v1/videos/{task_id}).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaSim, at, encoded, finished, png, text, videoAt } from './media-harness';
import type { Json } from './media-harness';

let sim: MediaSim;
let landscape: string;
let small: string;

beforeAll(async () => {
  sim = await MediaSim.startWithFixtureVideos();
  landscape = await sim.uploadUrl(await png(1280, 720));
  small = await sim.uploadUrl(await png(64, 64));
});
afterAll(() => sim.close());

const OFFICIAL_STATUSES = ['NOT_START', 'SUBMITTED', 'QUEUED', 'IN_PROGRESS', 'SUCCESS', 'FAILURE'];
const submit = (body: Record<string, unknown>) => sim.post('/v1/video/generations', body);
const official = (extra: Record<string, unknown> = {}) => submit({ model: 'vid-2', prompt: 'a slow dolly shot of a misty forest', size: '1280x720', ...extra });
const clip3 = (extra: Record<string, unknown> = {}) =>
  submit({ model: 'clip3-720p', prompt: 'a paper boat on a river', size: '1280x720', duration: 5, images: [small], ...extra });

async function pollOfficial(id: string): Promise<Json[]> {
  return sim.pollUntil(`/v1/video/generations/${id}`, (body) => ['SUCCESS', 'FAILURE'].includes(at(body, 'data.status') as string));
}

describe('official variant (vid-2, vid2-pro, vid-2-official)', () => {
  it('answers a video task with task_id, seconds as a string and size', async () => {
    const { status, body } = await official();
    expect(status).toBe(200);
    expect(body).toMatchObject({ object: 'video', model: 'vid-2', status: 'queued', progress: 0, seconds: '4', size: '1280x720' });
    expect(body.task_id).toBe(body.id);
    expect(typeof body.created_at).toBe('number');
  });

  it('the wrapped polling record walks the upper-case vocabulary to SUCCESS with a playable result_url', async () => {
    const { body } = await official({ duration: 8, size: '720x1280' });
    const seen = await pollOfficial(text(body, 'id'));
    for (const record of seen) {
      expect(record.code).toBe('success');
      expect(record.message).toBe('');
      expect(at(record, 'data.task_id')).toBe(body.id);
      expect(OFFICIAL_STATUSES).toContain(at(record, 'data.status'));
      expect(text(record, 'data.progress')).toMatch(/^\d{1,3}%$/);
    }
    const done = seen[seen.length - 1];
    expect(at(done, 'data.status')).toBe('SUCCESS');
    expect(at(done, 'data.progress')).toBe('100%');
    expect(await videoAt(text(done, 'data.result_url'))).toEqual({ width: 720, height: 1280 });
  });

  it('failure shows FAILURE with fail_reason', async () => {
    await sim.fault({ kind: 'task-failure', route: 'POST /v1/video/generations', count: 1, message: 'content policy' });
    const { body } = await official();
    const done = (await pollOfficial(text(body, 'id'))).pop();
    expect(at(done, 'data.status')).toBe('FAILURE');
    expect(at(done, 'data.fail_reason')).toBe('content policy');
    expect(at(done, 'data.result_url')).toBe('');
  });

  it('duration 4, 8, 12 accepted; others refused; size is required and one of two', async () => {
    for (const duration of [4, 8, 12]) expect((await official({ duration })).body.seconds).toBe(String(duration));
    expect((await official({ duration: 5 })).status).toBe(400);
    expect((await official({ size: '1920x1080' })).status).toBe(400);
    expect((await submit({ model: 'vid-2', prompt: 'x' })).status).toBe(400);
    expect((await official({ prompt: '' })).status).toBe(400);
  });

  it('model ids vid2-pro and vid-2-official are the same variant', async () => {
    expect((await official({ model: 'vid2-pro' })).body.object).toBe('video');
    expect((await official({ model: 'vid-2-official' })).body.object).toBe('video');
  });

  it('input_reference: URL, data: URL or Base64 of an image; a size that differs is a warning, not a refusal', async () => {
    const pngBytes = await png(1280, 720);
    expect((await official({ input_reference: landscape })).status).toBe(200);
    expect((await official({ input_reference: `data:image/png;base64,${pngBytes.toString('base64')}` })).status).toBe(200);
    const portrait = (await png(720, 1280)).toString('base64');
    expect((await official({ size: '720x1280', input_reference: portrait })).status).toBe(200);
    const mismatch = await official({ input_reference: small });
    expect(mismatch.status).toBe(200);
    expect(mismatch.headers.get('warning')).toMatch(/^199 - "input_reference is 64x64 but size is 1280x720; the image should match/);
    const gif = `data:image/gif;base64,${(await encoded('gif', 1280, 720)).toString('base64')}`;
    expect((await official({ input_reference: gif })).status).toBe(200);
    expect((await official({ input_reference: 'not an image' })).status).toBe(400);
  });

  it('unknown ids and other families answer 400 task_not_exist on the polling route', async () => {
    const unknown = await sim.get('/v1/video/generations/video_nothing');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'task_not_exist', data: null });
    const clip = await clip3();
    expect((await sim.get(`/v1/video/generations/${text(clip.body, 'id')}`)).body.code).toBe('task_not_exist');
  });

  it('models of the plural path are refused here', async () => {
    expect((await submit({ model: 'clip-3.0-turbo', prompt: 'x', size: '1280x720' })).status).toBe(400);
  });
});

describe('second family, version 3 (clip3-*, clip-o3-*)', () => {
  it('answers a video task; GET /v1/videos/{task_id} completes with video_url', async () => {
    const { status, body } = await clip3();
    expect(status).toBe(200);
    expect(body).toMatchObject({ object: 'video', model: 'clip3-720p', status: 'queued', progress: 0, seconds: '5', size: '1280x720' });
    expect(body.task_id).toBe(body.id);
    const seen = await sim.pollUntil(`/v1/videos/${text(body, 'id')}`, finished);
    const done = seen[seen.length - 1];
    expect(done).toMatchObject({ id: body.id, object: 'video', status: 'completed', progress: 100, seconds: '5' });
    expect(typeof at(done, 'expires_at')).toBe('number');
    expect(await videoAt(text(done, 'video_url'))).toEqual({ width: 1280, height: 720 });
  });

  it('1080p models make 1080p sizes', async () => {
    const { body } = await clip3({ model: 'clip3-1080p', size: '1080x1920', duration: 15 });
    const done = (await sim.pollUntil(`/v1/videos/${text(body, 'id')}`, finished)).pop();
    expect(await videoAt(text(done, 'video_url'))).toEqual({ width: 1080, height: 1920 });
  });

  it('sizes per resolution: 720p models refuse 1080p sizes and vice versa', async () => {
    expect((await clip3({ size: '720x1280' })).status).toBe(200);
    expect((await clip3({ size: '1920x1080' })).status).toBe(400);
    expect((await clip3({ model: 'clip-o3-1080p', size: '1280x720' })).status).toBe(400);
  });

  it('durations: clip3 5/10/15, clip-o3 5/15; duration is required', async () => {
    expect((await clip3({ duration: 10 })).status).toBe(200);
    expect((await clip3({ duration: 8 })).status).toBe(400);
    expect((await clip3({ model: 'clip-o3-720p', duration: 15 })).status).toBe(200);
    expect((await clip3({ model: 'clip-o3-720p', duration: 10 })).status).toBe(400);
    expect((await clip3({ duration: undefined })).status).toBe(400);
  });

  it('images: 1 to 4 URLs for every model of the family (GIF too); Base64 refused', async () => {
    expect((await clip3({ images: undefined })).status).toBe(400);
    expect((await clip3({ images: [] })).status).toBe(400);
    expect((await clip3({ images: Array(4).fill(small) })).status).toBe(200);
    expect((await clip3({ images: Array(5).fill(small) })).status).toBe(400);
    const missing = await clip3({ model: 'clip-o3-720p', images: undefined });
    expect(missing.status).toBe(400);
    expect(text(missing.body, 'error.message')).toMatch(/images.*1 to 4/);
    expect((await clip3({ model: 'clip-o3-720p', images: [small] })).status).toBe(200);
    expect((await clip3({ images: [await sim.uploadUrl(await encoded('gif', 32, 32))] })).status).toBe(200);
    expect((await clip3({ images: [(await png(8, 8)).toString('base64')] })).status).toBe(400);
  });
});
