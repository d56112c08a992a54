import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAsset } from '../../../src/main/core/library/assets';
import { LibraryDatabase } from '../../../src/main/core/library/library-database';
import { libraryDatabaseFile } from '../../../src/main/core/library/database-location';
import type { Studio } from '../../../src/main/core/studio';
import { startWebServer, type RunningWebServer } from '../../../src/main/web/server';
import { createTestStudio } from '../../helpers/studio';

let studio: Studio;
let dataDir: string;
let server: RunningWebServer;
let png: Buffer;

beforeAll(async () => {
  ({ studio, dataDir } = await createTestStudio());
  server = await startWebServer({ studio });
  const root = studio.libraryRoot();
  png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#c04' } })
    .png()
    .toBuffer();
  mkdirSync(join(root, '2026/11/22'), { recursive: true });
  writeFileSync(join(root, '2026/11/22/a1.png'), png);
  writeFileSync(join(dataDir, 'outside.png'), png);
  // Seed the library as the job engine would, through the store the studio has open.
  const db = LibraryDatabase.open(libraryDatabaseFile(dataDir, root));
  insertAsset(db, {
    id: 'a1',
    kind: 'image',
    filePath: '2026/11/22/a1.png',
    mime: 'image/png',
    bytes: png.length,
    width: 64,
    height: 32,
    sha256: 'x',
    model: 'gen-image-2',
    variantId: 'image.gen-image-2.direct',
    prompt: '橘猫 on a red roof',
    request: { model: 'gen-image-2', prompt: '橘猫 on a red roof', authorization: 'Bearer sk-should-not-survive' },
  });
  db.close();
});
afterAll(async () => {
  await server.close();
  await studio.stop();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${server.token}`, ...headers } });

describe('library routes', () => {
  it('lists, searches and filters assets with the recipe but no secrets', async () => {
    const page = await studio.router.dispatch('library.list_assets', { text: '橘猫' });
    expect(page).toMatchObject({ ok: true, value: { items: [{ id: 'a1', mediaPath: '2026/11/22/a1.png', width: 64 }], nextCursor: null } });
    expect(JSON.stringify(page)).not.toContain('sk-should-not-survive');
    await expect(studio.router.dispatch('library.list_assets', { kind: 'video' })).resolves.toMatchObject({ ok: true, value: { items: [] } });
  });

  it('keeps favourites and tags, and answers not_found for a missing asset', async () => {
    await expect(studio.router.dispatch('library.set_favourite', { id: 'a1', favourite: true })).resolves.toMatchObject({
      ok: true,
      value: { favourite: true },
    });
    await expect(studio.router.dispatch('library.set_tags', { id: 'a1', tags: ['Cats', 'roof'] })).resolves.toMatchObject({
      ok: true,
      value: { tags: ['cats', 'roof'] },
    });
    await expect(studio.router.dispatch('library.count_facets', {})).resolves.toMatchObject({ ok: true, value: { total: 1, favourites: 1 } });
    await expect(studio.router.dispatch('library.get_asset', { id: 'nope' })).resolves.toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

describe('web-mode media', () => {
  it('serves a library file with its type, and byte ranges', async () => {
    const whole = await get('/media/2026/11/22/a1.png');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await whole.arrayBuffer()).equals(png)).toBe(true);
    const part = await get('/media/2026/11/22/a1.png', { range: 'bytes=0-7' });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(png.subarray(0, 8))).toBe(true);
  });

  it('never serves anything outside the library folder', async () => {
    for (const path of ['/media/../outside.png', '/media/%2e%2e/outside.png', '/media/..%2foutside.png', '/media/.atelier/library.sqlite']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
    }
  });

  it('needs the session token like everything else', async () => {
    expect((await fetch(`${server.url}/media/2026/11/22/a1.png`)).status).toBe(401);
  });
});
