/** Interface section "POST /v1/uploads/images" and the served files behind upload URLs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaSim, at, download, encoded, imageFacts, png, text } from './media-harness';

let sim: MediaSim;
beforeAll(async () => {
  sim = await MediaSim.start();
});
afterAll(() => sim.close());

describe('POST /v1/uploads/images', () => {
  it('returns the upload record with a served URL, the real MIME type and the size in bytes', async () => {
    const bytes = await png(64, 48);
    const { status, body } = await sim.upload(bytes, 'ref.png', 'image/png');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(text(body, 'data.id')).not.toBe('');
    expect(at(body, 'data.mime_type')).toBe('image/png');
    expect(at(body, 'data.size')).toBe(bytes.length);
    expect(at(body, 'data.purpose')).toBe('generation');
    const served = await download(text(body, 'data.url'));
    expect(served.status).toBe(200);
    expect(served.type).toBe('image/png');
    expect(served.length).toBe(bytes.length);
    expect(served.bytes.equals(bytes)).toBe(true);
  });

  it.each(['jpeg', 'webp', 'gif'] as const)('accepts %s and reports its type from the bytes', async (format) => {
    const bytes = await encoded(format, 32, 32);
    const { status, body } = await sim.upload(bytes, 'misnamed.png', 'image/png', 'reference');
    expect(status).toBe(200);
    expect(at(body, 'data.mime_type')).toBe(`image/${format}`);
    expect(at(body, 'data.purpose')).toBe('reference');
    const served = await download(text(body, 'data.url'));
    expect(served.type).toBe(`image/${format}`);
    expect((await imageFacts(served.bytes)).format).toBe(format);
  });

  it('refuses bytes that are not an image even when declared as one', async () => {
    const { status, body } = await sim.upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.png', 'image/png');
    expect(status).toBe(400);
    expect(at(body, 'error.code')).toBe('invalid_file_type');
  });

  it('accepts a file of exactly 10MB and refuses one byte more', async () => {
    const image = await png(16, 16);
    // A PNG followed by padding is still a decodable PNG of exactly the size we want.
    const exact = Buffer.concat([image, Buffer.alloc(10 * 1024 * 1024 - image.length)]);
    expect((await sim.upload(exact)).status).toBe(200);
    const over = Buffer.concat([exact, Buffer.alloc(1)]);
    const refused = await sim.upload(over);
    expect(refused.status).toBe(413);
    expect(at(refused.body, 'error.code')).toBe('file_too_large');
  });

  it('needs the file field and multipart', async () => {
    const form = new FormData();
    form.append('purpose', 'generation');
    const response = await fetch(`${sim.url}/v1/uploads/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sim.key}` },
      body: form,
    });
    expect(response.status).toBe(400);
    const json = await sim.post('/v1/uploads/images', { file: 'x' });
    expect(json.status).toBe(400);
  });

  it('needs a valid key (401)', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await png(8, 8))]), 'a.png');
    const missing = await fetch(`${sim.url}/v1/uploads/images`, { method: 'POST', body: form });
    expect(missing.status).toBe(401);
    const wrong = await fetch(`${sim.url}/v1/uploads/images`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-not-a-key' },
      body: form,
    });
    expect(wrong.status).toBe(401);
  });

  it('answers 404 for a file that does not exist', async () => {
    expect((await download(`${sim.url}/files/nothing-here.png`)).status).toBe(404);
  });
});
