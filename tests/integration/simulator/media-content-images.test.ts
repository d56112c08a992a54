/**
 * What the demo gateway's images show, read from their pixels: the request drawn on a seeded
 * backdrop, results that start from their reference, a mask applied the right way round
 * (transparent = repaint, opaque = the reference's own pixels), and the reference strip.
 * Saves samples under test-results/demo-gateway/ for a person to look at.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correlation, countPixels, difference, rgbOf, saveSample, whole } from '../../helpers/pixels';
import type { Region } from '../../helpers/pixels';
import { MediaSim, at, download, finished, text } from './media-harness';
import type { Json } from './media-harness';

let sim: MediaSim;

beforeAll(async () => {
  sim = await MediaSim.start();
});
afterAll(() => sim.close());

const SIDE = 1024;

/** A reference with structure everywhere (so "kept" and "repainted" can be told apart anywhere). */
function structuredReference(): Promise<Buffer> {
  const tiles: string[] = [];
  const colours = ['#1f6feb', '#f2cc60', '#2ea043', '#da3633', '#8957e5', '#ffffff'];
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      tiles.push(`<rect x="${col * 128}" y="${row * 128}" width="128" height="128" fill="${colours[(row * 3 + col) % colours.length] ?? '#000'}"/>`);
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}">${tiles.join('')}<circle cx="512" cy="512" r="300" fill="none" stroke="#111" stroke-width="40"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A mask whose left half is transparent (repaint) and right half opaque (keep), or the inverse. */
function halfMask(transparentSide: 'left' | 'right'): Promise<Buffer> {
  const x = transparentSide === 'left' ? 0 : SIDE / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}"><rect width="${SIDE}" height="${SIDE}" fill="#000"/></svg>`;
  const hole = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}"><rect x="${x}" width="${SIDE / 2}" height="${SIDE}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg))
    .ensureAlpha()
    .composite([{ input: Buffer.from(hole), blend: 'dest-out' }])
    .png()
    .toBuffer();
}

const LEFT: Region = { left: 0, top: 0, width: SIDE / 2 - 24, height: SIDE };
const RIGHT: Region = { left: SIDE / 2 + 24, top: 0, width: SIDE / 2 - 24, height: SIDE };

/** Submits a gen-image-2 task (variant B) and downloads its first result once completed. */
async function taskResult(body: Record<string, unknown>): Promise<Buffer> {
  const submitted = await sim.post('/v1/images/generations', { model: 'gen-image-2', size: '1:1', ...body });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const seen = await sim.pollUntil(`/v1/images/generations/${text(submitted.body, 'id')}`, finished);
  const last = seen[seen.length - 1] as Json;
  expect(last.status).toBe('completed');
  const file = await download(text(at(last, 'result.data.0'), 'url'));
  expect(file.status).toBe(200);
  return file.bytes;
}

/** A direct answer's images, decoded from `b64_json`. */
async function directImages(body: Record<string, unknown>): Promise<Buffer[]> {
  const answer = await sim.post('/v1/images/generations', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as Json[]).map((item) => Buffer.from(text(item, 'b64_json'), 'base64'));
}

const whiteText = (r: number, g: number, b: number): boolean => r > 235 && g > 235 && b > 235;

describe('text-to-image shows the request', () => {
  it('draws the prompt in white type on the seeded backdrop, the same for the same request', async () => {
    const body = { model: 'gen-image-2', prompt: 'A red fox curled up in fresh snow at dawn', size: '1280x720', n: 2 };
    const [first, second] = await directImages(body);
    if (!first || !second) throw new Error('two images expected');
    const image = await rgbOf(first);
    expect([image.width, image.height]).toEqual([1280, 720]);
    // The caption is white type; the backdrop never is.
    expect(countPixels(image, whole(image), whiteText)).toBeGreaterThan(2_000);
    // Each image of a request is its own; the same request gives the same images again.
    expect(first.equals(second)).toBe(false);
    const [again] = await directImages(body);
    expect(again?.equals(first)).toBe(true);
    await saveSample('text-to-image', first);
  });

  it('sets Chinese prompts in a CJK font (glyphs drawn, not empty boxes)', async () => {
    const [image] = await directImages({ model: 'gen-image-2', prompt: '一只红狐狸蜷缩在清晨的新雪中，柔和的金色光线', size: '720x1280' });
    if (!image) throw new Error('an image expected');
    const pixels = await rgbOf(image);
    expect(countPixels(pixels, whole(pixels), whiteText)).toBeGreaterThan(2_000);
    await saveSample('text-to-image-chinese', image);
  });
});

describe('edits start from the reference', () => {
  let reference: Buffer;
  let referenceUrl: string;

  beforeAll(async () => {
    reference = await structuredReference();
    referenceUrl = await sim.uploadUrl(reference);
  });

  it('a mask repaints only its transparent area; the opaque area keeps the reference pixels', async () => {
    const maskUrl = await sim.uploadUrl(await halfMask('left'));
    const result = await rgbOf(await taskResult({ prompt: 'replace the left half with a garden', image_urls: [referenceUrl], mask_url: maskUrl }));
    const original = await rgbOf(reference);
    const kept = difference(result, original, RIGHT);
    expect(kept.max).toBe(0);
    const repainted = difference(result, original, LEFT);
    expect(repainted.mean).toBeGreaterThan(30);
    expect(repainted.changedShare).toBeGreaterThan(0.5);
  });

  it('the inverted mask gives the inverse: the other half repainted, this half kept', async () => {
    const maskUrl = await sim.uploadUrl(await halfMask('right'));
    const bytes = await taskResult({ prompt: 'replace the right half with the sea', image_urls: [referenceUrl], mask_url: maskUrl });
    const result = await rgbOf(bytes);
    const original = await rgbOf(reference);
    expect(difference(result, original, LEFT).max).toBe(0);
    const repainted = difference(result, original, RIGHT);
    expect(repainted.mean).toBeGreaterThan(30);
    expect(repainted.changedShare).toBeGreaterThan(0.5);
    await saveSample('masked-edit-reference', reference);
    await saveSample('masked-edit', bytes);
  });

  it('gen-image-2 renders the same picture on either channel: the summary of a forced-direct edit describes the forced-task result', async () => {
    const maskUrl = await sim.uploadUrl(await halfMask('left'));
    const body = { model: 'gen-image-2', prompt: 'a garden on the left', size: '1:1', image_urls: [referenceUrl], mask_url: maskUrl };
    try {
      await sim.admin('POST', '/settings', { genImage2Routing: 'direct' });
      const summary = await sim.post('/v1/images/generations', body);
      expect(summary.body).toMatchObject({ case: 'inpainting', data_count: 1 });
      await sim.admin('POST', '/settings', { genImage2Routing: 'task' });
      const encoded = (await taskResult(body)).toString('base64');
      expect(encoded.length).toBe(summary.body.b64_length);
      expect(encoded.startsWith(text(summary.body, 'b64_prefix'))).toBe(true);
      // And the result is the masked edit, not a text-to-image picture.
      expect(difference(await rgbOf(Buffer.from(encoded, 'base64')), await rgbOf(reference), RIGHT).max).toBe(0);
    } finally {
      await sim.admin('POST', '/settings', { genImage2Routing: 'request' });
    }
  });

  it('image-to-image results correlate with their reference, not with another picture', async () => {
    const [result] = await directImages({
      model: 'nova-3.1-flash-image',
      prompt: 'the same tiles at night',
      size: '1024x1024',
      image_urls: [{ url: referenceUrl }],
    });
    const [unrelated] = await directImages({ model: 'nova-3.1-flash-image', prompt: 'the same tiles at night', size: '1024x1024' });
    if (!result || !unrelated) throw new Error('images expected');
    const original = await rgbOf(reference);
    expect(correlation(await rgbOf(result), original)).toBeGreaterThan(0.6);
    expect(Math.abs(correlation(await rgbOf(unrelated), original))).toBeLessThan(0.3);
  });

  it('the unnamed image model also starts from its reference', async () => {
    const [result] = await directImages({ model: 'lumen-image-1', prompt: 'the tiles, unnamed', size: '1024x1024', image_urls: [referenceUrl] });
    if (!result) throw new Error('an image expected');
    expect(correlation(await rgbOf(result), await rgbOf(reference))).toBeGreaterThan(0.6);
  });

  it('several references appear as a strip of thumbnails over the first one', async () => {
    const solid = (fill: string, shape: string): Promise<Buffer> =>
      sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" fill="${fill}"/>${shape}</svg>`))
        .png()
        .toBuffer();
    const red = await solid('#d02020', '<circle cx="256" cy="256" r="150" fill="#fff"/>');
    const green = await solid('#20a020', '<rect x="100" y="100" width="312" height="80" fill="#fff"/>');
    const blue = await solid('#2020d0', '<path d="M256 80 L440 420 L72 420 Z" fill="#fff"/>');
    const urls = await Promise.all([red, green, blue].map((bytes) => sim.uploadUrl(bytes)));
    const isGreen = (r: number, g: number, b: number): boolean => g > 130 && r < 80 && b < 80;
    const isBlue = (r: number, g: number, b: number): boolean => b > 160 && r < 80 && g < 80;
    const top: Region = { left: 0, top: 0, width: SIDE, height: Math.round(SIDE * 0.3) };

    const stripped = await taskResult({ prompt: 'combine these three', image_urls: urls });
    const strip = await rgbOf(stripped);
    expect(countPixels(strip, top, isGreen)).toBeGreaterThan(3_000);
    expect(countPixels(strip, top, isBlue)).toBeGreaterThan(3_000);
    // The base is the first reference.
    expect(correlation(strip, await rgbOf(red, { width: SIDE, height: SIDE }), { left: 0, top: 300, width: SIDE, height: 200 })).toBeGreaterThan(0.5);

    const single = await rgbOf(await taskResult({ prompt: 'just this one', image_urls: [urls[0]] }));
    expect(countPixels(single, top, isGreen) + countPixels(single, top, isBlue)).toBe(0);
    await saveSample('reference-strip', stripped);
  });
});
