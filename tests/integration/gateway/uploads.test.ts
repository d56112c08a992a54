import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../../../src/main/core/gateway/invalid-request';
import { MemoryUploadCache } from '../../../src/main/core/gateway/upload-cache';
import { UploadsApi } from '../../../src/main/core/gateway/uploads';
import { LibraryDatabase, SqliteUploadCache } from '../../../src/main/core/library';
import { startTestGateway, writeImage, type TestGateway } from './harness';

const UPLOAD = 'POST /v1/uploads/images';
let gw: TestGateway;
let dir: string;
const databases: LibraryDatabase[] = [];
const opened = (db: LibraryDatabase): LibraryDatabase => (databases.push(db), db);
beforeAll(async () => {
  gw = await startTestGateway();
  dir = await mkdtemp(join(tmpdir(), 'atelier-uploads-'));
});
afterAll(async () => {
  for (const db of databases) db.close();
  await gw.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => gw.reset());

describe('uploads', () => {
  it('uploads an image and reports its type and pixel size from the bytes', async () => {
    // PNG bytes behind a .jpg name: the type comes from the content.
    const path = await writeImage(dir, 'misnamed.jpg', { width: 64, height: 48, alpha: true });
    const uploaded = await gw.client().uploads.uploadFile(path);
    expect(uploaded).toMatchObject({ mimeType: 'image/png', width: 64, height: 48, hasAlpha: true, reused: false });
    // The identity is the file's own SHA-256, though it was worked out while the bytes went out.
    expect(uploaded.sha256).toBe(
      createHash('sha256')
        .update(await readFile(path))
        .digest('hex'),
    );
    expect(uploaded.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const served = await request(uploaded.url);
    const meta = await sharp(Buffer.from(await served.body.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([64, 48]);
  });

  it('sends a file of many reads byte for byte (its reads reuse a few buffers while the socket writes)', async () => {
    // Noise does not compress: about 4 MB, sixteen reads of the body's four buffers.
    const side = 1200;
    const path = join(dir, 'noise.png');
    await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toFile(path);
    const bytes = await readFile(path);
    expect(bytes.byteLength).toBeGreaterThan(16 * 256 * 1024 - 256 * 1024);
    const uploaded = await gw.client().uploads.uploadFile(path);
    const served = await request(uploaded.url);
    const received = Buffer.from(await served.body.arrayBuffer());
    expect(received.byteLength).toBe(bytes.byteLength);
    expect(createHash('sha256').update(received).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(uploaded.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('uploads the same content once, also under another name and when added twice at once', async () => {
    const client = gw.client();
    const first = await writeImage(dir, 'a.png', { width: 20, height: 20, seed: 1 });
    const copy = join(dir, 'copy-of-a.png');
    await writeFile(copy, await sharp(first).toBuffer());
    const one = await client.uploads.uploadFile(first);
    const two = await client.uploads.uploadFile(first);
    const three = await client.uploads.uploadFile(copy);
    expect(two).toMatchObject({ url: one.url, reused: true });
    expect(three.url).toBe(one.url);
    expect(await gw.requests(UPLOAD)).toBe(1);

    const other = await writeImage(dir, 'b.webp', { width: 30, height: 10, format: 'webp', seed: 2 });
    const [x, y] = await Promise.all([client.uploads.uploadFile(other), client.uploads.uploadFile(other)]);
    expect(x.url).toBe(y.url);
    expect(await gw.requests(UPLOAD)).toBe(2);
  });

  it('keeps uploads per gateway scope, and remembers them across restarts in the library database', async () => {
    const path = await writeImage(dir, 'c.jpg', { width: 16, height: 16, format: 'jpeg', seed: 3 });
    const dbFile = join(dir, 'cache', 'library.sqlite');
    // Each client gets a freshly opened database, as a restarted studio would.
    const cache = (): SqliteUploadCache => new SqliteUploadCache(opened(LibraryDatabase.open(dbFile)));
    await gw.client({ uploadCache: cache(), uploadScope: 'profile-1' }).uploads.uploadFile(path);
    const again = await gw.client({ uploadCache: cache(), uploadScope: 'profile-1' }).uploads.uploadFile(path);
    expect(again.reused).toBe(true);
    expect(await gw.requests(UPLOAD)).toBe(1);
    await gw.client({ uploadCache: cache(), uploadScope: 'profile-2' }).uploads.uploadFile(path);
    expect(await gw.requests(UPLOAD)).toBe(2);
  });

  it('refuses files over 10 MB, non-images and unaccepted formats before sending', async () => {
    const big = join(dir, 'big.png');
    await writeFile(big, Buffer.alloc(10 * 1024 * 1024 + 1));
    const text = join(dir, 'notes.png');
    await writeFile(text, 'not an image at all');
    const tiff = await writeImage(dir, 'scan.tiff', { width: 8, height: 8, format: 'tiff' });
    const empty = join(dir, 'empty.gif');
    await writeFile(empty, '');
    const client = gw.client();
    const expectations: [string, RegExp][] = [
      [big, /big\.png.*10\.0 MB; the gateway accepts at most 10\.0 MB/],
      [text, /notes\.png.*not an image/],
      [tiff, /TIFF images are not accepted; upload a JPEG, PNG, WebP or GIF/],
      [empty, /empty/],
    ];
    for (const [path, message] of expectations) {
      const attempt = client.uploads.uploadFile(path);
      await expect(attempt).rejects.toBeInstanceOf(InvalidRequestError);
      await expect(attempt).rejects.toThrow(message);
    }
    expect(await gw.requests(UPLOAD)).toBe(0);
  });

  it('drops a send started while hashing, before its last bytes, when the hash finds the file already uploaded', async () => {
    const path = await writeImage(dir, 'e.png', { width: 900, height: 900, seed: 5 });
    const sha256 = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
    // Another studio on the same library uploaded it after this one looked at the sizes it holds.
    const cache = new (class extends MemoryUploadCache {
      override holdsSize(): Promise<boolean> {
        return Promise.resolve(false);
      }
    })();
    const earlier = { url: 'http://127.0.0.1:9/earlier.png', mimeType: 'image/png', size: 0, width: 900, height: 900, fileId: 'file_earlier', uploadedAt: 1 };
    await cache.put(gw.client().uploads.scope, sha256, earlier);
    const uploaded = await gw.client({ uploadCache: cache }).uploads.uploadFile(path);
    expect(uploaded).toMatchObject({ url: earlier.url, fileId: 'file_earlier', sha256, reused: true });
    expect((await gw.stats()).responses[UPLOAD]?.['200']).toBeUndefined();
  });

  it('sends the first of the same new file added twice at once, and the second reuses it, whichever is hashed first', async () => {
    const path = await writeImage(dir, 'f.png', { width: 40, height: 40, seed: 6 });
    const sha256 = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
    const client = gw.client();
    // The first upload waits for the cache's answer on sizes; the second's hash (it is hashed first) arrives before that answer.
    let askedSizes = (): void => undefined;
    const sizesAsked = new Promise<void>((resolve) => (askedSizes = resolve));
    let answerSizes = (): void => undefined;
    const cache = new (class extends MemoryUploadCache {
      override async holdsSize(scope: string, size: number): Promise<boolean> {
        askedSizes();
        await new Promise<void>((resolve) => (answerSizes = resolve));
        return super.holdsSize(scope, size);
      }
    })();
    let askedHash = (): void => undefined;
    const hashAsked = new Promise<void>((resolve) => (askedHash = resolve));
    const hashFirst = (): Promise<string> => (askedHash(), Promise.resolve(sha256));
    const uploads = new UploadsApi(client.http, cache, client.uploads.scope, hashFirst);

    const first = uploads.uploadFile(path);
    await sizesAsked;
    const second = uploads.uploadFile(path);
    await hashAsked;
    // Everything the second upload can do with its hash in hand happens before the next turn of the loop.
    await new Promise((resolve) => setImmediate(resolve));
    answerSizes();
    const [one, two] = await Promise.all([first, second]);
    expect([one.reused, two.reused]).toEqual([false, true]);
    expect(two.url).toBe(one.url);
    expect(await gw.requests(UPLOAD)).toBe(1);
  });

  it('retries an upload whose connection dropped (uploads cost nothing)', async () => {
    await gw.addFault({ kind: 'drop-connection', phase: 'after-request-read', route: UPLOAD, count: 1 });
    const path = await writeImage(dir, 'd.gif', { width: 12, height: 12, format: 'gif', seed: 4 });
    const uploaded = await gw.client().uploads.uploadFile(path);
    expect(uploaded.mimeType).toBe('image/gif');
    expect(await gw.requests(UPLOAD)).toBe(2);
  });
});
