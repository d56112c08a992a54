import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../src/shared/contract';
import { sayInEnglish, sharedTranslator } from '../../../src/shared/i18n/locales';
import { say, type Words } from '../../../src/shared/i18n/translate';
import { createStudio, type Studio } from '../../../src/main/core/studio';
import { testStudioPlatform } from '../../helpers/studio';
import { startTestGateway, writeImage, type TestGateway } from './harness';

let gw: TestGateway;
let dataDir: string;
let studio: Studio;

function newStudio(dir: string): Studio {
  return createStudio(testStudioPlatform(dir));
}

async function call<T = Record<string, unknown>>(route: string, input: unknown = {}): Promise<T> {
  const envelope = await studio.router.dispatch(route, input);
  if (!envelope.ok) throw new Error(`${route}: ${envelope.error.code}: ${envelope.error.message}`);
  return envelope.value as T;
}

async function failure(route: string, input: unknown = {}): Promise<Extract<Envelope<unknown>, { ok: false }>['error']> {
  const envelope = await studio.router.dispatch(route, input);
  if (envelope.ok) throw new Error(`${route} should have failed`);
  return envelope.error;
}

/** Points the studio at a gateway with a key, as the settings page does. */
async function useGateway(baseUrl: string, apiKey: string | undefined, name = 'Test gateway'): Promise<void> {
  const profile = await call<{ id: string }>('profiles.save', { name, baseUrl });
  if (apiKey !== undefined) await call('profiles.set_api_key', { id: profile.id, apiKey });
  await call('settings.update', { activeProfileId: profile.id });
}

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => gw.close());
beforeEach(async () => {
  await gw.reset();
  dataDir = await mkdtemp(join(tmpdir(), 'atelier-routes-'));
  studio = newStudio(dataDir);
  return async () => {
    await studio.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
});

interface ModelRow {
  id: string;
  type: string;
  responsesOnly: boolean;
  variants: {
    id: string;
    kind: string;
    generic: boolean;
    channel: { usually: string; label: Words; note: Words | null } | null;
  }[];
}

describe('models.list', () => {
  it('lists the demo gateway’s models with their catalog variants', async () => {
    const { models, demoMode } = await call<{ models: ModelRow[]; demoMode: boolean }>('models.list');
    expect(demoMode).toBe(true);
    const byId = new Map(models.map((model) => [model.id, model]));
    expect(byId.get('gen-image-2')).toMatchObject({ type: 'image' });
    expect(byId.get('gen-image-2')?.variants.map((v) => v.id)).toEqual(['image.gen-image-2.direct', 'image.gen-image-2.edit', 'image.gen-image-2.task']);
    const vid = byId.get('vid-2')?.variants.map((v) => v.id) ?? [];
    expect(vid).toEqual(expect.arrayContaining(['video.vid-2.character', 'video.remix.vid-2']));
    expect(byId.get('gen-5-pro-official')).toMatchObject({ type: 'text', responsesOnly: true, variants: [] });
    expect(byId.get('chat-sonnet-4-6')).toMatchObject({ type: 'text', responsesOnly: false });
    expect(byId.get('tone-speech-1')).toMatchObject({ type: 'audio', variants: [] });
  });

  it('shows the channel each gen-image-2 variant usually reaches, and that the gateway decides', async () => {
    const { models } = await call<{ models: ModelRow[] }>('models.list');
    const variants = models.find((model) => model.id === 'gen-image-2')?.variants ?? [];
    expect(variants.map((variant) => [variant.id, variant.channel?.usually, variant.channel && say(variant.channel.label, sharedTranslator('zh-CN'))])).toEqual(
      [
        ['image.gen-image-2.direct', 'direct', '通常直接返回'],
        ['image.gen-image-2.edit', 'direct', '通常直接返回'],
        ['image.gen-image-2.task', 'queued', '通常排队处理'],
      ],
    );
    for (const variant of variants) expect(variant.channel?.note && sayInEnglish(variant.channel.note)).toMatch(/decides which channel serves it/);
  });

  it('lists the demo gateway’s models the catalog does not know, each with its generic variant', async () => {
    const { models } = await call<{ models: ModelRow[] }>('models.list');
    const byId = new Map(models.map((model) => [model.id, model]));
    expect(byId.get('lumen-image-1')).toMatchObject({
      type: 'image',
      variants: [{ id: 'image.generic:lumen-image-1', kind: 'image', generic: true, channel: null }],
    });
    expect(byId.get('lumen-video-1')).toMatchObject({
      type: 'video',
      variants: [{ id: 'video.generic:lumen-video-1', kind: 'video', generic: true, channel: { usually: 'queued', note: null } }],
    });
  });

  it('lists only what the profile’s key may use', async () => {
    const { key } = await gw.createKey({ model_limits_enabled: true, model_limits: 'gen-image-2,clip-3.0-turbo' });
    await useGateway(gw.sim.url, key);
    const { models, demoMode } = await call<{ models: ModelRow[]; demoMode: boolean }>('models.list');
    expect(demoMode).toBe(false);
    expect(models.map((model) => model.id).sort()).toEqual(['clip-3.0-turbo', 'gen-image-2']);
  });

  it('gives models the catalog does not know a generic variant of their type', async () => {
    // Another deployment: a plain HTTP server answering the model lists with unfamiliar models.
    const lists: Record<string, unknown[]> = {
      all: [
        { id: 'mystery-image-x', object: 'model', supported_endpoint_types: ['image_generation'] },
        { id: 'mystery-video-y', object: 'model' },
        { id: 'mystery-chat-z', object: 'model', supported_endpoint_types: ['chat_completions'] },
        { object: 'model' },
      ],
      image: [{ id: 'mystery-image-x' }],
      video: [{ id: 'mystery-video-y' }],
    };
    const server: Server = createServer((request, response) => {
      const type = new URL(request.url ?? '/', 'http://x').searchParams.get('type') ?? 'text';
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ success: true, object: 'list', data: lists[type] ?? [] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      await useGateway(`http://127.0.0.1:${port}`, 'sk-anything-goes-here');
      const { models } = await call<{ models: ModelRow[] }>('models.list');
      expect(models.map((model) => [model.id, model.type, model.variants.map((v) => `${v.id}:${v.generic}`)])).toEqual([
        ['mystery-image-x', 'image', ['image.generic:mystery-image-x:true']],
        ['mystery-video-y', 'video', ['video.generic:mystery-video-y:true']],
        ['mystery-chat-z', 'text', []],
      ]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('answers a rate limit as rate_limited with the gateway’s text', async () => {
    await useGateway(gw.sim.url, gw.sim.demoKey);
    await gw.addFault({ kind: 'rate-limit', route: 'GET /v1/models', retryAfterSeconds: 120 });
    const error = await failure('models.list');
    expect(error.code).toBe('rate_limited');
    expect(error.message).toMatch(/Too many requests.*请求过于频繁/);
  });
});

describe('account routes', () => {
  it('reads both balance levels in credits and pushes them as an event', async () => {
    await useGateway(gw.sim.url, gw.sim.demoKey);
    const pushed: unknown[] = [];
    studio.bus.subscribe((name, payload) => {
      if (name === 'account.balance') pushed.push(payload);
    });
    const balance = await call('account.get_balance');
    expect(balance).toMatchObject({
      demoMode: false,
      token: { remainCredits: 4000, unlimited: false, creditsPerUsd: 200 },
      user: { remainCredits: 20000 },
      userError: null,
    });
    expect(pushed).toEqual([balance]);
  });

  it('still answers the token level when the user level fails', async () => {
    await useGateway(gw.sim.url, gw.sim.demoKey);
    await gw.addFault({ kind: 'account-failure', failure: 'user-quota' });
    const balance = await call<{ user: unknown; userError: string }>('account.get_balance');
    expect(balance.user).toBeNull();
    expect(balance.userError).toMatch(/获取用户额度失败/);
  });

  it('reports a bad key as unauthorized, a profile without key clearly, and never returns the key', async () => {
    await useGateway(gw.sim.url, 'sk-wrongwrongwrongwrong', 'Wrong key');
    const wrong = await failure('account.get_balance');
    expect(wrong).toMatchObject({ code: 'unauthorized', reason: 'gateway_key_rejected', gatewayMessage: '无效的令牌' });
    expect(JSON.stringify(wrong)).not.toContain('wrongwrongwrongwrong');

    await useGateway(gw.sim.url, undefined, 'No key');
    const missing = await failure('account.get_balance');
    expect(missing).toMatchObject({
      code: 'unauthorized',
      reason: 'missing_api_key',
      params: { profile: 'No key' },
      message: expect.stringMatching(/"No key" has no API key/) as unknown,
    });
  });

  it('creates a key once and hands it over; the key works', async () => {
    await useGateway(gw.sim.url, gw.sim.demoKey);
    const created = await call<{ key: string; remainCredits: number; modelLimits: string[] }>('account.create_token', {
      name: 'night batch',
      remainCredits: 120,
      modelLimits: ['gen-image-2'],
    });
    expect(created.key).toMatch(/^sk-/);
    expect(created).toMatchObject({ remainCredits: 120, modelLimits: ['gen-image-2'] });
    const client = gw.client({ apiKey: created.key });
    expect((await client.account.tokenBalance()).remainCredits).toBe(120);
    expect((await client.models.list('all')).map((model) => model.id)).toEqual(['gen-image-2']);
    // Nothing of the new key was written into the studio's settings.
    const settingsFile = await readFile(join(dataDir, 'settings.json'), 'utf8').catch(() => '');
    expect(settingsFile).not.toContain(created.key.replace(/^sk-/, ''));
    // The studio lists the keys it created (the interface cannot), never their secret.
    await studio.start();
    const listed = await call<unknown[]>('jobs.list_created_keys');
    expect(listed).toEqual([
      expect.objectContaining({
        name: 'night batch',
        purpose: 'account',
        remainCredits: 120,
        modelLimits: ['gen-image-2'],
        expiresAt: null,
        gateway: gw.sim.url,
      }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.key.replace(/^sk-/, ''));
  });

  it('refuses a name over 50 characters before anything is sent', async () => {
    await useGateway(gw.sim.url, gw.sim.demoKey);
    const error = await failure('account.create_token', { name: 'n'.repeat(51) });
    expect(error.code).toBe('invalid_input');
    expect(await gw.requests('POST /v1/tokens')).toBe(0);
  });
});

describe('uploads.add', () => {
  it('uploads dropped bytes once, with size, pixels and a small preview', async () => {
    await useGateway(gw.sim.url, gw.sim.demoKey);
    const path = await writeImage(dataDir, 'drop.png', { width: 800, height: 600, alpha: true, seed: 3 });
    const bytes = await readFile(path);
    const first = await call('uploads.add', { fileName: 'drop.png', bytes: bytes.toString('base64') });
    expect(first).toMatchObject({ mimeType: 'image/png', width: 800, height: 600, hasAlpha: true, size: bytes.length, reused: false });
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1/);
    const preview = String(first.previewDataUrl);
    expect(preview).toMatch(/^data:image\/webp;base64,/);
    const meta = await sharp(Buffer.from(preview.split(',')[1] ?? '', 'base64')).metadata();
    expect([meta.width, meta.height]).toEqual([320, 240]);

    // The same file again, as IPC would pass it (a Uint8Array): nothing is sent.
    const again = await call('uploads.add', { fileName: 'copy.png', bytes: new Uint8Array(bytes) });
    expect(again).toMatchObject({ url: first.url, reused: true, sha256: first.sha256 });
    expect(await gw.requests('POST /v1/uploads/images')).toBe(1);

    // The cache outlives the studio: a restarted studio on the same data folder sends nothing either.
    await studio.stop();
    studio = newStudio(dataDir);
    const afterRestart = await call('uploads.add', { fileName: 'drop.png', bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
    expect(afterRestart).toMatchObject({ url: first.url, reused: true });
    expect(await gw.requests('POST /v1/uploads/images')).toBe(1);
  });

  it('refuses a file that is not an image with a clear message', async () => {
    await useGateway(gw.sim.url, gw.sim.demoKey);
    const error = await failure('uploads.add', { fileName: 'notes.png', bytes: Buffer.from('hello').toString('base64') });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/notes\.png.*not an image/);
    expect(await gw.requests('POST /v1/uploads/images')).toBe(0);
  });
});
