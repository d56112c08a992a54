import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FormValues } from '../../../src/shared/catalog';
import { GatewayError } from '../../../src/main/core/gateway/gateway-error';
import { InvalidRequestError } from '../../../src/main/core/gateway/invalid-request';
import { uploadReferences } from '../../../src/main/core/gateway/references';
import { startTestGateway, variant, waitForTask, writeImage, type TestGateway } from './harness';

const SUBMIT = 'POST /v1/images/generations';
const ref = (n: number) => `https://cdn.example/ref-${n}.png`;
const refs = (count: number) => Array.from({ length: count }, (_unused, i) => ref(i + 1));

let gw: TestGateway;
let dir: string;
beforeAll(async () => {
  gw = await startTestGateway();
  dir = await mkdtemp(join(tmpdir(), 'atelier-images-'));
});
afterAll(async () => {
  await gw.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => gw.reset());

/** Each case must be refused locally with a message matching the pattern. */
type LimitCase = [name: string, values: FormValues, message: RegExp];

const limits: Record<string, LimitCase[]> = {
  'image.gen-image-2.direct': [
    ['prompt over 32000 characters', { prompt: 'x'.repeat(32_001) }, /prompt: at most 32000 characters/],
    ['a size outside the table', { prompt: 'p', size: '1536x1024' }, /size: "1536x1024" is not an allowed size/],
    ['5 reference images', { prompt: 'p', reference_images: refs(5) }, /reference_images: at most 4 images/],
    ['Base64 instead of a URL', { prompt: 'p', reference_images: ['data:image/png;base64,iVBORw0KGgo='] }, /upload the file first/],
    ['webp output', { prompt: 'p', output_format: 'webp' }, /output_format: must be one of png, jpeg/],
    ['an unknown quality', { prompt: 'p', quality: 'ultra' }, /quality: must be one of low, medium, high/],
  ],
  'image.gen-image-2.edit': [
    ['no image to edit', { prompt: 'p' }, /image_urls: at least 1 image required/],
    ['5 images', { prompt: 'p', image_urls: refs(5) }, /image_urls: at most 4 images/],
  ],
  'image.gen-image-2.task': [
    ['1:1 at 4K', { prompt: 'p', size: { tier: '4K', ratio: '1:1' } }, /size: 1:1 is not available at 4K/],
    ['n = 11', { prompt: 'p', n: 11 }, /n: must be a whole number from 1 to 10/],
    ['compression 101', { prompt: 'p', output_format: 'jpeg', output_compression: 101 }, /output_compression: must be a whole number from 0 to 100/],
    ['17 references', { prompt: 'p', image_urls: refs(17) }, /image_urls: at most 16 images/],
    ['a mask without references', { prompt: 'p', mask_url: 'https://cdn.example/m.png' }, /mask_url: requires image_urls/],
  ],
  'image.nova-3.1-flash-image': [['5 references', { prompt: 'p', image_urls: refs(5) }, /image_urls: at most 4 images/]],
  'image.nova-3-pro-image': [
    ['a pixel size outside the tables', { prompt: 'p', size: '1536x1024' }, /size: "1536x1024" is not an allowed size/],
    ['a missing prompt', {}, /prompt: required/],
  ],
  'image.nova-3-pro-image.official': [
    ['n = 2', { prompt: 'p', n: 2 }, /\bn: /],
    ['15 references', { prompt: 'p', image_urls: refs(15) }, /image_urls: at most 14 images/],
    ['temperature 2.5', { prompt: 'p', 'metadata.temperature': 2.5 }, /metadata\.temperature: /],
    ['topP 1.5', { prompt: 'p', 'metadata.topP': 1.5 }, /metadata\.topP: /],
    ['thinking budget 30000', { prompt: 'p', 'metadata.thinkingConfig.thinkingBudget': 30_000 }, /metadata\.thinkingConfig\.thinkingBudget: /],
    ['a ratio it does not offer', { prompt: 'p', size: '2:1' }, /size: "2:1" is not an allowed/],
  ],
};

describe('every image variant refuses its limits locally, sending nothing', () => {
  for (const [id, cases] of Object.entries(limits)) {
    it(id, async () => {
      const client = gw.client();
      for (const [name, values, message] of cases) {
        const attempt = client.generation.submit(variant(id), values);
        await expect(attempt, name).rejects.toBeInstanceOf(InvalidRequestError);
        await expect(attempt, name).rejects.toThrow(message);
      }
      const stats = await gw.stats();
      expect(stats.requests[SUBMIT] ?? 0).toBe(0);
      expect(stats.totalSubmissions).toBe(0);
    });
  }
});

describe('direct and summary variants', () => {
  it('variant A: text-to-image answers with a Base64 image of the requested size', async () => {
    const result = await gw.client().generation.submit(variant('image.gen-image-2.direct'), { prompt: 'a lighthouse', size: '1280x720' });
    if (result.style !== 'direct') throw new Error(result.style);
    const b64 = result.images[0]?.b64;
    expect(b64).toBeDefined();
    const meta = await sharp(Buffer.from(b64 ?? '', 'base64')).metadata();
    expect([meta.width, meta.height]).toEqual([1280, 720]);
  });

  it('variant A edit mode: uploaded references and a matching mask answer with the summary object', async () => {
    const client = gw.client();
    const entry = variant('image.gen-image-2.edit');
    const photo = await writeImage(dir, 'photo.png', { width: 96, height: 64, seed: 5 });
    const mask = await writeImage(dir, 'mask.png', { width: 96, height: 64, alpha: true, seed: 6 });
    const prepared = await uploadReferences(
      client.uploads,
      entry,
      [
        { field: 'image_urls', path: photo },
        { field: 'mask_url', path: mask },
      ],
      { prompt: 'make it snow' },
    );
    expect(await gw.requests('POST /v1/uploads/images')).toBe(2);
    const result = await client.generation.submit(entry, prepared.values);
    if (result.style !== 'summary') throw new Error(result.style);
    expect(result.summary.b64_length).toBeGreaterThan(0);
    expect(result.summary.b64_prefix?.length).toBeGreaterThan(0);
  });

  it('refuses a mask of the wrong size or without alpha before uploading anything', async () => {
    const client = gw.client();
    const entry = variant('image.gen-image-2.edit');
    const photo = await writeImage(dir, 'photo2.png', { width: 96, height: 64, seed: 7 });
    const smallMask = await writeImage(dir, 'small-mask.png', { width: 48, height: 32, alpha: true, seed: 8 });
    const opaqueMask = await writeImage(dir, 'opaque-mask.png', { width: 96, height: 64, seed: 9 });
    const cases: [string, string, RegExp][] = [
      ['mask_url', smallMask, /the mask is 48x32 but the first image of image_urls is 96x64/],
      ['mask_url', opaqueMask, /PNG with an alpha channel/],
    ];
    for (const [field, path, message] of cases) {
      const attempt = uploadReferences(
        client.uploads,
        entry,
        [
          { field: 'image_urls', path: photo },
          { field, path },
        ],
        { prompt: 'p' },
      );
      await expect(attempt).rejects.toThrow(message);
    }
    // Variant A takes references of at most 2 MB: a noisy 1200x1200 PNG is larger.
    const noisy = join(dir, 'noisy.png');
    await sharp(randomBytes(1200 * 1200 * 3), {
      raw: { width: 1200, height: 1200, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toFile(noisy);
    await expect(uploadReferences(client.uploads, entry, [{ field: 'image_urls', path: noisy }], { prompt: 'p' })).rejects.toThrow(/exceeds the 2 MB limit/);
    expect(await gw.requests('POST /v1/uploads/images')).toBe(0);
  });

  it('variants C and D answer directly, with references as {url} objects', async () => {
    const client = gw.client();
    const flash = await client.generation.submit(variant('image.nova-3.1-flash-image'), {
      prompt: 'p',
      size: '1360x768',
      image_urls: refs(2),
      tools: ['web_search'],
    });
    const pro = await client.generation.submit(variant('image.nova-3-pro-image'), { prompt: 'p', size: '1024x1024' });
    for (const result of [flash, pro]) {
      expect(result.style).toBe('direct');
      if (result.style === 'direct') expect(result.images[0]?.b64).toBeTruthy();
    }
  });
});

describe('task variants', () => {
  it('variant B: a task is submitted once, polled until completed with a result URL', async () => {
    const client = gw.client();
    const entry = variant('image.gen-image-2.task');
    const submitted = await client.generation.submit(entry, { prompt: '一只猫', size: { tier: '2K', ratio: '16:9' } });
    if (submitted.style !== 'task') throw new Error(submitted.style);
    // A task the demo gateway took may already have started by the time its answer is written (a busy machine).
    expect(['queued', 'running']).toContain(submitted.task.state);
    expect(submitted.pollPath).toBe(`/v1/images/generations/${submitted.task.taskId}`);
    const done = await waitForTask(client, entry, submitted.task.taskId);
    expect(done).toMatchObject({ state: 'completed', progress: 100 });
    expect(done.resultUrls).toHaveLength(1);
    expect(done.expiresAt).toBeGreaterThan(done.completedAt ?? 0);
    expect((await gw.stats()).submissions['gen-image-2']).toBe(1);
  });

  it('variant E: the official nova task completes', async () => {
    const client = gw.client();
    const entry = variant('image.nova-3-pro-image.official');
    const submitted = await client.generation.submit(entry, { prompt: 'p', size: '4:3', 'metadata.resolution': '2K' });
    if (submitted.style !== 'task') throw new Error(submitted.style);
    const done = await waitForTask(client, entry, submitted.task.taskId);
    expect(done.state).toBe('completed');
    expect(done.resultUrls.length).toBeGreaterThan(0);
  });

  it('a failed task is reported with its error message', async () => {
    await gw.addFault({ kind: 'task-failure', message: 'content policy violation' });
    const client = gw.client();
    const entry = variant('image.gen-image-2.task');
    const submitted = await client.generation.submit(entry, { prompt: 'p' });
    if (submitted.style !== 'task') throw new Error(submitted.style);
    const done = await waitForTask(client, entry, submitted.task.taskId);
    expect(done).toMatchObject({ state: 'failed', errorMessage: expect.stringMatching(/content policy violation/) as unknown });
  });

  it('polling an unknown task id gives task_not_exist, not retried', async () => {
    const error: unknown = await gw
      .client()
      .tasks.pollImage('task_doesnotexist')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ status: 400, code: 'task_not_exist', knownCase: 'task_not_found', shape: 'task', attempts: 1 });
  });

  it('a submission whose connection drops after it was read is unknown, not retried, submitted once', async () => {
    await gw.addFault({ kind: 'drop-connection', phase: 'after-request-read', route: SUBMIT });
    const error: unknown = await gw
      .client()
      .generation.submit(variant('image.gen-image-2.task'), { prompt: 'p' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ kind: 'connection', mayHaveReachedServer: true, outcomeUnknown: true, attempts: 1 });
    expect(await gw.requests(SUBMIT)).toBe(1);
  });

  it('normalises the variant B error rows: 400, 401, 422, 429 and 500', async () => {
    const client = gw.client();
    const entry = variant('image.gen-image-2.task');
    const prepared = client.generation.prepare(entry, { prompt: 'p' });
    // A 500 may come after the task was made (and charged): its outcome is unknown, never retried.
    const rows: [Record<string, unknown>, number, string, boolean][] = [
      [
        { kind: 'error', status: 400, route: SUBMIT, count: 1, body: { error: { message: 'Bad Request', type: 'invalid_request_error' } } },
        400,
        'bad_request',
        false,
      ],
      [{ kind: 'error', status: 422, route: SUBMIT, count: 1, body: { error: { message: 'Unprocessable Entity' } } }, 422, 'bad_request', false],
      [{ kind: 'error', status: 500, route: SUBMIT, count: 1 }, 500, 'server_error', true],
      [{ kind: 'rate-limit', route: SUBMIT, count: 1, retryAfterSeconds: null }, 429, 'rate_limited', false],
    ];
    for (const [fault, status, knownCase, outcomeUnknown] of rows) {
      await gw.addFault(fault);
      const error: unknown = await client.generation.send(prepared).catch((e: unknown) => e);
      expect(error).toMatchObject({ status, knownCase, attempts: 1, outcomeUnknown });
    }
    const unauthorized: unknown = await gw
      .client({ apiKey: 'sk-notakeynotakeynotakey' })
      .generation.send(prepared)
      .catch((e: unknown) => e);
    expect(unauthorized).toMatchObject({ status: 401, knownCase: 'unauthorized' });
    expect(await gw.requests(SUBMIT)).toBe(5);
  });
});

describe('the answer decides the style, not the variant', () => {
  it('a direct request answered with a task is followed on the image task route', async () => {
    await gw.admin('POST', '/settings', { genImage2Routing: 'task' });
    const client = gw.client();
    const submitted = await client.generation.submit(variant('image.gen-image-2.direct'), { prompt: 'a lighthouse', size: '1280x720' });
    expect(submitted).toMatchObject({ expected: 'direct', style: 'task' });
    if (submitted.style !== 'task') throw new Error(submitted.style);
    expect(submitted.pollPath).toBe(`/v1/images/generations/${submitted.task.taskId}`);
    expect(submitted.poll).toMatchObject({ cadence: 'image', deadlineMs: 300_000 });
    const done = await client.tasks.pollPath(submitted.pollPath, submitted.poll.cadence);
    expect(['queued', 'running', 'completed']).toContain(done.state);
  });

  it('a task request answered directly gives its images, and an edit answered by the task channel a task', async () => {
    const client = gw.client();
    await gw.admin('POST', '/settings', { genImage2Routing: 'direct' });
    const direct = await client.generation.submit(variant('image.gen-image-2.task'), { prompt: 'a cat', size: { tier: '1K', ratio: '16:9' } });
    expect(direct).toMatchObject({ expected: 'task', style: 'direct', rawAnswer: undefined });
    if (direct.style !== 'direct') throw new Error(direct.style);
    const meta = await sharp(Buffer.from(direct.images[0]?.b64 ?? '', 'base64')).metadata();
    expect([meta.width, meta.height]).toEqual([1536, 864]);
    await gw.admin('POST', '/settings', { genImage2Routing: 'task' });
    const edit = await client.generation.submit(variant('image.gen-image-2.edit'), { prompt: 'snow', image_urls: refs(2) });
    expect(edit).toMatchObject({ expected: 'summary', style: 'task' });
  });
});
