import { describe, expect, it } from 'vitest';
import { SqliteUploadCache } from '../../../src/main/core/library';
import { openLibrary, sha256Of } from './helpers';

describe('upload cache', () => {
  it('remembers uploads per gateway profile and across restarts', () => {
    const { db, reopen } = openLibrary();
    const cache = new SqliteUploadCache(db);
    const hash = sha256Of('reference.png');
    cache.put('profile-a', { sha256: hash, url: 'https://a.example/u/1.png', mime: 'image/png', bytes: 2048, width: 640, height: 480, uploadedAt: 1000 });

    expect(cache.get('profile-a', hash)).toEqual({ sha256: hash, url: 'https://a.example/u/1.png', mime: 'image/png', bytes: 2048, width: 640, height: 480, uploadedAt: 1000 });
    // The same file on another gateway has not been uploaded there.
    expect(cache.get('profile-b', hash)).toBeUndefined();

    db.close();
    const again = new SqliteUploadCache(reopen());
    expect(again.get('profile-a', hash.toUpperCase())?.url).toBe('https://a.example/u/1.png');
  });

  it('replaces an entry on re-upload and forgets entries on request', () => {
    const { db } = openLibrary();
    const cache = new SqliteUploadCache(db);
    const hash = sha256Of('x');
    cache.put('p', { sha256: hash, url: 'https://old', mime: 'image/png', bytes: 1, uploadedAt: 1 });
    cache.put('p', { sha256: hash, url: 'https://new', mime: 'image/png', bytes: 1, uploadedAt: 2 });
    expect(cache.get('p', hash)).toMatchObject({ url: 'https://new', uploadedAt: 2, width: null });
    cache.put('q', { sha256: hash, url: 'https://q', mime: 'image/png', bytes: 1, uploadedAt: 3 });
    expect(cache.delete('p', hash)).toBe(true);
    expect(cache.get('p', hash)).toBeUndefined();
    expect(cache.clearProfile('q')).toBe(1);
    expect(cache.get('q', hash)).toBeUndefined();
  });
});
