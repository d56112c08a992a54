import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveInLibrary } from '../core/library/library-files';
import { libraryPathOfMediaUrl, mediaUrlOfLibraryPath } from './media-request';

describe('atelier-media URLs name library files only', () => {
  it('reads a plain path, decoding each segment', () => {
    expect(libraryPathOfMediaUrl('atelier-media://library/2026/11/22/a%20b%231.png')).toBe('2026/11/22/a b#1.png');
    expect(libraryPathOfMediaUrl('atelier-media://library/.thumbs/2026/11/22/a.webp?v=2')).toBe('.thumbs/2026/11/22/a.webp');
  });

  it('reads back the URL the shell makes for a library file', () => {
    expect(mediaUrlOfLibraryPath('2026/11/22/a b#1.png')).toBe('atelier-media://library/2026/11/22/a%20b%231.png');
    expect(libraryPathOfMediaUrl(mediaUrlOfLibraryPath('2026/11/22/a b#1.png'))).toBe('2026/11/22/a b#1.png');
  });

  it.each([
    ['parent segments', 'atelier-media://library/../../etc/passwd'],
    ['parent segments mid-path', 'atelier-media://library/2026/../../secret.png'],
    ['encoded parent segments', 'atelier-media://library/%2e%2e/%2E%2E/etc/passwd'],
    ['half-encoded parent segments', 'atelier-media://library/.%2e/x.png'],
    ['the current folder', 'atelier-media://library/./x.png'],
    ['an encoded slash', 'atelier-media://library/..%2f..%2fetc%2fpasswd'],
    ['an encoded slash in a name', 'atelier-media://library/2026%2F..%2F..%2Fx.png'],
    ['an encoded backslash', 'atelier-media://library/..%5c..%5cwindows%5cwin.ini'],
    ['a backslash', 'atelier-media://library/..\\..\\x.png'],
    ['an absolute path (empty first segment)', 'atelier-media://library//etc/passwd'],
    ['an encoded absolute path', 'atelier-media://library/%2Fetc%2Fpasswd'],
    ['a drive letter', 'atelier-media://library/C:/Windows/win.ini'],
    ['a NUL byte', 'atelier-media://library/a.png%00.txt'],
    ['malformed escapes', 'atelier-media://library/%E0%A4%A.png'],
    ['another host', 'atelier-media://elsewhere/a.png'],
    ['no host', 'atelier-media:///etc/passwd'],
    ['another scheme', 'file:///etc/passwd'],
    ['the library itself', 'atelier-media://library/'],
  ])('refuses %s', (_case, url) => {
    expect(libraryPathOfMediaUrl(url)).toBeUndefined();
  });

  it('keeps every accepted path inside the library folder once resolved', () => {
    const root = mkdtempSync(join(tmpdir(), 'atelier-media-'));
    mkdirSync(join(root, '2026'), { recursive: true });
    writeFileSync(join(root, '2026', 'a.png'), 'x');
    const path = libraryPathOfMediaUrl('atelier-media://library/2026/a.png');
    expect(path).toBeDefined();
    expect(resolveInLibrary(root, path ?? '')).toBe(join(root, '2026', 'a.png'));
  });
});
