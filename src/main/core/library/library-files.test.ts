import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assetFilePath,
  dateFolder,
  extensionForMime,
  isTemporaryName,
  PathOutsideLibraryError,
  resolveInLibrary,
  sidecarPathFor,
  temporaryPathFor,
  thumbPathFor,
} from './library-files';

describe('library layout', () => {
  const createdAt = new Date(2025, 0, 9, 23, 30).getTime();

  it('files assets by local date as YYYY/MM/DD/<id>.<ext>', () => {
    expect(dateFolder(createdAt)).toBe('2025/01/09');
    expect(assetFilePath(createdAt, 'abc', 'image/png')).toBe('2025/01/09/abc.png');
    expect(assetFilePath(createdAt, 'abc', 'video/mp4')).toBe('2025/01/09/abc.mp4');
    expect(assetFilePath(createdAt, 'abc', 'image/jpeg; charset=binary')).toBe('2025/01/09/abc.jpg');
    expect(extensionForMime('application/x-unknown')).toBe('bin');
  });

  it('puts the sidecar beside the media and the thumbnail under .thumbs', () => {
    expect(sidecarPathFor('2025/01/09/abc.png')).toBe('2025/01/09/abc.json');
    expect(thumbPathFor('2025/01/09/abc.mp4')).toBe('.thumbs/2025/01/09/abc.webp');
  });

  it('makes hidden temporary names beside the target and recognises them', () => {
    const temporary = temporaryPathFor(join('lib', '2025', 'a.json'));
    expect(temporary.startsWith(join('lib', '2025', '.'))).toBe(true);
    expect(isTemporaryName(temporary.split(/[\\/]/).at(-1) ?? '')).toBe(true);
    expect(isTemporaryName('a.json')).toBe(false);
  });
});

describe('resolveInLibrary', () => {
  const root = resolve('/tmp/library-root');

  it('resolves relative paths inside the root', () => {
    expect(resolveInLibrary(root, '2025/01/09/abc.png')).toBe(join(root, '2025', '01', '09', 'abc.png'));
  });

  it.each(['../secret', '2025/../../etc/passwd', '/etc/passwd', 'C:/Windows', '', '.', 'a/\0b'])('refuses %j', (path) => {
    expect(() => resolveInLibrary(root, path)).toThrow(PathOutsideLibraryError);
  });
});
