import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PathOutsideLibraryError } from './library-files';
import { MediaNotServedError, resolveLibraryMedia } from './media-file';

function library(): { root: string; outside: string } {
  const base = mkdtempSync(join(tmpdir(), 'atelier-media-file-'));
  const root = join(base, 'library');
  mkdirSync(join(root, '2026/01/02'), { recursive: true });
  mkdirSync(join(root, '.thumbs/2026/01/02'), { recursive: true });
  writeFileSync(join(root, '2026/01/02/a.png'), 'png bytes');
  writeFileSync(join(root, '.thumbs/2026/01/02/a.webp'), 'webp');
  writeFileSync(join(root, '2026/01/02/a.json'), '{}');
  const outside = join(base, 'secret.png');
  writeFileSync(outside, 'not the library');
  return { root, outside };
}

describe.skipIf(process.platform === 'win32')('resolveLibraryMedia', () => {
  it('gives the real path, type and size of a result or thumbnail', () => {
    const { root } = library();
    expect(resolveLibraryMedia(root, '2026/01/02/a.png')).toEqual({ path: join(root, '2026/01/02/a.png'), type: 'image/png', size: 9 });
    expect(resolveLibraryMedia(root, '.thumbs/2026/01/02/a.webp').type).toBe('image/webp');
  });

  it('refuses a link inside the library that leads outside it, even with a media name', () => {
    const { root, outside } = library();
    symlinkSync(outside, join(root, '2026/01/02/link.png'));
    symlinkSync(join(root, '..'), join(root, '2026/01/02/up'));
    expect(() => resolveLibraryMedia(root, '2026/01/02/link.png')).toThrow(PathOutsideLibraryError);
    expect(() => resolveLibraryMedia(root, '2026/01/02/up/secret.png')).toThrow(PathOutsideLibraryError);
  });

  it('follows a link that stays inside the library, judging the type by the real file', () => {
    const { root } = library();
    symlinkSync(join(root, '2026/01/02/a.png'), join(root, '2026/01/02/b.png'));
    symlinkSync(join(root, '2026/01/02/a.json'), join(root, '2026/01/02/c.png'));
    expect(resolveLibraryMedia(root, '2026/01/02/b.png').path).toBe(join(root, '2026/01/02/a.png'));
    expect(() => resolveLibraryMedia(root, '2026/01/02/c.png')).toThrow(MediaNotServedError);
  });

  it('judges the type by the extension whatever its case, and serves nothing but media', () => {
    const { root } = library();
    writeFileSync(join(root, '2026/01/02/B.PNG'), 'png');
    writeFileSync(join(root, '2026/01/02/c.MOV'), 'mov');
    expect(resolveLibraryMedia(root, '2026/01/02/B.PNG').type).toBe('image/png');
    expect(resolveLibraryMedia(root, '2026/01/02/c.MOV').type).toBe('video/quicktime');
    for (const name of ['page.html', 'icon.svg', 'a.png.tmp', 'noextension']) {
      writeFileSync(join(root, '2026/01/02', name), 'x');
      expect(() => resolveLibraryMedia(root, `2026/01/02/${name}`), name).toThrow(MediaNotServedError);
    }
  });

  it('refuses sidecars, the database, folders and missing files', () => {
    const { root } = library();
    mkdirSync(join(root, 'folder.png'));
    for (const path of ['2026/01/02/a.json', '.atelier/library.sqlite', 'folder.png', '2026/01/02/missing.png']) {
      expect(() => resolveLibraryMedia(root, path), path).toThrow(MediaNotServedError);
    }
  });

  it('works when the library folder itself is reached through a link', () => {
    const { root } = library();
    const alias = join(mkdtempSync(join(tmpdir(), 'atelier-alias-')), 'lib');
    symlinkSync(root, alias);
    expect(resolveLibraryMedia(alias, '2026/01/02/a.png').path).toBe(join(root, '2026/01/02/a.png'));
  });
});
