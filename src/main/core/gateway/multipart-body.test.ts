import { createHash, randomBytes } from 'node:crypto';
import { appendFile, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFileBody, type MultipartFile } from './multipart-body';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-multipart-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

async function fileOf(name: string, bytes: Uint8Array): Promise<MultipartFile> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  const facts = await stat(path);
  return { field: 'file', path, fileName: name, mimeType: 'image/png', size: facts.size, modifiedMs: facts.mtimeMs };
}

async function collect(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  // Copied: the body reads into the same few buffers again.
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('multipartFileBody', () => {
  it('writes the file and fields as multipart/form-data, of the length it declares', async () => {
    const bytes = randomBytes(700_000);
    const form = multipartFileBody(await fileOf('a "quoted" name.png', bytes), { purpose: 'generation' });
    const sent = await collect(form.body);
    expect(sent.byteLength).toBe(form.contentLength);
    const boundary = /boundary=(.+)$/.exec(form.contentType)?.[1] ?? '';
    const at = sent.indexOf(bytes);
    expect(sent.subarray(0, at).toString()).toBe(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a %22quoted%22 name.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    expect(sent.subarray(at + bytes.byteLength).toString()).toBe(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\ngeneration\r\n--${boundary}--\r\n`,
    );
    // The boundary appears nowhere in the file's bytes.
    expect(bytes.includes(Buffer.from(boundary))).toBe(false);
  });

  it("holds the file's last bytes until it is cleared, gives their hash, and fails without them when the clearance is refused", async () => {
    const bytes = randomBytes(600_000);
    let clear = (): void => undefined;
    const cleared = new Promise<void>((resolve) => (clear = resolve));
    let asked = (): void => undefined;
    const waiting = new Promise<void>((resolve) => (asked = resolve));
    let hashOfRead = '';
    const form = multipartFileBody(await fileOf('held.png', bytes), {}, (sha256) => ((hashOfRead = sha256), asked(), cleared));
    const iterator = form.body[Symbol.asyncIterator]();
    let given = 0;
    // Everything but the last read goes out without waiting.
    for (let turn = 0; turn < 3; turn++) given += ((await iterator.next()).value as Uint8Array).byteLength;
    const next = iterator.next();
    let settled = false;
    void next.then(() => (settled = true));
    await waiting;
    await Promise.resolve();
    expect(settled).toBe(false);
    // The hash of every byte read, the held ones included, before those go out.
    expect(hashOfRead).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(given).toBeLessThan(form.contentLength);
    clear();
    given += ((await next).value as Uint8Array).byteLength;
    for (let item = await iterator.next(); item.done !== true; item = await iterator.next()) given += item.value.byteLength;
    expect(given).toBe(form.contentLength);

    const refused = multipartFileBody(await fileOf('refused.png', bytes), {}, () => Promise.reject(new Error('known file')));
    await expect(collect(refused.body)).rejects.toThrow('known file');
  });

  it('refuses a file that changed since it was checked, before its last bytes', async () => {
    const file = await fileOf('changing.png', randomBytes(300_000));
    await appendFile(file.path, randomBytes(10));
    await expect(collect(multipartFileBody(file, {}).body)).rejects.toThrow(/changing\.png changed while it was being uploaded/);
  });
});
