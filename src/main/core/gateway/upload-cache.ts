/**
 * Remembers which files were already uploaded to which gateway, by content hash, so the same
 * image is uploaded once per gateway profile. The library store will implement the same
 * interface on SQLite; until then a JSON file in the data folder (or memory) holds it.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { createLogger } from '../log';

const log = createLogger('upload-cache');

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
  put(scope: string, sha256: string, entry: UploadCacheEntry): Promise<void>;
  /** Forgets one entry, e.g. when the gateway no longer serves its URL. */
  delete(scope: string, sha256: string): Promise<void>;
}

const entrySchema = z.object({
  url: z.string().min(1),
  mimeType: z.string(),
  size: z.number(),
  width: z.number().optional(),
  height: z.number().optional(),
  fileId: z.string().optional(),
  uploadedAt: z.number(),
});
const fileSchema = z.object({ version: z.literal(1), entries: z.record(z.string(), entrySchema) });

function keyOf(scope: string, sha256: string): string {
  return `${scope}\n${sha256}`;
}

/** An upload cache that lives as long as the process (tests, and hosts without a data folder). */
export class MemoryUploadCache implements UploadCache {
  protected entries = new Map<string, UploadCacheEntry>();

  get(scope: string, sha256: string): Promise<UploadCacheEntry | undefined> {
    return Promise.resolve(this.entries.get(keyOf(scope, sha256)));
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

/**
 * The upload cache as one JSON file, loaded on first use and rewritten atomically (temp file +
 * rename) after each change. A damaged file is set aside as empty rather than failing uploads.
 */
export class JsonFileUploadCache implements UploadCache {
  private loaded: Promise<Map<string, UploadCacheEntry>> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly filePath: string) {}

  async get(scope: string, sha256: string): Promise<UploadCacheEntry | undefined> {
    return (await this.load()).get(keyOf(scope, sha256));
  }

  async put(scope: string, sha256: string, entry: UploadCacheEntry): Promise<void> {
    (await this.load()).set(keyOf(scope, sha256), entry);
    await this.save();
  }

  async delete(scope: string, sha256: string): Promise<void> {
    if ((await this.load()).delete(keyOf(scope, sha256))) await this.save();
  }

  private load(): Promise<Map<string, UploadCacheEntry>> {
    this.loaded ??= readFile(this.filePath, 'utf8').then(
      (text) => {
        const parsed = fileSchema.safeParse(parseJson(text));
        if (parsed.success) return new Map(Object.entries(parsed.data.entries).map(([k, e]) => [k, toEntry(e)]));
        log.warn(`ignoring an unreadable upload cache at ${this.filePath}`);
        return new Map<string, UploadCacheEntry>();
      },
      () => new Map<string, UploadCacheEntry>(),
    );
    return this.loaded;
  }

  /** Writes are chained so two quick changes never interleave. */
  private save(): Promise<void> {
    const next = this.writing.then(async () => {
      const entries = Object.fromEntries(await this.load());
      const temp = `${this.filePath}.${process.pid}.tmp`;
      await mkdir(dirname(this.filePath), { recursive: true });
      await writeFile(temp, JSON.stringify({ version: 1, entries }), 'utf8');
      await rename(temp, this.filePath);
    });
    // A failed write is reported to its caller but does not block the writes after it.
    this.writing = next.catch(() => undefined);
    return next;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toEntry(stored: z.infer<typeof entrySchema>): UploadCacheEntry {
  return {
    url: stored.url,
    mimeType: stored.mimeType,
    size: stored.size,
    width: stored.width,
    height: stored.height,
    fileId: stored.fileId,
    uploadedAt: stored.uploadedAt,
  };
}
