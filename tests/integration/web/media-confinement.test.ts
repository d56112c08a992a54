/**
 * Web mode serves library media by real path: a link planted inside the library folder does not
 * lead out of it, and only the library's media types are served.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Studio } from '../../../src/main/core/studio';
import { startWebServer, type RunningWebServer } from '../../../src/main/web/server';
import { createTestStudio } from '../../helpers/studio';

let studio: Studio;
let dataDir: string;
let server: RunningWebServer;

beforeAll(async () => {
  ({ studio, dataDir } = await createTestStudio());
  server = await startWebServer({ studio });
  const folder = join(studio.libraryRoot(), '2026/05/06');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(dataDir, 'private-notes.txt'), 'the user\u2019s own file outside the library');
  writeFileSync(join(folder, 'notes.txt'), 'text inside the library');
  writeFileSync(join(folder, 'clip.webm'), 'webm bytes');
  if (process.platform !== 'win32') {
    symlinkSync(join(dataDir, 'private-notes.txt'), join(folder, 'planted.png'));
    symlinkSync(join(dataDir, 'vault.key'), join(folder, 'key.png'));
  }
});
afterAll(async () => {
  await server.close();
  await studio.stop();
});

const get = (path: string) => fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${server.token}` } });

describe('web-mode media confinement', () => {
  it.skipIf(process.platform === 'win32')('does not follow a link inside the library to a file outside it', async () => {
    for (const path of ['/media/2026/05/06/planted.png', '/media/2026/05/06/key.png']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toMatch(/the user|[A-Za-z0-9+/]{40}/);
    }
  });

  it('serves only the media types the library writes, with the one type list', async () => {
    expect((await get('/media/2026/05/06/notes.txt')).status).toBe(404);
    const webm = await get('/media/2026/05/06/clip.webm');
    expect(webm.status).toBe(200);
    expect(webm.headers.get('content-type')).toBe('video/webm');
  });
});
