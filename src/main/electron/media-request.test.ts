import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveInLibrary } from '../core/library/library-files';
import { libraryPathOfMediaUrl, mediaTypeOf, planByteRange } from './media-request';

describe('atelier-media URLs name library files only', () => {
  it('reads a plain path, decoding each segment', () => {
    expect(libraryPathOfMediaUrl('atelier-media://library/2026/11/22/a%20b%231.png')).toBe('2026/11/22/a b#1.png');
    expect(libraryPathOfMediaUrl('atelier-media://library/.thumbs/2026/11/22/a.webp?v=2')).toBe('.thumbs/2026/11/22/a.webp');
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

  it('serves media types only, by extension, whatever the case', () => {
    expect(mediaTypeOf('a/b.PNG')).toBe('image/png');
    expect(mediaTypeOf('a/b.jpeg')).toBe('image/jpeg');
    expect(mediaTypeOf('.thumbs/a.webp')).toBe('image/webp');
    expect(mediaTypeOf('a/b.mp4')).toBe('video/mp4');
    expect(mediaTypeOf('a/b.mov')).toBe('video/quicktime');
    for (const other of ['a/b.json', '.atelier/library.sqlite', 'a/b.html', 'a/b.svg', 'a/b', 'a/b.png.tmp']) expect(mediaTypeOf(other)).toBeUndefined();
  });
});

describe('byte ranges, so videos seek', () => {
  it('answers a whole file without a Range header', () => {
    expect(planByteRange(undefined, 1000)).toEqual({ status: 200, length: 1000 });
  });

  it('answers 206 with Content-Range for a closed, open and suffix range', () => {
    expect(planByteRange('bytes=0-99', 1000)).toEqual({ status: 206, start: 0, end: 99, length: 100, contentRange: 'bytes 0-99/1000' });
    expect(planByteRange('bytes=900-', 1000)).toEqual({ status: 206, start: 900, end: 999, length: 100, contentRange: 'bytes 900-999/1000' });
    expect(planByteRange('bytes=-10', 1000)).toEqual({ status: 206, start: 990, end: 999, length: 10, contentRange: 'bytes 990-999/1000' });
  });

  it('clamps an end past the file and a suffix longer than the file', () => {
    expect(planByteRange('bytes=500-5000', 1000)).toMatchObject({ status: 206, start: 500, end: 999 });
    expect(planByteRange('bytes=-5000', 1000)).toMatchObject({ status: 206, start: 0, end: 999 });
  });

  it('answers 416 for a range past the end and an empty suffix', () => {
    expect(planByteRange('bytes=1000-', 1000)).toEqual({ status: 416, contentRange: 'bytes */1000' });
    expect(planByteRange('bytes=-0', 1000)).toEqual({ status: 416, contentRange: 'bytes */1000' });
    expect(planByteRange('bytes=0-', 0)).toEqual({ status: 416, contentRange: 'bytes */0' });
  });

  it('ignores ranges it does not serve (several, malformed, reversed) and sends the whole file', () => {
    for (const header of ['bytes=0-1,5-6', 'items=0-5', 'bytes=abc', 'bytes=-', 'bytes=10-5']) {
      expect(planByteRange(header, 1000)).toEqual({ status: 200, length: 1000 });
    }
  });
});
