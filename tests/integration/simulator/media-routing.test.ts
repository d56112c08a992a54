/**
 * Behaviour settings of the demo gateway (docs/simulator.md): the routing of `gen-image-2`
 * between its direct and task channels (by its own rule, always direct, always task), the
 * switch that removes the `/content` route, and the models the interface does not name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MediaSim, at, b64Facts, download, finished, imageFacts, png, text } from './media-harness';
import type { Json } from './media-harness';

let sim: MediaSim;
let refUrl: string;
let maskUrl: string;

beforeAll(async () => {
  sim = await MediaSim.start();
  refUrl = await sim.uploadUrl(await png(64, 64));
  maskUrl = await sim.uploadUrl(await png(64, 64, true));
});
afterAll(() => sim.close());

const generate = (body: Json) => sim.post('/v1/images/generations', { model: 'gen-image-2', prompt: 'a kite', ...body });

function styleOf(body: Json): 'direct' | 'summary' | 'task' | 'other' {
  if (Array.isArray(body.data)) return 'direct';
  if ('b64_prefix' in body) return 'summary';
  if (typeof body.id === 'string' && typeof body.status === 'string') return 'task';
  return 'other';
}

/** The kinds of gen-image-2 request the studio can send. */
const kinds: [name: string, body: Json][] = [
  ['no size', {}],
  ['pixel size', { size: '1280x720' }],
  ['auto', { size: 'auto', resolution: '2K' }],
  ['ratio', { size: '16:9' }],
  ['reference_images', { size: '1024x1024', reference_images: ['https://cdn.example/a.png'] }],
  ['edit', { image_urls: ['https://cdn.example/a.png'] }],
  ['ratio with edit images', { size: '1:1', image_urls: ['https://cdn.example/a.png', 'https://cdn.example/b.png'] }],
];

const expected: Record<'request' | 'direct' | 'task', string[]> = {
  request: ['direct', 'direct', 'direct', 'task', 'direct', 'summary', 'task'],
  direct: ['direct', 'direct', 'direct', 'direct', 'direct', 'summary', 'summary'],
  task: ['task', 'task', 'task', 'task', 'task', 'task', 'task'],
};

/** A PNG of random pixels: it hardly compresses, so its size is about width x height x 3 bytes. */
async function noisyPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    pixels[i] = seed >> 16;
  }
  const file = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(file.length).toBeGreaterThan(3 * 1024 * 1024);
  return file;
}

describe('gen-image-2 routing', () => {
  afterAll(() => sim.admin('POST', '/settings', { genImage2Routing: 'request' }));

  it.each(['request', 'direct', 'task'] as const)('routing "%s" answers each kind of request in its style', async (routing) => {
    const set = await sim.admin('POST', '/settings', { genImage2Routing: routing });
    expect(at(set, 'settings.genImage2Routing')).toBe(routing);
    const styles: string[] = [];
    for (const [, body] of kinds) {
      const answer = await generate(body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      styles.push(styleOf(answer.body));
    }
    expect(styles).toEqual(expected[routing]);
  });

  it('the same ratio request gives the same picture on the direct channel as on the task channel', async () => {
    await sim.admin('POST', '/settings', { genImage2Routing: 'direct' });
    const direct = await generate({ size: '21:9', resolution: '2K' });
    expect(await b64Facts(at(direct.body, 'data.0'))).toMatchObject({ width: 2688, height: 1152 });
    await sim.admin('POST', '/settings', { genImage2Routing: 'task' });
    const task = await generate({ size: '21:9', resolution: '2K' });
    const done = (await sim.pollUntil(`/v1/images/generations/${text(task.body, 'id')}`, finished)).pop();
    const file = await download(text(done, 'result.data.0.url'));
    expect(await imageFacts(file.bytes)).toMatchObject({ width: 2688, height: 1152 });
  });

  it('each channel keeps its own limits: 16 images go to the task channel, not to the direct one', async () => {
    const sixteen = { size: '1:1', image_urls: Array.from({ length: 16 }, (_unused, i) => `https://cdn.example/${i}.png`) };
    await sim.admin('POST', '/settings', { genImage2Routing: 'task' });
    expect((await generate(sixteen)).status).toBe(200);
    await sim.admin('POST', '/settings', { genImage2Routing: 'direct' });
    const refused = await generate(sixteen);
    expect(refused.status).toBe(400);
    expect(text(refused.body, 'error.message')).toMatch(/image_urls.*at most 4/);
  });

  it('by its own rule, an auto request with a reference only the task channel takes (3.3 MB) goes there, at the tier asked', async () => {
    await sim.admin('POST', '/settings', { genImage2Routing: 'request' });
    const large = await sim.uploadUrl(await noisyPng(1100, 1000));
    const answer = await generate({ size: 'auto', resolution: '4K', image_urls: [large] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(styleOf(answer.body)).toBe('task');
    const done = (await sim.pollUntil(`/v1/images/generations/${text(answer.body, 'id')}`, finished)).pop();
    expect(await imageFacts((await download(text(done, 'result.data.0.url'))).bytes)).toMatchObject({ width: 3840, height: 2160 });
    // The same file is too large for the direct channel when a request is forced there.
    await sim.admin('POST', '/settings', { genImage2Routing: 'direct' });
    expect((await generate({ size: 'auto', image_urls: [large] })).status).toBe(422);
    await sim.admin('POST', '/settings', { genImage2Routing: 'request' });
  });

  it('a mask works on both channels', async () => {
    for (const routing of ['direct', 'task'] as const) {
      await sim.admin('POST', '/settings', { genImage2Routing: routing });
      const answer = await generate({ image_urls: [refUrl], mask_url: maskUrl });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(styleOf(answer.body)).toBe(routing === 'direct' ? 'summary' : 'task');
    }
  });

  it('n above 4 is accepted with a warning on both channels; 4 images are made', async () => {
    await sim.admin('POST', '/settings', { genImage2Routing: 'request' });
    const direct = await generate({ n: 6 });
    expect(direct.status).toBe(200);
    expect(direct.body.data).toHaveLength(4);
    expect(direct.headers.get('warning')).toMatch(/^199 - "n is 6 but the channel makes at most 4 images per request"$/);
    const task = await generate({ size: '1:1', n: 10 });
    expect(task.headers.get('warning')).toMatch(/at most 4 images/);
    expect((await generate({ n: 11 })).status).toBe(400);
    expect((await generate({ n: 0 })).status).toBe(400);
  });

  it('the setting is refused when unknown and restored by a reset', async () => {
    const bad = await fetch(`${sim.url}/__admin/settings`, {
      method: 'POST',
      headers: { 'x-admin-token': sim.sim.adminToken, 'content-type': 'application/json' },
      body: JSON.stringify({ genImage2Routing: 'sideways' }),
    });
    expect(bad.status).toBe(400);
    await sim.admin('POST', '/settings', { genImage2Routing: 'task' });
    await sim.admin('POST', '/reset');
    expect(at(await sim.admin('GET', '/settings'), 'settings')).toEqual({ genImage2Routing: 'request', contentRoute: true, characterCreation: 'request' });
    refUrl = await sim.uploadUrl(await png(64, 64));
    maskUrl = await sim.uploadUrl(await png(64, 64, true));
  });
});

describe('a deployment without the /content route', () => {
  it('answers 404 there, like any unknown path', async () => {
    const turbo = await sim.post('/v1/videos/generations', { model: 'clip-3.0-turbo', prompt: 'waves' });
    const id = text(turbo.body, 'id');
    await sim.pollUntil(`/v1/videos/generations/${id}`, finished);
    const served = await fetch(`${sim.url}/v1/videos/${id}/content`, { headers: { authorization: `Bearer ${sim.key}` } });
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'video/mp4']);
    await served.arrayBuffer();
    await sim.admin('POST', '/settings', { contentRoute: false });
    const missing = await sim.get(`/v1/videos/${id}/content`);
    expect(missing.status).toBe(404);
    expect(text(missing.body, 'error.message')).toMatch(/Invalid URL/);
    await sim.admin('POST', '/settings', { contentRoute: true });
  });
});

describe('models the interface does not name', () => {
  it('lumen-image-1 answers directly with the size asked for', async () => {
    const answer = await sim.post('/v1/images/generations', { model: 'lumen-image-1', prompt: 'a lamp', size: '768x512', n: 2 });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(2);
    expect(await b64Facts(at(answer.body, 'data.0'))).toMatchObject({ width: 768, height: 512 });
    expect((await sim.post('/v1/images/generations', { model: 'lumen-image-1', prompt: 'x', size: '10x10' })).status).toBe(400);
  });

  it('lumen-video-1 runs as a task on the plural path', async () => {
    const answer = await sim.post('/v1/videos/generations', { model: 'lumen-video-1', prompt: 'a lamp', duration: 6, aspect_ratio: '9:16' });
    expect(answer.status).toBe(200);
    const done = (await sim.pollUntil(`/v1/videos/generations/${text(answer.body, 'id')}`, finished)).pop();
    expect(done).toMatchObject({ status: 'completed', model: 'lumen-video-1' });
    expect(text(done, 'metadata.url')).toMatch(/^http/);
  });
});
