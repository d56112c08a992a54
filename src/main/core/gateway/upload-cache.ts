/**
 * Remembers which files were already uploaded to which gateway, by content hash, so the same
 * image is uploaded once per gateway profile. The library database implements it for the studio
 * and the CLI (`SqliteUploadCache`); memory serves tests and one-off clients.
 */

/** What is remembered of one uploaded file. */
export interface UploadCacheEntry {
  url: string;
  mimeType: string;
  /** Bytes. */
  size: number;
  width: number | undefined;
  height: number | undefined;
  /** The gateway's file id, when it gave one. */
  fileId: string | undefined;
  /** Unix milliseconds. */
  uploadedAt: number;
}

/** Upload records per gateway scope (profile + base URL) and content hash (sha256, hex). */
export interface UploadCache {
  get(scope: string, sha256: string): Promise<UploadCacheEntry | undefined>;
  /** Whether any upload of exactly this many bytes is remembered in the scope (a hit needs the same size). */
  holdsSize(scope: string, size: number): Promise<boolean>;
  put(scope: string, sha256: string, entry: UploadCacheEntry): Promise<void>;
  /** Forgets one entry, e.g. when the gateway no longer serves its URL. */
  delete(scope: string, sha256: string): Promise<void>;
}

function keyOf(scope: string, sha256: string): string {
  return `${scope}\n${sha256}`;
}

/** An upload cache that lives as long as the process (tests, and hosts without a data folder). */
export class MemoryUploadCache implements UploadCache {
  private readonly entries = new Map<string, UploadCacheEntry>();

  get(scope: string, sha256: string): Promise<UploadCacheEntry | undefined> {
    return Promise.resolve(this.entries.get(keyOf(scope, sha256)));
  }

  holdsSize(scope: string, size: number): Promise<boolean> {
    for (const [key, entry] of this.entries) if (entry.size === size && key.startsWith(keyOf(scope, ''))) return Promise.resolve(true);
    return Promise.resolve(false);
  }

  put(scope: string, sha256: string, entry: UploadCacheEntry): Promise<void> {
    this.entries.set(keyOf(scope, sha256), entry);
    return Promise.resolve();
  }

  delete(scope: string, sha256: string): Promise<void> {
    this.entries.delete(keyOf(scope, sha256));
    return Promise.resolve();
  }
}
