/**
 * Interface sections "POST /v1/images/generations" task variants B (gen-image-2 with a ratio
 * size) and E (nova official), "GET /v1/images/generations/{task_id}", the image error table
 * (400, 401, 422, 429, 500) and the task life cycle with expiry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaSim, at, download, finished, imageFacts, noisyPng, png, text } from './media-harness';
import type { Json } from './media-harness';

let sim: MediaSim;
let smallPng: string;
let bigPng: string;

beforeAll(async () => {
  sim = await MediaSim.start();
  smallPng = await sim.uploadUrl(await png(64, 64));
  bigPng = await sim.uploadUrl(await noisyPng());
});
afterAll(() => sim.close());

const generate = (body: Record<string, unknown>) => sim.post('/v1/images/generations', body);
const b = (extra: Record<string, unknown> = {}) => generate({ model: 'gen-image-2', prompt: '一只猫', size: '1:1', ...extra });
const e = (extra: Record<string, unknown> = {}) => generate({ model: 'nova-3-pro-image-preview-official', prompt: 'a quiet harbour', ...extra });

async function completed(taskId: string): Promise<Json> {
  const seen = await sim.pollUntil(`/v1/images/generations/${taskId}`, finished);
  return seen[seen.length - 1] ?? {};
}

/** Downloads every result image of a completed task and reads format and size. */
async function resultImages(task: Json): Promise<{ format: string | undefined; width: number; height: number }[]> {
  const items = at(task, 'result.data') as unknown[];
  return Promise.all(
    items.map(async (item) => {
      const file = await download(text(item, 'url'));
      expect(file.status).toBe(200);
      expect(file.length).toBe(file.bytes.length);
      return imageFacts(file.bytes);
    }),
  );
}

describe('variant B: gen-image-2 with a ratio size is a task', () => {
  it('submission answers a queued generation.task with progress 0; polling walks to completed', async () => {
    const submitted = await b({ size: '16:9' });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ object: 'generation.task', model: 'gen-image-2', status: 'queued', progress: 0 });
    expect(typeof submitted.body.created_at).toBe('number');
    expect(submitted.body.result).toBeUndefined();
    expect(submitted.body.completed_at).toBeUndefined();

    const seen = await sim.pollUntil(`/v1/images/generations/${text(submitted.body, 'id')}`, finished);
    const statuses = seen.map((body) => body.status);
    expect(statuses).toContain('completed');
    const progress = seen.map((body) => body.progress as number);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
    for (const body of seen.filter((item) => item.status === 'in_progress')) {
      expect(body.progress).toBeGreaterThan(0);
      expect(body.progress).toBeLessThan(100);
      expect(body.result).toBeUndefined();
    }
    const done = seen[seen.length - 1] ?? {};
    expect(done.progress).toBe(100);
    expect(typeof done.completed_at).toBe('number');
    expect(done.expires_at).toBe((done.completed_at as number) + 24 * 3600);
    expect(await resultImages(done)).toEqual([{ format: 'png', width: 1536, height: 864 }]);
  });

  it.each([
    ['1:1', '1K', 1024, 1024],
    ['21:9', '2K', 2688, 1152],
    ['9:16', '4K', 2160, 3840],
    ['5:4', '2K', 2560, 2048],
  ])('size %s at %s gives %ix%i', async (size, resolution, width, height) => {
    const submitted = await b({ size, resolution });
    expect(submitted.status).toBe(200);
    expect(await resultImages(await completed(text(submitted.body, 'id')))).toEqual([{ format: 'png', width, height }]);
  });

  it('400 for an invalid size and resolution combination', async () => {
    const refused = await b({ size: '1:1', resolution: '4K' });
    expect(refused.status).toBe(400);
    expect(text(refused.body, 'error.message')).toMatch(/size and resolution/);
    expect((await b({ size: '7:5' })).status).toBe(400);
    expect((await b({ resolution: '8K' })).status).toBe(400);
  });

  it('n: at most 4 images per request even when n asks for up to 10; 11 refused', async () => {
    const many = await b({ n: 10 });
    expect(many.status).toBe(200);
    expect(at(await completed(text(many.body, 'id')), 'result.data')).toHaveLength(4);
    const two = await b({ n: 2 });
    expect(at(await completed(text(two.body, 'id')), 'result.data')).toHaveLength(2);
    expect((await b({ n: 11 })).status).toBe(400);
    expect((await b({ n: 0 })).status).toBe(400);
  });

  it('output_format jpeg with output_compression 0-100; 101 refused; webp refused', async () => {
    const light = await b({ output_format: 'jpeg', output_compression: 0 });
    const heavy = await b({ output_format: 'jpeg', output_compression: 100 });
    const [lightImage] = await resultImages(await completed(text(light.body, 'id')));
    expect(lightImage).toEqual({ format: 'jpeg', width: 1024, height: 1024 });
    const lightFile = await download(text(await completed(text(light.body, 'id')), 'result.data.0.url'));
    const heavyFile = await download(text(await completed(text(heavy.body, 'id')), 'result.data.0.url'));
    expect(heavyFile.length).toBeLessThan(lightFile.length);
    expect((await b({ output_format: 'jpeg', output_compression: 101 })).status).toBe(400);
    expect((await b({ output_format: 'webp' })).status).toBe(400);
  });

  it('image_urls: 16 accepted, 17 refused; files over 2MB are fine (limit 50MB)', async () => {
    expect((await b({ image_urls: Array(16).fill(smallPng) })).status).toBe(200);
    expect((await b({ image_urls: Array(17).fill(smallPng) })).status).toBe(400);
    expect((await b({ image_urls: [bigPng] })).status).toBe(200);
  });

  it('422 for Base64 images and for a mask whose size differs from the first reference', async () => {
    const b64 = (await png(8, 8)).toString('base64');
    const base64 = await b({ image_urls: [b64] });
    expect(base64.status).toBe(422);
    expect(text(base64.body, 'error.message')).toMatch(/upload/i);
    const mask = await sim.uploadUrl(await png(32, 32, true));
    expect((await b({ image_urls: [smallPng], mask_url: mask })).status).toBe(422);
    const fitting = await sim.uploadUrl(await png(64, 64, true));
    expect((await b({ image_urls: [smallPng], mask_url: fitting })).status).toBe(200);
    expect((await b({ mask_url: fitting })).status).toBe(400);
  });

  it('background transparent is accepted and silently gives an opaque picture', async () => {
    const submitted = await b({ background: 'transparent' });
    expect(submitted.status).toBe(200);
    const task = await completed(text(submitted.body, 'id'));
    const file = await download(text(task, 'result.data.0.url'));
    const { default: sharp } = await import('sharp');
    expect((await sharp(file.bytes).metadata()).hasAlpha).toBe(false);
  });
});

describe('variant E: nova-3-pro-image-preview-official is a task', () => {
  it('default 1:1 at 1K; metadata carries the size', async () => {
    const submitted = await e();
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ object: 'generation.task', status: 'queued', progress: 0 });
    expect(at(submitted.body, 'metadata.size')).toBe('1024x1024');
    expect(await resultImages(await completed(text(submitted.body, 'id')))).toEqual([{ format: 'png', width: 1024, height: 1024 }]);
  });

  it('size ratio with metadata.resolution; imageOutputOptions picks the encoding', async () => {
    const jpeg = await e({
      size: '16:9',
      metadata: { resolution: '2K', imageOutputOptions: { mimeType: 'image/jpeg', compressionQuality: 80 } },
    });
    expect(await resultImages(await completed(text(jpeg.body, 'id')))).toEqual([{ format: 'jpeg', width: 2752, height: 1536 }]);
    const webp = await e({ size: '3:4', metadata: { imageOutputOptions: { mimeType: 'image/webp' } } });
    expect(await resultImages(await completed(text(webp.body, 'id')))).toEqual([{ format: 'webp', width: 896, height: 1200 }]);
  });

  it('rejects sizes outside its ratio list and n other than 1', async () => {
    expect((await e({ size: '2:1' })).status).toBe(400);
    expect((await e({ size: '1024x1024' })).status).toBe(400);
    expect((await e({ n: 1 })).status).toBe(200);
    expect((await e({ n: 2 })).status).toBe(400);
  });

  it('image_urls: 14 accepted, 15 refused; Base64 refused with 422', async () => {
    expect((await e({ image_urls: Array(14).fill(smallPng) })).status).toBe(200);
    expect((await e({ image_urls: Array(15).fill(smallPng) })).status).toBe(400);
    const b64 = (await png(8, 8)).toString('base64');
    expect((await e({ image_urls: [`data:image/png;base64,${b64}`] })).status).toBe(422);
  });

  it.each([
    [{ temperature: 2 }, { temperature: 2.1 }],
    [{ temperature: 0 }, { temperature: -0.1 }],
    [{ topP: 1 }, { topP: 1.01 }],
    [{ maxOutputTokens: 32_768 }, { maxOutputTokens: 0 }],
    [{ resolution: '4K' }, { resolution: '8K' }],
    [{ personGeneration: 'ALLOW_ADULT' }, { personGeneration: 'ALLOW_SOME' }],
    [{ thinkingConfig: { thinkingBudget: 24_576 } }, { thinkingConfig: { thinkingBudget: 24_577 } }],
    [{ thinkingConfig: { thinkingLevel: 'MINIMAL' } }, { thinkingConfig: { thinkingLevel: 'MAX' } }],
    [{ imageOutputOptions: { mimeType: 'image/png' } }, { imageOutputOptions: { mimeType: 'image/gif' } }],
    [{ imageOutputOptions: { mimeType: 'image/jpeg', compressionQuality: 100 } }, { imageOutputOptions: { mimeType: 'image/jpeg', compressionQuality: 101 } }],
    [
      { safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_ONLY_HIGH' }] },
      { safetySettings: [{ category: 'HARM_CATEGORY_SPAM', threshold: 'OFF' }] },
    ],
  ])('metadata %j accepted, %j refused', async (accepted, refused) => {
    expect((await e({ metadata: accepted })).status).toBe(200);
    const rejection = await e({ metadata: refused });
    expect(rejection.status).toBe(400);
    expect(text(rejection.body, 'error.param')).toMatch(/^metadata\./);
  });
});

describe('GET /v1/images/generations/{task_id}', () => {
  it('unknown ids answer 400 task_not_exist; tasks of another account do not exist for the caller', async () => {
    const unknown = await sim.get('/v1/images/generations/task_doesnotexist');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'task_not_exist', data: null });
    expect(typeof unknown.body.message).toBe('string');
    const mine = await b();
    const other = await sim.otherAccountKey();
    const foreign = await sim.get(`/v1/images/generations/${text(mine.body, 'id')}`, other);
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('task_not_exist');
  });

  it('a failing task ends failed with error.message and no result, and is refunded', async () => {
    await sim.fault({ kind: 'task-failure', route: 'POST /v1/images/generations', count: 1, message: 'upstream refused the prompt' });
    const before = await sim.get('/v1/balance');
    const submitted = await b();
    const charged = await sim.get('/v1/balance');
    expect(charged.body.used_credits).toBeGreaterThan(before.body.used_credits as number);
    const task = await completed(text(submitted.body, 'id'));
    expect(task.status).toBe('failed');
    expect(at(task, 'error.message')).toBe('upstream refused the prompt');
    expect(task.result).toBeUndefined();
    expect(task.completed_at).toBeUndefined();
    const after = await sim.get('/v1/balance');
    expect(after.body.used_credits).toBe(before.body.used_credits);
  });

  it('result addresses expire: 410 after expires_at (early expiry fault and the regular TTL)', async () => {
    await sim.fault({ kind: 'result-expiry', route: 'POST /v1/images/generations', count: 1, afterMs: 0 });
    const early = await completed(text((await b()).body, 'id'));
    expect(early.expires_at).toBe(early.completed_at);
    expect((await download(text(early, 'result.data.0.url'))).status).toBe(410);

    const regular = await completed(text((await b()).body, 'id'));
    const url = text(regular, 'result.data.0.url');
    expect((await download(url)).status).toBe(200);
    await sim.advanceClock(24 * 3600 * 1000 + 1000);
    try {
      expect((await download(url)).status).toBe(410);
      // The expired result cannot be used as a reference either.
      expect((await b({ image_urls: [url] })).status).toBe(422);
    } finally {
      await sim.admin('POST', '/clock', { offsetMs: 0 });
    }
  });
});

describe('image error table (variant B)', () => {
  it('401 without a key or with an invalid key', async () => {
    expect((await sim.post('/v1/images/generations', { model: 'gen-image-2', prompt: 'x', size: '1:1' }, null)).status).toBe(401);
    expect((await sim.post('/v1/images/generations', { model: 'gen-image-2', prompt: 'x', size: '1:1' }, 'sk-wrong')).status).toBe(401);
  });

  it('429 when the rate is exceeded', async () => {
    await sim.fault({ kind: 'rate-limit', route: 'POST /v1/images/generations', count: 1 });
    const limited = await b();
    expect(limited.status).toBe(429);
  });

  it('500 on a server fault', async () => {
    await sim.fault({ kind: 'error', status: 500, route: 'POST /v1/images/generations', count: 1 });
    expect((await b()).status).toBe(500);
    expect((await b()).status).toBe(200);
  });

  it('a video model is not an image model', async () => {
    expect((await generate({ model: 'clip-3.0-turbo', prompt: 'x' })).status).toBe(400);
  });
});
