/**
 * Interface section "POST /v1/images/generations", direct variants: A (gen-image-2 with a
 * pixel size, auto or no size; summary object in edit mode), C and D (nova, direct).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaSim, at, b64Facts, download, encoded, imageFacts, noisyPng, png, text } from './media-harness';

let sim: MediaSim;
let smallPng: string;
let bigPng: string;
let gif: string;
let webp: string;

beforeAll(async () => {
  sim = await MediaSim.start();
  smallPng = await sim.uploadUrl(await png(64, 64));
  bigPng = await sim.uploadUrl(await noisyPng());
  gif = await sim.uploadUrl(await encoded('gif', 32, 32));
  webp = await sim.uploadUrl(await encoded('webp', 32, 32));
});
afterAll(() => sim.close());

const generate = (body: Record<string, unknown>) => sim.post('/v1/images/generations', body);
const a = (extra: Record<string, unknown> = {}) => generate({ model: 'gen-image-2', prompt: 'a lighthouse at dusk', ...extra });

describe('variant A: gen-image-2, direct result', () => {
  it('answers created, model and data[0] with a Base64 PNG of the default 1024x1024 and revised_prompt', async () => {
    const { status, body } = await a();
    expect(status).toBe(200);
    expect(typeof body.created).toBe('number');
    expect(typeof body.model).toBe('string');
    expect(at(body, 'data.0.revised_prompt')).toBe('a lighthouse at dusk');
    expect(await b64Facts(at(body, 'data.0'))).toEqual({ format: 'png', width: 1024, height: 1024 });
  });

  it.each([
    ['1280x720', undefined, 1280, 720],
    ['720x1280', '1K', 720, 1280],
    ['1248x832', undefined, 1248, 832],
    ['2304x1728', '2K', 2304, 1728],
    ['3840x2160', '4K', 3840, 2160],
    ['auto', undefined, 1024, 1024],
    [undefined, '2K', 2048, 2048],
  ])('size %s (resolution %s) gives %ix%i pixels', async (size, resolution, width, height) => {
    const { status, body } = await a({ size, resolution });
    expect(status).toBe(200);
    expect(await b64Facts(at(body, 'data.0'))).toMatchObject({ width, height });
  });

  it('rejects a size outside the table (400)', async () => {
    const outside = await a({ size: '1000x1000' });
    expect(outside.status).toBe(400);
    expect(at(outside.body, 'error.param')).toBe('size');
  });

  it('accepts any resolution, whose values the interface does not show: a pixel size decides, an unknown tier is ignored', async () => {
    const other = await a({ size: '1280x720', resolution: '2K' });
    expect(other.status).toBe(200);
    expect(await b64Facts(at(other.body, 'data.0'))).toMatchObject({ width: 1280, height: 720 });
    const lower = await a({ resolution: '2k' });
    expect(await b64Facts(at(lower.body, 'data.0'))).toMatchObject({ width: 2048, height: 2048 });
    const unknown = await a({ resolution: 'ultra' });
    expect(unknown.status).toBe(200);
    expect(await b64Facts(at(unknown.body, 'data.0'))).toMatchObject({ width: 1024, height: 1024 });
  });

  it('output_format jpeg gives a JPEG; webp is refused', async () => {
    const { body } = await a({ output_format: 'jpeg', size: '1280x720' });
    expect(await b64Facts(at(body, 'data.0'))).toEqual({ format: 'jpeg', width: 1280, height: 720 });
    expect((await a({ output_format: 'webp' })).status).toBe(400);
  });

  it('prompt: 32000 characters accepted, 32001 refused', async () => {
    expect((await a({ prompt: 'x'.repeat(32_000) })).status).toBe(200);
    expect((await a({ prompt: 'x'.repeat(32_001) })).status).toBe(400);
    expect((await a({ prompt: '' })).status).toBe(400);
  });

  it('n gives that many images; response_format url gives served addresses', async () => {
    const many = await a({ n: 2, size: '1280x720' });
    expect((many.body.data as unknown[]).length).toBe(2);
    const byUrl = await a({ response_format: 'url', size: '720x1280', output_format: 'jpeg' });
    const file = await download(text(byUrl.body, 'data.0.url'));
    expect(file.type).toBe('image/jpeg');
    expect(await imageFacts(file.bytes)).toEqual({ format: 'jpeg', width: 720, height: 1280 });
  });

  it('reference_images: 4 accepted, 5 refused; PNG/JPG only; at most 2MB each', async () => {
    expect((await a({ reference_images: Array(4).fill(smallPng) })).status).toBe(200);
    expect((await a({ reference_images: Array(5).fill(smallPng) })).status).toBe(400);
    const gifRef = await a({ reference_images: [gif] });
    expect(gifRef.status).toBe(422);
    expect(at(gifRef.body, 'error.param')).toBe('reference_images[0]');
    expect((await a({ reference_images: [webp] })).status).toBe(422);
    const tooBig = await a({ reference_images: [bigPng] });
    expect(tooBig.status).toBe(422);
    expect(text(tooBig.body, 'error.message')).toMatch(/2MB/);
  });

  it('Base64 references are refused with 422 (bare and data: URLs)', async () => {
    const b64 = (await png(8, 8)).toString('base64');
    expect((await a({ reference_images: [b64] })).status).toBe(422);
    expect((await a({ image_urls: [`data:image/png;base64,${b64}`] })).status).toBe(422);
    expect((await a({ mask_url: b64, image_urls: [smallPng] })).status).toBe(422);
  });

  it('a reference that is not a URL is a 400; an unknown address of ours a 422', async () => {
    expect((await a({ reference_images: ['not a url'] })).status).toBe(400);
    expect((await a({ reference_images: [`${sim.url}/files/missing.png`] })).status).toBe(422);
  });
});

describe('variant A: edit mode (image_urls present) answers the summary object', () => {
  it('multi-reference edit: case, status, reason, created, model, data_count, revised_prompt, b64_prefix, b64_length', async () => {
    const { status, body } = await a({ image_urls: [smallPng, smallPng], n: 2 });
    expect(status).toBe(200);
    expect(body.case).toBe('multi_reference_edit');
    expect(body.status).toBe(200);
    expect(typeof body.reason).toBe('string');
    expect(typeof body.created).toBe('number');
    expect(typeof body.model).toBe('string');
    expect(body.data_count).toBe(2);
    expect(body.revised_prompt).toBe('a lighthouse at dusk');
    expect(text(body, 'b64_prefix').startsWith('iVBORw0KGgo')).toBe(true);
    expect(body.b64_length).toBeGreaterThan(text(body, 'b64_prefix').length);
    expect(body.data).toBeUndefined();
  });

  it('image_urls: 4 accepted; 5 go to the task channel by the own rule, and the direct channel refuses them', async () => {
    expect((await a({ image_urls: Array(4).fill(smallPng) })).status).toBe(200);
    const five = await a({ image_urls: Array(5).fill(smallPng) });
    expect([five.status, five.body.object]).toEqual([200, 'generation.task']);
    await sim.admin('POST', '/settings', { genImage2Routing: 'direct' });
    try {
      const refused = await a({ image_urls: Array(5).fill(smallPng) });
      expect(refused.status).toBe(400);
      expect(text(refused.body, 'error.message')).toMatch(/image_urls: at most 4 images/);
    } finally {
      await sim.admin('POST', '/settings', { genImage2Routing: 'request' });
    }
  });

  it('inpainting: a PNG mask with alpha of exactly the first reference size is accepted', async () => {
    const mask = await sim.uploadUrl(await png(64, 64, true));
    const { status, body } = await a({ image_urls: [smallPng], mask_url: mask });
    expect(status).toBe(200);
    expect(body.case).toBe('inpainting');
  });

  it('mask rules: size mismatch 422, no alpha 422, JPEG 422, without image_urls 400', async () => {
    const wrongSize = await sim.uploadUrl(await png(65, 64, true));
    const mismatch = await a({ image_urls: [smallPng], mask_url: wrongSize });
    expect(mismatch.status).toBe(422);
    expect(text(mismatch.body, 'error.message')).toMatch(/65x64.*64x64/);
    const opaque = await sim.uploadUrl(await png(64, 64, false));
    expect((await a({ image_urls: [smallPng], mask_url: opaque })).status).toBe(422);
    const jpeg = await sim.uploadUrl(await encoded('jpeg', 64, 64));
    expect((await a({ image_urls: [smallPng], mask_url: jpeg })).status).toBe(422);
    const mask = await sim.uploadUrl(await png(64, 64, true));
    expect((await a({ reference_images: [smallPng], mask_url: mask })).status).toBe(400);
  });
});

describe('variant C: nova-3.1-flash-image, direct result', () => {
  const c = (extra: Record<string, unknown> = {}) => generate({ model: 'nova-3.1-flash-image', prompt: 'a red kite', ...extra });

  it('answers data[0].b64_json at the table sizes (pixel value, ratio, default)', async () => {
    const cases: [string | undefined, number, number][] = [
      ['1360x768', 1360, 768],
      ['864x1152', 864, 1152],
      ['1536x2752', 1536, 2752],
      ['16:9', 1360, 768],
      ['1:4', 512, 2048],
      [undefined, 1024, 1024],
    ];
    for (const [size, width, height] of cases) {
      const { status, body } = await c({ size });
      expect(status).toBe(200);
      expect(await b64Facts(at(body, 'data.0'))).toEqual({ format: 'png', width, height });
    }
  });

  it('accepts the preview model id and a 4K size', async () => {
    const { status, body } = await generate({ model: 'nova-3.1-flash-image-preview', prompt: 'x', size: '5504x3072' });
    expect(status).toBe(200);
    expect(await b64Facts(at(body, 'data.0'))).toMatchObject({ width: 5504, height: 3072 });
  });

  it('rejects sizes outside the table (400)', async () => {
    expect((await c({ size: '1280x720' })).status).toBe(400);
    expect((await c({ size: '7:3' })).status).toBe(400);
  });

  it('image_urls items are objects with url: 4 accepted, 5 refused, strings refused', async () => {
    expect((await c({ image_urls: Array(4).fill({ url: smallPng }) })).status).toBe(200);
    expect((await c({ image_urls: Array(5).fill({ url: smallPng }) })).status).toBe(400);
    expect((await c({ image_urls: [smallPng] })).status).toBe(400);
  });

  it('references: WebP accepted, GIF refused, over 2MB refused, Base64 refused (422)', async () => {
    expect((await c({ image_urls: [{ url: webp }] })).status).toBe(200);
    expect((await c({ image_urls: [{ url: gif }] })).status).toBe(422);
    expect((await c({ image_urls: [{ url: bigPng }] })).status).toBe(422);
    const b64 = (await png(8, 8)).toString('base64');
    expect((await c({ image_urls: [{ url: b64 }] })).status).toBe(422);
  });

  it('n is 1; tools take external_search with web_search and image_search', async () => {
    expect((await c({ n: 1 })).status).toBe(200);
    expect((await c({ n: 2 })).status).toBe(400);
    expect((await c({ tools: [{ type: 'external_search', search_types: ['web_search', 'image_search'] }] })).status).toBe(200);
    expect((await c({ tools: [{ type: 'external_search', search_types: ['news_search'] }] })).status).toBe(400);
    expect((await c({ tools: [{ type: 'code_interpreter' }] })).status).toBe(400);
  });
});

describe('variant D: nova-3-pro-image, direct result', () => {
  const d = (extra: Record<string, unknown> = {}) => generate({ model: 'nova-3-pro-image', prompt: 'a blue door', ...extra });

  it('answers at table pixel sizes; ratios are refused', async () => {
    const { status, body } = await d({ size: '2048x1536' });
    expect(status).toBe(200);
    expect(await b64Facts(at(body, 'data.0'))).toEqual({ format: 'png', width: 2048, height: 1536 });
    expect((await d({ size: '4:3' })).status).toBe(400);
    expect((await d({ size: '1000x700' })).status).toBe(400);
  });

  it('image_urls: 4 accepted (no per-file cap), 5 refused', async () => {
    expect((await d({ image_urls: [{ url: bigPng }, { url: smallPng }, { url: webp }, { url: smallPng }] })).status).toBe(200);
    expect((await d({ image_urls: Array(5).fill({ url: smallPng }) })).status).toBe(400);
  });

  it('prompt has no 1000-character limit; the token bound is enforced', async () => {
    expect((await d({ prompt: 'y'.repeat(5_000) })).status).toBe(200);
    expect((await d({ prompt: 'y'.repeat(65_536 * 4 + 1) })).status).toBe(400);
  });

  it('accepts the preview model id', async () => {
    expect((await generate({ model: 'nova-3-pro-image-preview', prompt: 'x' })).status).toBe(200);
  });
});
