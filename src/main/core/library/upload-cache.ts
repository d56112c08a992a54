import type { UploadCache, UploadCacheEntry } from '../gateway/upload-cache';
import type { LibraryDatabase } from './library-database';

interface UploadRow {
  url: string;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  file_id: string | null;
  uploaded_at: number;
}

/** An earlier upload found by its address. */
export interface KnownUpload {
  sha256: string;
  url: string;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
  /** Its small preview (`data:image/webp;base64,…`), or null for uploads made before previews were kept. */
  preview: string | null;
  /** The name of the file it was last uploaded from, or null for uploads made before names were kept. */
  fileName: string | null;
}

/** Runs synchronous SQLite work behind the gateway client's promise-based interface. */
function settle<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/**
 * The gateway client's upload cache, stored in the library database (`upload_cache`). The
 * scope (profile id + base URL, as the client builds it) is kept in the `profile_id` column:
 * the same file is uploaded once per gateway, and an upload on one means nothing to another.
 */
export class SqliteUploadCache implements UploadCache {
  constructor(private readonly db: LibraryDatabase) {}

  get(scope: string, sha256: string): Promise<UploadCacheEntry | undefined> {
    return settle(() => {
      const row = this.db
        .prepare<[string, string], UploadRow>(
          'SELECT url, mime, bytes, width, height, file_id, uploaded_at FROM upload_cache WHERE profile_id = ? AND sha256 = ?',
        )
        .get(scope, sha256.toLowerCase());
      if (!row) return undefined;
      return {
        url: row.url,
        mimeType: row.mime,
        size: row.bytes,
        width: row.width ?? undefined,
        height: row.height ?? undefined,
        fileId: row.file_id ?? undefined,
        uploadedAt: row.uploaded_at,
      };
    });
  }

  holdsSize(scope: string, size: number): Promise<boolean> {
    return settle(
      () =>
        this.db
          .prepare<[string, number], { found: number }>('SELECT 1 AS found FROM upload_cache WHERE profile_id = ? AND bytes = ? LIMIT 1')
          .get(scope, size) !== undefined,
    );
  }

  /** Records (or replaces) the upload of this content in this scope. */
  put(scope: string, sha256: string, entry: UploadCacheEntry): Promise<void> {
    return settle(() => {
      const sql = `INSERT INTO upload_cache (profile_id, sha256, url, mime, bytes, width, height, file_id, uploaded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                   ON CONFLICT (profile_id, sha256) DO UPDATE SET url = excluded.url, mime = excluded.mime, bytes = excluded.bytes,
                     width = excluded.width, height = excluded.height, file_id = excluded.file_id, uploaded_at = excluded.uploaded_at`;
      this.db
        .prepare(sql)
        .run(
          scope,
          sha256.toLowerCase(),
          entry.url,
          entry.mimeType,
          entry.size,
          entry.width ?? null,
          entry.height ?? null,
          entry.fileId ?? null,
          entry.uploadedAt,
        );
    });
  }

  /** Forgets one upload (e.g. the gateway no longer serves its address). */
  delete(scope: string, sha256: string): Promise<void> {
    return settle(() => {
      this.db.prepare('DELETE FROM upload_cache WHERE profile_id = ? AND sha256 = ?').run(scope, sha256.toLowerCase());
    });
  }

  /**
   * Keeps the small preview (a `data:` URL) and the file name of an upload, for showing it again
   * in a reused recipe. The same bytes uploaded again under another name take the newer name.
   */
  setLocalFacts(scope: string, sha256: string, facts: { preview: string; fileName: string }): void {
    this.db
      .prepare('UPDATE upload_cache SET preview = ?, file_name = ? WHERE profile_id = ? AND sha256 = ?')
      .run(facts.preview, facts.fileName, scope, sha256.toLowerCase());
  }

  /** What this scope knows of uploads by their addresses (those it never uploaded are left out). */
  findByUrls(scope: string, urls: readonly string[]): KnownUpload[] {
    const found: KnownUpload[] = [];
    const statement = this.db.prepare<[string, string], UploadRow & { sha256: string; preview: string | null; file_name: string | null }>(
      'SELECT sha256, url, mime, bytes, width, height, file_id, uploaded_at, preview, file_name FROM upload_cache WHERE profile_id = ? AND url = ?',
    );
    for (const url of new Set(urls)) {
      const row = statement.get(scope, url);
      if (row)
        found.push({
          sha256: row.sha256,
          url: row.url,
          mimeType: row.mime,
          size: row.bytes,
          width: row.width,
          height: row.height,
          preview: row.preview,
          fileName: row.file_name,
        });
    }
    return found;
  }

  /** Forgets every upload of scopes that start with `prefix` (e.g. a deleted profile's id); returns how many. */
  clearScopes(prefix: string): number {
    return this.db.prepare('DELETE FROM upload_cache WHERE substr(profile_id, 1, length(?)) = ?').run(prefix, prefix).changes;
  }
}
