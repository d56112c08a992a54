/**
 * Web mode's built window files: the code and styles under `assets/` come from memory with a
 * cache the browser keeps for good (their names carry their content's hash), behind the session
 * guard like everything else; a name that is not a built file's is refused, and a file a build
 * writes while the studio runs is served once it exists.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Studio } from '../../../src/main/core/studio';
import { startWebServer, type RunningWebServer } from '../../../src/main/web/server';
import { createTestStudio } from '../../helpers/studio';

let studio: Studio;
let server: RunningWebServer;
const rendererDir = mkdtempSync(join(tmpdir(), 'atelier-built-'));
const code = 'export const drawn = "画廊";\n';

beforeAll(async () => {
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Atelier</title>');
  writeFileSync(join(rendererDir, 'assets', 'index-Ab12_x.js'), code);
  writeFileSync(join(rendererDir, 'assets', 'index-Cd34.css'), 'body { margin: 0 }');
  writeFileSync(join(rendererDir, 'secret.js'), 'outside assets');
  ({ studio } = await createTestStudio());
  server = await startWebServer({ studio, rendererDir });
});
afterAll(async () => {
  await server.close();
  await studio.stop();
});

const get = (path: string, token = server.token) => fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });

describe('the built window files', () => {
  it('serves code and styles with their types, cached for good, the same bytes each time', async () => {
    for (let time = 0; time < 2; time++) {
      const answer = await get('/assets/index-Ab12_x.js');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await answer.text()).toBe(code);
    }
    const styles = await get('/assets/index-Cd34.css');
    expect(styles.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await styles.text()).toBe('body { margin: 0 }');
  });

  it('asks for a session like everything else', async () => {
    expect((await get('/assets/index-Ab12_x.js', 'not-a-session')).status).toBe(401);
  });

  it('refuses names that are no built file, and serves a file written after the first ask', async () => {
    for (const name of ['missing-1.js', '..%2Fsecret.js', 'index-Ab12_x.exe', '.hidden.js']) {
      const answer = await get(`/assets/${name}`);
      expect([404, 400], name).toContain(answer.status);
      expect(await answer.text()).not.toContain('outside assets');
    }
    writeFileSync(join(rendererDir, 'assets', 'missing-1.js'), 'export {};\n');
    expect(await (await get('/assets/missing-1.js')).text()).toBe('export {};\n');
  });
});
