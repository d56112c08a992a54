import { randomBytes } from 'node:crypto';
import type { RenderRecipe } from './recipes';

/** What is known about a served file without reading its bytes. */
interface FileFacts {
  mime: string;
  /** Container format: png, jpeg, webp, gif, mp4. */
  format: string;
  width: number;
  height: number;
  hasAlpha: boolean;
}

/** How to make a served file. */
export interface FileInit extends FileFacts {
  /** File extension used in the address (no dot). */
  extension: string;
  /** Bytes now (uploads), or the recipe of a result, rendered on first download. */
  content: Buffer | RenderRecipe;
  /** Not downloadable before this time (task results appear on completion). */
  availableFromMs?: number;
  /** Gone from this time on (result addresses expire). */
  expiresAtMs?: number;
}

/** Why a file cannot be served right now. */
export type FileAvailability = 'available' | 'not-yet' | 'expired';

/** Where the bytes of files come from: stored uploads and rendered recipes. */
export interface FileContentSource {
  /** The stored bytes of an upload. */
  stored(name: string): Promise<Buffer>;
  /** The bytes of a recipe (rendered, or from the render cache). */
  render(recipe: RenderRecipe): Promise<Buffer>;
}

/** A served file as saved with the simulator's state. */
export interface SavedFile extends FileFacts {
  name: string;
  extension: string;
  /** A recipe, or null for stored bytes (kept beside the state, by name). */
  recipe: RenderRecipe | null;
  availableFromMs: number;
  /** Null: never expires. */
  expiresAtMs: number | null;
}

/** One file the simulator serves under `/files/<name>`. */
export class ServedFile implements FileFacts {
  readonly mime: string;
  readonly format: string;
  readonly width: number;
  readonly height: number;
  readonly hasAlpha: boolean;
  readonly extension: string;
  /** The recipe of a generated file; undefined for stored bytes. */
  readonly recipe: RenderRecipe | undefined;
  private readonly availableFromMs: number;
  private readonly expiresAtMs: number;
  private readonly kept: Buffer | undefined;

  constructor(
    readonly name: string,
    init: FileInit,
    private readonly source?: FileContentSource,
  ) {
    this.mime = init.mime;
    this.format = init.format;
    this.width = init.width;
    this.height = init.height;
    this.hasAlpha = init.hasAlpha;
    this.extension = init.extension;
    this.availableFromMs = init.availableFromMs ?? 0;
    this.expiresAtMs = init.expiresAtMs ?? Number.POSITIVE_INFINITY;
    if (Buffer.isBuffer(init.content)) {
      // Without a source the bytes live here; with one they were stored by the store.
      this.kept = source === undefined ? init.content : undefined;
      this.recipe = undefined;
    } else {
      this.kept = undefined;
      this.recipe = init.content;
    }
  }

  /** Whether the file can be downloaded at `nowMs`. */
  availability(nowMs: number): FileAvailability {
    if (nowMs < this.availableFromMs) return 'not-yet';
    if (nowMs >= this.expiresAtMs) return 'expired';
    return 'available';
  }

  /** The bytes: kept, stored, or rendered from the recipe (cached by request). */
  bytes(): Promise<Buffer> {
    if (this.kept !== undefined) return Promise.resolve(this.kept);
    if (this.source === undefined) return Promise.reject(new Error(`file ${this.name} has no content source`));
    return this.recipe === undefined ? this.source.stored(this.name) : this.source.render(this.recipe);
  }

  /** The file as saved with the simulator's state. */
  saved(): SavedFile {
    return {
      name: this.name,
      extension: this.extension,
      mime: this.mime,
      format: this.format,
      width: this.width,
      height: this.height,
      hasAlpha: this.hasAlpha,
      recipe: this.recipe ?? null,
      availableFromMs: this.availableFromMs,
      expiresAtMs: Number.isFinite(this.expiresAtMs) ? this.expiresAtMs : null,
    };
  }
}

/** URL path prefix of served files. */
export const FILES_PREFIX = '/files/';

/** Keeps the bytes of uploads (in memory, or in the state folder when the simulator persists). */
export interface ByteStore {
  put(name: string, bytes: Buffer): void;
  get(name: string): Promise<Buffer>;
  clear(): void;
}

/** Uploads' bytes in memory. */
export class MemoryByteStore implements ByteStore {
  private readonly bytes = new Map<string, Buffer>();

  put(name: string, bytes: Buffer): void {
    this.bytes.set(name, bytes);
  }

  get(name: string): Promise<Buffer> {
    const found = this.bytes.get(name);
    return found ? Promise.resolve(found) : Promise.reject(new Error(`no stored bytes for ${name}`));
  }

  clear(): void {
    this.bytes.clear();
  }
}

/** Every file the simulator serves: uploads, generated images, videos, thumbnails, avatars. */
export class FileStore {
  private readonly files = new Map<string, ServedFile>();
  private readonly source: FileContentSource;

  constructor(
    private readonly storage: ByteStore,
    render: (recipe: RenderRecipe) => Promise<Buffer>,
  ) {
    this.source = { stored: (name) => storage.get(name), render };
  }

  /** Registers a file and returns it; its name is random and unguessable. */
  add(init: FileInit): ServedFile {
    const name = `${randomBytes(12).toString('hex')}.${init.extension}`;
    if (Buffer.isBuffer(init.content)) this.storage.put(name, init.content);
    const file = new ServedFile(name, init, this.source);
    this.files.set(name, file);
    return file;
  }

  /** Forget every file (admin reset). */
  clear(): void {
    this.files.clear();
    this.storage.clear();
  }

  /** The file with this name, if any. */
  get(name: string): ServedFile | undefined {
    return this.files.get(name);
  }

  /** Every file, as saved with the simulator's state. */
  saved(): SavedFile[] {
    return [...this.files.values()].map((file) => file.saved());
  }

  /** Brings back saved files (their stored bytes are already in the byte store). */
  restore(saved: readonly SavedFile[]): void {
    for (const entry of saved) {
      const init: FileInit = {
        extension: entry.extension,
        mime: entry.mime,
        format: entry.format,
        width: entry.width,
        height: entry.height,
        hasAlpha: entry.hasAlpha,
        content: entry.recipe ?? Buffer.alloc(0),
        availableFromMs: entry.availableFromMs,
        ...(entry.expiresAtMs === null ? {} : { expiresAtMs: entry.expiresAtMs }),
      };
      this.files.set(entry.name, new ServedFile(entry.name, init, this.source));
    }
  }

  /** The file a URL points at when it is one of ours (`<base>/files/<name>`). */
  resolveUrl(url: string, publicBaseUrl: string): ServedFile | undefined {
    const name = localFileName(url, publicBaseUrl);
    return name === undefined ? undefined : this.files.get(name);
  }

  /** Whether a URL has our origin and the files prefix (so it must be one of ours). */
  isLocalUrl(url: string, publicBaseUrl: string): boolean {
    return localFileName(url, publicBaseUrl) !== undefined;
  }
}

/** The absolute address of a served file. */
export function fileUrl(publicBaseUrl: string, file: Pick<ServedFile, 'name'>): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}${FILES_PREFIX}${file.name}`;
}

function localFileName(url: string, publicBaseUrl: string): string | undefined {
  try {
    const target = new URL(url);
    const base = new URL(publicBaseUrl);
    const basePath = base.pathname.replace(/\/+$/, '');
    const prefix = `${basePath}${FILES_PREFIX}`;
    if (target.origin !== base.origin || !target.pathname.startsWith(prefix)) return undefined;
    return decodeURIComponent(target.pathname.slice(prefix.length));
  } catch {
    return undefined;
  }
}
