import { describe, expect, it } from 'vitest';
import { SqliteUploadCache } from '../../../src/main/core/library';
import { latestSchemaVersion, migrations } from '../../../src/main/core/library/migrations';
import { openLibrary, sha256Of, tempFolder } from './helpers';

const entry = (url: string, uploadedAt: number) => ({ url, mimeType: 'image/png', size: 2048, width: 640, height: 480, fileId: 'file_1', uploadedAt });

describe('upload cache', () => {
  it('remembers uploads per gateway scope and across restarts', async () => {
    const { db, reopen } = openLibrary();
    const cache = new SqliteUploadCache(db);
    const hash = sha256Of('reference.png');
    await cache.put('profile-a https://a.example', hash, entry('https://a.example/u/1.png', 1000));

    expect(await cache.get('profile-a https://a.example', hash)).toEqual(entry('https://a.example/u/1.png', 1000));
    // The same file on another gateway has not been uploaded there.
    expect(await cache.get('profile-b https://b.example', hash)).toBeUndefined();

    db.close();
    const again = new SqliteUploadCache(reopen());
    expect((await again.get('profile-a https://a.example', hash.toUpperCase()))?.url).toBe('https://a.example/u/1.png');
  });

  it('replaces an entry on re-upload, keeps unknown sizes unknown, and forgets entries on request', async () => {
    const { db } = openLibrary();
    const cache = new SqliteUploadCache(db);
    const hash = sha256Of('x');
    await cache.put('p1 https://g', hash, entry('https://old', 1));
    await cache.put('p1 https://g', hash, {
      url: 'https://new',
      mimeType: 'image/gif',
      size: 5,
      width: undefined,
      height: undefined,
      fileId: undefined,
      uploadedAt: 2,
    });
    expect(await cache.get('p1 https://g', hash)).toEqual({
      url: 'https://new',
      mimeType: 'image/gif',
      size: 5,
      width: undefined,
      height: undefined,
      fileId: undefined,
      uploadedAt: 2,
    });
    await cache.put('p2 https://g', hash, entry('https://q', 3));
    await cache.delete('p1 https://g', hash);
    expect(await cache.get('p1 https://g', hash)).toBeUndefined();
    await cache.put('p1 https://other', hash, entry('https://o', 4));
    expect(cache.clearScopes('p2')).toBe(1);
    expect(await cache.get('p2 https://g', hash)).toBeUndefined();
    expect((await cache.get('p1 https://other', hash))?.url).toBe('https://o');
  });

  it('keeps the preview and file name of an upload, the newer name for the same bytes again', async () => {
    const { db } = openLibrary();
    const cache = new SqliteUploadCache(db);
    const hash = sha256Of('courtyard');
    await cache.put('p https://g', hash, entry('https://g/u/abc.png', 1));
    cache.setLocalFacts('p https://g', hash, { preview: 'data:image/webp;base64,AA==', fileName: 'courtyard.png' });
    expect(cache.findByUrls('p https://g', ['https://g/u/abc.png'])).toEqual([
      {
        sha256: hash,
        url: 'https://g/u/abc.png',
        mimeType: 'image/png',
        size: 2048,
        width: 640,
        height: 480,
        preview: 'data:image/webp;base64,AA==',
        fileName: 'courtyard.png',
      },
    ]);
    cache.setLocalFacts('p https://g', hash, { preview: 'data:image/webp;base64,AA==', fileName: '庭院.png' });
    expect(cache.findByUrls('p https://g', ['https://g/u/abc.png'])[0]?.fileName).toBe('庭院.png');
    // Another gateway's row of the same bytes is untouched.
    await cache.put('q https://h', hash, entry('https://h/u/abc.png', 2));
    expect(cache.findByUrls('q https://h', ['https://h/u/abc.png'])[0]).toMatchObject({ preview: null, fileName: null });
  });

  it('describes uploads recorded before file names were kept, with no name', async () => {
    const dir = tempFolder();
    const { db: old } = openLibrary(dir, { migrations: migrations.slice(0, 11) });
    expect(old.schemaVersion).toBe(11);
    const hash = sha256Of('old upload');
    await new SqliteUploadCache(old).put('p https://g', hash, entry('https://g/u/old.png', 1));
    old.connection.prepare('UPDATE upload_cache SET preview = ?').run('data:image/webp;base64,AA==');
    old.close();
    const { db } = openLibrary(dir);
    expect(db.schemaVersion).toBe(latestSchemaVersion);
    expect(new SqliteUploadCache(db).findByUrls('p https://g', ['https://g/u/old.png'])).toEqual([
      {
        sha256: hash,
        url: 'https://g/u/old.png',
        mimeType: 'image/png',
        size: 2048,
        width: 640,
        height: 480,
        preview: 'data:image/webp;base64,AA==',
        fileName: null,
      },
    ]);
  });

  it('reports storage failures as rejected promises', async () => {
    const { db } = openLibrary();
    const cache = new SqliteUploadCache(db);
    db.close();
    await expect(cache.get('p', sha256Of('x'))).rejects.toThrow();
  });
});
