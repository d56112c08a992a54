/**
 * Interface section "POST /v1/videos/generations (plural path)", second family: turbo and omni,
 * polled at GET /v1/videos/generations/{task_id} (omni also by client_business_id).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaSim, at, finished, png, text, videoAt } from './media-harness';
import type { Json } from './media-harness';

let sim: MediaSim;
let portrait: string;
let square: string;
const clipUrl = 'https://cdn.example.com/clips/reference.mp4';

beforeAll(async () => {
  sim = await MediaSim.startWithFixtureVideos();
  portrait = await sim.uploadUrl(await png(90, 160));
  square = await sim.uploadUrl(await png(64, 64));
});
afterAll(() => sim.close());

const submit = (body: Record<string, unknown>) => sim.post('/v1/videos/generations', body);
const turbo = (extra: Record<string, unknown> = {}) => submit({ model: 'clip-3.0-turbo', prompt: 'waves at night', ...extra });
const omni = (extra: Record<string, unknown> = {}) => submit({ model: 'clip-v3-omni', prompt: 'a dancer in the rain', ...extra });

async function finishedTask(idOrBusinessId: string): Promise<Json> {
  return (await sim.pollUntil(`/v1/videos/generations/${idOrBusinessId}`, finished)).pop() ?? {};
}

describe('turbo (clip-3.0-turbo)', () => {
  it('answers id, object generation.task, model, status, progress, created_at, metadata; completes with metadata.url', async () => {
    const { status, body } = await turbo();
    expect(status).toBe(200);
    expect(body).toMatchObject({ object: 'generation.task', model: 'clip-3.0-turbo', status: 'queued', progress: 0, metadata: {} });
    expect(typeof body.created_at).toBe('number');
    expect(body.seconds).toBeUndefined();
    expect(body.size).toBeUndefined();
    const done = await finishedTask(text(body, 'id'));
    expect(done.status).toBe('completed');
    expect(await videoAt(text(done, 'metadata.url'))).toEqual({ width: 1280, height: 720 });
  });

  it.each([
    ['720p', '1:1', 720, 720],
    ['720p', '9:16', 720, 1280],
    ['1080p', '16:9', 1920, 1080],
    ['1080p', '1:1', 1080, 1080],
  ])('text-to-video at %s %s is %ix%i', async (resolution, aspect_ratio, width, height) => {
    const { body } = await turbo({ resolution, aspect_ratio });
    expect(await videoAt(text(await finishedTask(text(body, 'id')), 'metadata.url'))).toEqual({ width, height });
  });

  it('image-to-video: the first image decides the shape, aspect_ratio is ignored, extra images are not used', async () => {
    const { status, body } = await turbo({ reference_images: [portrait, 'not checked: not forwarded'], aspect_ratio: '16:9' });
    expect(status).toBe(200);
    expect(await videoAt(text(await finishedTask(text(body, 'id')), 'metadata.url'))).toEqual({ width: 720, height: 1280 });
    expect((await turbo({ reference_images: [(await png(8, 8)).toString('base64')] })).status).toBe(400);
  });

  it('duration 3-15 (default 5); resolution and aspect ratio from their lists; watermark boolean', async () => {
    expect((await turbo({ duration: 3 })).status).toBe(200);
    expect((await turbo({ duration: 15 })).status).toBe(200);
    expect((await turbo({ duration: 2 })).status).toBe(400);
    expect((await turbo({ duration: 16 })).status).toBe(400);
    expect((await turbo({ resolution: '4k' })).status).toBe(400);
    expect((await turbo({ aspect_ratio: '4:3' })).status).toBe(400);
    expect((await turbo({ watermark: true })).status).toBe(200);
    expect((await turbo({ watermark: 'yes' })).status).toBe(400);
  });
});

describe('omni (clip-v3-omni)', () => {
  it('answers without client_business_id when none is sent; completes with result_url', async () => {
    const { status, body } = await omni();
    expect(status).toBe(200);
    expect(body).toMatchObject({ object: 'generation.task', model: 'clip-v3-omni', status: 'queued' });
    expect('client_business_id' in body).toBe(false);
    const done = await finishedTask(text(body, 'id'));
    expect(await videoAt(text(done, 'result_url'))).toEqual({ width: 1280, height: 720 });
  });

  it('client_business_id is echoed, looks the task up, is unique per account and private to it', async () => {
    const businessId = `order-${Date.now()}`;
    const { body } = await omni({ client_business_id: businessId, mode: 'pro', aspect_ratio: '9:16' });
    expect(body.client_business_id).toBe(businessId);
    const byBusinessId = await sim.get(`/v1/videos/generations/${businessId}`);
    expect(byBusinessId.status).toBe(200);
    expect(byBusinessId.body).toMatchObject({ id: body.id, client_business_id: businessId });
    const done = await finishedTask(businessId);
    expect(await videoAt(text(done, 'result_url'))).toEqual({ width: 1080, height: 1920 });
    const again = await omni({ client_business_id: businessId });
    expect(again.status).toBe(400);
    expect(at(again.body, 'error.code')).toBe('duplicate_client_business_id');
    const other = await sim.otherAccountKey();
    expect((await sim.get(`/v1/videos/generations/${businessId}`, other)).body.code).toBe('task_not_exist');
  });

  it('mode std is 720p and pro 1080p, with the aspect ratio', async () => {
    const { body } = await omni({ aspect_ratio: '1:1' });
    expect(await videoAt(text(await finishedTask(text(body, 'id')), 'result_url'))).toEqual({ width: 720, height: 720 });
    expect((await omni({ mode: 'max' })).status).toBe(400);
  });

  it('placeholders name their list items from 1, in list order; an item no placeholder names is a warning', async () => {
    const images = { image_list: [{ image_url: square }, { image_url: portrait }] };
    const ok = await omni({ prompt: '<<<image_1>>> meets <<<image_2>>>, then <<<image_1>>> waves', metadata: images });
    expect(ok.status).toBe(200);
    const unnamed = await omni({ prompt: 'only <<<image_1>>>', metadata: images });
    expect(unnamed.status).toBe(200);
    expect(unnamed.headers.get('warning')).toMatch(/Item 2 of metadata\.image_list is not referenced as <<<image_2>>>/);
    const missingItem = await omni({ prompt: '<<<image_1>>> <<<image_2>>> <<<image_3>>>', metadata: images });
    expect(missingItem.status).toBe(400);
    expect(text(missingItem.body, 'error.message')).toMatch(/<<<image_3>>>/);
    expect((await omni({ prompt: '<<<image_2>>> then <<<image_1>>>', metadata: images })).status).toBe(400);
    expect((await omni({ prompt: '<<<image_0>>>', metadata: { image_list: [{ image_url: square }] } })).status).toBe(400);
    expect((await omni({ prompt: '<<<element_1>>> dances', metadata: { element_list: [{ element_id: 'el_1' }] } })).status).toBe(200);
    expect((await omni({ prompt: 'no placeholder', metadata: { element_list: [{ element_id: 'el_1' }] } })).status).toBe(200);
    expect((await omni({ prompt: 'in the style of <<<video_1>>>', video_list: [{ video_url: clipUrl }] })).status).toBe(200);
    expect((await omni({ prompt: '<<<video_1>>>' })).status).toBe(400);
  });

  it('is not stricter than the interface where it is silent: item fields, other ratios and unknown placeholders pass with warnings', async () => {
    const numbered = await omni({ prompt: '<<<element_1>>> bows', metadata: { element_list: [{ element_id: 123 }] } });
    expect(numbered.status, JSON.stringify(numbered.body)).toBe(200);
    const unreadable = await omni({
      prompt: '<<<element_1>>> and <<<image_1>>>',
      metadata: { element_list: [{ name: 'hero' }], image_list: [{ picture: square }] },
    });
    expect(unreadable.status, JSON.stringify(unreadable.body)).toBe(200);
    expect(unreadable.headers.get('warning')).toMatch(
      /element_list\[0\] has no element_id.*image_list\[0\] has no image_url|image_list\[0\] has no image_url.*element_list\[0\] has no element_id/,
    );
    const wide = await omni({ aspect_ratio: '21:9' });
    expect(wide.status).toBe(200);
    expect(wide.headers.get('warning')).toMatch(/aspect_ratio 21:9 is not one of the common ratios/);
    expect((await omni({ aspect_ratio: 'wide' })).status).toBe(400);
    const audio = await omni({ prompt: 'a drum solo <<<audio_1>>>' });
    expect(audio.status).toBe(200);
    expect(audio.headers.get('warning')).toMatch(/<<<audio_1>>> is not a placeholder the interface names/);
  });

  it('audio and video_list are mutually exclusive; video_list holds at most 1 video', async () => {
    const video = { prompt: 'like <<<video_1>>>', video_list: [{ video_url: clipUrl }] };
    expect((await omni({ ...video, audio: true })).status).toBe(400);
    expect((await omni({ audio: true })).status).toBe(200);
    const two = await omni({ prompt: '<<<video_1>>> <<<video_2>>>', video_list: [{ video_url: clipUrl }, { video_url: clipUrl }] });
    expect(two.status).toBe(400);
  });

  it('URLs must be public addresses: Base64 refused; an image is not a video', async () => {
    const b64 = (await png(8, 8)).toString('base64');
    expect((await omni({ prompt: '<<<image_1>>>', metadata: { image_list: [{ image_url: b64 }] } })).status).toBe(400);
    expect((await omni({ prompt: '<<<video_1>>>', video_list: [{ video_url: `data:video/mp4;base64,${b64}` }] })).status).toBe(400);
    expect((await omni({ prompt: '<<<video_1>>>', video_list: [{ video_url: square }] })).status).toBe(422);
  });

  it('duration 3-15', async () => {
    expect((await omni({ duration: 15 })).status).toBe(200);
    expect((await omni({ duration: 16 })).status).toBe(400);
  });

  it('billing follows the mapping: pro with audio costs more than std without', async () => {
    const used = async (): Promise<number> => (await sim.get('/v1/balance')).body.used_credits as number;
    const start = await used();
    await omni();
    const afterStd = await used();
    await omni({ mode: 'pro', audio: true });
    const afterProSound = await used();
    expect(afterProSound - afterStd).toBeGreaterThan(afterStd - start);
  });
});
