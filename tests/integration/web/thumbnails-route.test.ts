/**
 * Web mode's `/media-thumbnails`: a screen of thumbnails in one answer, checked exactly as
 * `/media` checks each file: a session is required, a path or link leading out of the library is
 * refused, and each picture's bytes are the ones `/media` serves.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Studio } from '../../../src/main/core/studio';
import { startWebServer, type RunningWebServer } from '../../../src/main/web/server';
import { THUMBNAIL_NOT_SERVED as NOT_SERVED, THUMBNAILS_AT_ONCE } from '../../../src/shared/contract/thumbnails';
import { createTestStudio } from '../../helpers/studio';

let studio: Studio;
let dataDir: string;
let server: RunningWebServer;

const picture = (colour: string, format: 'webp' | 'png') => {
  const blank = sharp({ create: { width: 24, height: 16, channels: 3, background: colour } });
  return (format === 'webp' ? blank.webp() : blank.png()).toBuffer();
};

beforeAll(async () => {
  ({ studio, dataDir } = await createTestStudio());
  server = await startWebServer({ studio });
  const folder = join(studio.libraryRoot(), '2026/12/01');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'a.thumb.webp'), await picture('#c04', 'webp'));
  writeFileSync(join(folder, 'b.thumb.png'), await picture('#04c', 'png'));
  writeFileSync(join(folder, 'notes.txt'), 'text inside the library');
  writeFileSync(join(dataDir, 'outside.png'), await picture('#0c4', 'png'));
  if (process.platform !== 'win32') symlinkSync(join(dataDir, 'outside.png'), join(folder, 'planted.png'));
});
afterAll(async () => {
  await server.close();
  await studio.stop();
});

const wrongToken = { headers: { authorization: 'Bearer not-a-session' } };
const get = (path: string, init: RequestInit = { headers: { authorization: `Bearer ${server.token}` } }) => fetch(`${server.url}${path}`, init);
const thumbnails = (paths: readonly string[]) => `/media-thumbnails?${paths.map((path) => `path=${encodeURIComponent(path)}`).join('&')}`;

/** The answer's files in the order asked: each one's bytes, or undefined where it was refused. */
function unframe(body: Buffer): (Buffer | undefined)[] {
  const files: (Buffer | undefined)[] = [];
  for (let at = 0; at < body.length;) {
    const length = body.readUInt32BE(at);
    at += 4;
    if (length === NOT_SERVED) files.push(undefined);
    else {
      files.push(body.subarray(at, at + length));
      at += length;
    }
  }
  return files;
}

describe('web-mode thumbnails in one answer', () => {
  it('answers each picture asked for with the bytes and type /media serves, in the order asked', async () => {
    const paths = ['2026/12/01/b.thumb.png', '2026/12/01/a.thumb.webp', '2026/12/01/b.thumb.png'];
    const res = await get(thumbnails(paths));
    expect(res.status).toBe(200);
    const files = unframe(Buffer.from(await res.arrayBuffer()));
    expect(files).toHaveLength(3);
    const types: string[] = [];
    for (const [index, path] of paths.entries()) {
      const single = await get(`/media/${path}`);
      types.push(single.headers.get('content-type') ?? '');
      expect(files[index]?.equals(Buffer.from(await single.arrayBuffer())), path).toBe(true);
    }
    expect(res.headers.get('x-media-types')).toBe(types.join(','));
  });

  it('requires a session, as every other route does', async () => {
    const res = await get(thumbnails(['2026/12/01/a.thumb.webp']), wrongToken);
    expect(res.status).toBe(401);
    expect((await get(thumbnails(['2026/12/01/a.thumb.webp']), {})).status).toBe(401);
  });

  it('refuses paths out of the library, links leading out, and files that are no picture, and still answers the rest', async () => {
    const refused = ['../outside.png', '/etc/passwd', '2026/12/01/notes.txt', '2026/12/01/missing.webp'];
    if (process.platform !== 'win32') refused.push('2026/12/01/planted.png');
    const res = await get(thumbnails([...refused, '2026/12/01/a.thumb.webp']));
    expect(res.status).toBe(200);
    const files = unframe(Buffer.from(await res.arrayBuffer()));
    expect(files.slice(0, refused.length)).toEqual(refused.map(() => undefined));
    expect(files[refused.length]?.length).toBeGreaterThan(0);
    expect(res.headers.get('x-media-types')?.split(',')).toEqual([...refused.map(() => ''), 'image/webp']);
  });

  it('asks for at least one and at most a screen at once', async () => {
    expect((await get('/media-thumbnails')).status).toBe(400);
    const tooMany = Array.from({ length: THUMBNAILS_AT_ONCE + 1 }, () => '2026/12/01/a.thumb.webp');
    expect((await get(thumbnails(tooMany))).status).toBe(400);
  });
});
