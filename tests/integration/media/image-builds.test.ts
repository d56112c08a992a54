/**
 * The WebAssembly build of the image library does the studio's image work as the native one
 * does (metadata, thumbnails, upload checks), and a process that uses it never maps native
 * libvips: what runs inside Electron on Linux. The process check reads `/proc/self/maps`.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadImageLibrary } from '../../../src/main/core/media/image-library';

const run = promisify(execFile);
const repository = resolve(import.meta.dirname, '../../..');
let folder: string;
let png: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'atelier-image-builds-'));
  png = join(folder, 'picture.png');
  await loadImageLibrary('native')({ create: { width: 1200, height: 800, channels: 4, background: { r: 40, g: 120, b: 200, alpha: 0.5 } } })
    .png()
    .toFile(png);
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('image library builds', () => {
  it('read the same facts and make thumbnails of the same size', async () => {
    const results = [];
    for (const build of ['native', 'wasm'] as const) {
      const sharp = loadImageLibrary(build);
      const meta = await sharp(png).metadata();
      const thumb = await sharp(png).resize({ width: 512, height: 512, fit: 'inside' }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
      const pixel = await sharp(png).extract({ left: 10, top: 10, width: 1, height: 1 }).raw().toBuffer();
      results.push({
        format: meta.format,
        width: meta.width,
        height: meta.height,
        hasAlpha: meta.hasAlpha,
        thumb: [thumb.info.width, thumb.info.height],
        pixel: [...pixel],
      });
    }
    expect(results[1]).toEqual(results[0]);
    expect(results[0]).toMatchObject({ format: 'png', width: 1200, height: 800, hasAlpha: true, thumb: [512, 341] });
  });

  it('refuse a file that is not an image in both builds', async () => {
    const html = join(folder, 'error.png');
    writeFileSync(html, '<!doctype html><title>502 Bad Gateway</title>');
    for (const build of ['native', 'wasm'] as const) await expect(loadImageLibrary(build)(html).metadata()).rejects.toThrow();
  });

  it('never maps native libvips into a process that uses the WebAssembly build', async (context) => {
    if (process.platform !== 'linux') context.skip();
    const script = join(folder, 'wasm-only.mts');
    const module = join(repository, 'src/main/core/media/images.ts');
    writeFileSync(
      script,
      `import { readFileSync } from 'node:fs';
import { probeImage, writeThumbnail } from ${JSON.stringify(module)};
const info = await probeImage(${JSON.stringify(png)});
await writeThumbnail(${JSON.stringify(png)}, ${JSON.stringify(join(folder, 'thumb.webp'))});
const maps = readFileSync('/proc/self/maps', 'utf8');
process.stdout.write(JSON.stringify({ info, libvips: maps.includes('libvips'), addon: maps.includes('sharp-linux') }));
`,
    );
    // Ended within the test's own deadline should it hang, so it never outlives the test.
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script], {
      cwd: repository,
      env: { ...process.env, ATELIER_IMAGE_BUILD: 'wasm' },
      timeout: 50_000,
      killSignal: 'SIGKILL',
    });
    expect(JSON.parse(stdout)).toEqual({
      info: { kind: 'image', mime: 'image/png', width: 1200, height: 800, durationMs: null },
      libvips: false,
      addon: false,
    });
  });
});
