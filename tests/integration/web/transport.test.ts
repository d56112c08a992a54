import type { ReadableStreamReadResult } from 'node:stream/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebServer, type RunningWebServer } from '../../../src/main/web/server';
import type { Studio } from '../../../src/main/core/studio';
import { readFolderText } from '../../helpers/files';
import { createTestStudio } from '../../helpers/studio';

const SECRET = 'sk-integration-secret-4f9a';

let studio: Studio;
let dataDir: string;
let server: RunningWebServer;

beforeAll(async () => {
  ({ studio, dataDir } = await createTestStudio());
  server = await startWebServer({ studio });
});
afterAll(async () => {
  await server.close();
  await studio.stop();
});

async function invoke(route: string, input: unknown, extraHeaders: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api/invoke/${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json', ...extraHeaders },
    body: JSON.stringify({ input }),
  });
  return { status: res.status, text: await res.text() };
}

describe('the router, in process', () => {
  it('validates input before any service runs', async () => {
    await expect(studio.router.dispatch('profiles.save', { name: '', baseUrl: 'https://x.example' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('answers app.get_info in demo mode with the embedded demo gateway on loopback', async () => {
    const info = await studio.router.dispatch('app.get_info', {});
    expect(info).toMatchObject({ ok: true, value: { demoMode: true, shell: 'web' } });
    if (info.ok) expect((info.value as { gatewayUrl: string }).gatewayUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});

describe('the web-mode HTTP transport', () => {
  it('binds to loopback only', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('answers 401 without a session and with a wrong one', async () => {
    expect((await fetch(`${server.url}/api/invoke/settings.get`, { method: 'POST' })).status).toBe(401);
    expect((await fetch(`${server.url}/`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/events`)).status).toBe(401);
    const wrong = await fetch(`${server.url}/api/invoke/settings.get`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-the-token', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(wrong.status).toBe(401);
    expect((await fetch(`${server.url}/?code=wrong`, { redirect: 'manual' })).status).toBe(401);
  });

  it('answers 403 to a foreign Host header even with the token (DNS rebinding)', async () => {
    const { request } = await import('undici');
    const res = await request(`${server.url}/api/invoke/settings.get`, {
      method: 'POST',
      headers: { host: 'evil.example:80', authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.statusCode).toBe(403);
    await res.body.dump();
  });

  it('answers 403 to a cross-origin caller', async () => {
    const res = await invoke('settings.get', {}, { origin: 'http://evil.example' });
    expect(res.status).toBe(403);
  });

  it('sets no cookie on a loopback name: a launch address there moves the browser on to the run’s own name with its code', async () => {
    const launch = server.newLaunchUrl();
    const res = await fetch(launch, { redirect: 'manual' });
    expect(res.status).toBe(307);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('location')).toBe(`${server.sessionOrigin}/${new URL(launch).search}`);
  });

  it('answers bad input with 400 and an invalid_input envelope naming the field', async () => {
    const res = await invoke('settings.update', { theme: 'purple' });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(res.text).toContain('theme');
  });

  it('answers an unknown route with 404 and an unknown_route envelope', async () => {
    const res = await invoke('nothing.here', {});
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toMatchObject({ ok: false, error: { code: 'unknown_route' } });
  });

  it('manages a profile and its key without the key ever leaving main or reaching disk in clear', async () => {
    const events = await openEventStream();
    const saved = await invoke('profiles.save', { name: 'My gateway', baseUrl: 'https://gw.example.com' });
    expect(saved.status).toBe(200);
    const id = (JSON.parse(saved.text) as { value: { id: string } }).value.id;
    const keyed = await invoke('profiles.set_api_key', { id, apiKey: SECRET });
    const listed = await invoke('profiles.list', {});
    expect(JSON.parse(listed.text)).toMatchObject({ ok: true, value: [{ id, name: 'My gateway', hasApiKey: true }] });
    for (const body of [saved.text, keyed.text, listed.text]) expect(body).not.toContain(SECRET);
    const streamed = await events.collect((text) => text.includes('profiles.changed') && text.includes('"hasApiKey":true'));
    expect(streamed).not.toContain(SECRET);
    const onDisk = readFolderText(dataDir);
    expect(onDisk).toContain('My gateway');
    expect(onDisk).not.toContain(SECRET);
  });
});

/** Reads the SSE stream until `done` holds for what has arrived, then closes it. */
async function openEventStream() {
  const controller = new AbortController();
  const res = await fetch(`${server.url}/api/events`, { headers: { authorization: `Bearer ${server.token}` }, signal: controller.signal });
  expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
  if (!res.body) throw new Error('the event stream has no body');
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    async collect(done: (text: string) => boolean): Promise<string> {
      while (!done(text)) {
        const chunk: ReadableStreamReadResult<Uint8Array> = await reader.read();
        if (chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
      }
      controller.abort();
      return text;
    },
  };
}
