import type { LibraryDatabase } from './library-database';

/** A file already uploaded to a gateway profile, found again by the SHA-256 of its bytes. */
export interface UploadCacheEntry {
  /** Hex SHA-256 of the file's bytes. */
  sha256: string;
  /** The public address the gateway gave the upload (usable in `image_urls`). */
  url: string;
  mime: string;
  bytes: number;
  width?: number | null;
  height?: number | null;
  /** Unix milliseconds. */
  uploadedAt: number;
}

/** The same file is uploaded once per gateway profile: uploads on one gateway mean nothing to another. */
export interface UploadCache {
  get(profileId: string, sha256: string): UploadCacheEntry | undefined;
  put(profileId: string, entry: UploadCacheEntry): void;
}

interface UploadRow {
  sha256: string;
  url: string;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  uploaded_at: number;
}

/** The upload cache, stored in the library database (`upload_cache`). */
export class SqliteUploadCache implements UploadCache {
  constructor(private readonly db: LibraryDatabase) {}

  get(profileId: string, sha256: string): UploadCacheEntry | undefined {
    const row = this.db
      .prepare<[string, string], UploadRow>('SELECT sha256, url, mime, bytes, width, height, uploaded_at FROM upload_cache WHERE profile_id = ? AND sha256 = ?')
      .get(profileId, sha256.toLowerCase());
    if (!row) return undefined;
    return { sha256: row.sha256, url: row.url, mime: row.mime, bytes: row.bytes, width: row.width, height: row.height, uploadedAt: row.uploaded_at };
  }

  /** Records (or replaces) the upload of this content on this profile. */
  put(profileId: string, entry: UploadCacheEntry): void {
    const sql = `INSERT INTO upload_cache (profile_id, sha256, url, mime, bytes, width, height, uploaded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                 ON CONFLICT (profile_id, sha256) DO UPDATE SET url = excluded.url, mime = excluded.mime, bytes = excluded.bytes,
                   width = excluded.width, height = excluded.height, uploaded_at = excluded.uploaded_at`;
    this.db.prepare(sql).run(profileId, entry.sha256.toLowerCase(), entry.url, entry.mime, entry.bytes, entry.width ?? null, entry.height ?? null, entry.uploadedAt);
  }

  /** Forgets one upload (e.g. the gateway no longer serves its address). */
  delete(profileId: string, sha256: string): boolean {
    return this.db.prepare('DELETE FROM upload_cache WHERE profile_id = ? AND sha256 = ?').run(profileId, sha256.toLowerCase()).changes === 1;
  }

  /** Forgets every upload of a profile (the profile was deleted or points at another gateway). */
  clearProfile(profileId: string): number {
    return this.db.prepare('DELETE FROM upload_cache WHERE profile_id = ?').run(profileId).changes;
  }
}
