/**
 * Reference images cross the web transport as files: the window's own transport sends the bytes
 * as a multipart part, main checks and uploads them, and refusals come back as envelopes worded
 * like every other refusal.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebTransport } from '../../src/renderer/src/transport/web-transport';
import { startWebServer, type RunningWebServer } from '../../src/main/web/server';
import type { Studio } from '../../src/main/core/studio';
import { wordError, type StudioError } from '../../src/shared/contract';
import { createTestStudio } from '../helpers/studio';

let studio: Studio;
let server: RunningWebServer;

beforeAll(async () => {
  ({ studio } = await createTestStudio());
  server = await startWebServer({ studio });
});
afterAll(async () => {
  await server.close();
  await studio.stop();
});

/** The window's web transport, with the session a browser would hold. */
function windowTransport() {
  const fetchWithSession: typeof fetch = (url, init) =>
    fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), authorization: `Bearer ${server.token}` } });
  return createWebTransport({ baseUrl: server.url, fetch: fetchWithSession });
}

describe('uploads over the web transport', () => {
  it('uploads a dropped image sent as multipart bytes and finds it again by content', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 20, g: 90, b: 200, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const transport = windowTransport();
    const bytes = png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength);
    const first = await transport.invoke('uploads.add', { fileName: 'sky.png', bytes });
    expect(first).toMatchObject({ ok: true, value: { width: 64, height: 48, hasAlpha: true, mimeType: 'image/png', reused: false } });
    const again = await transport.invoke('uploads.add', { fileName: 'copy.png', bytes: new Uint8Array(png) });
    expect(again).toMatchObject({ ok: true, value: { reused: true } });
  });

  it('answers a file that is not an image with main’s refusal, worded in both languages', async () => {
    const answer = await windowTransport().invoke('uploads.add', { fileName: 'notes.png', bytes: new TextEncoder().encode('not a picture') });
    expect(answer.ok).toBe(false);
    const error = (answer as { error: StudioError }).error;
    expect(wordError(error, 'en').summary).toMatch(/notes\.png: this is not an image the studio can read/);
    expect(wordError(error, 'zh-CN').summary).toMatch(/这不是工作室能读取的图片/);
  });

  it('refuses a file over 10 MB while it streams, with the size in the message', async () => {
    const answer = await windowTransport().invoke('uploads.add', { fileName: 'huge.png', bytes: new Uint8Array(11 * 1024 * 1024) });
    expect(answer.ok).toBe(false);
    const error = (answer as { error: StudioError }).error;
    expect(error.reason).toBe('upload_too_large');
    expect(wordError(error, 'en').summary).toMatch(/huge\.png: the file is 11(\.\d)? MB; the gateway accepts at most 10 MB/);
  });

  it('refuses a multipart body whose input part is not JSON', async () => {
    const form = new FormData();
    form.append('input', '{not json');
    form.append('bytes', new Blob([new Uint8Array([1, 2, 3])]), 'x.png');
    const res = await fetch(`${server.url}/api/invoke/uploads.add`, { method: 'POST', headers: { authorization: `Bearer ${server.token}` }, body: form });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'invalid_input', reason: 'input_unreadable' } });
  });
});
