import { randomBytes } from 'node:crypto';

/** What is known about a served file without reading its bytes. */
export interface FileFacts {
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
  /** Bytes now (uploads, fixtures) or a renderer called on first download (results). */
  content: Buffer | (() => Promise<Buffer>);
  /** Not downloadable before this time (task results appear on completion). */
  availableFromMs?: number;
  /** Gone from this time on (result addresses expire). */
  expiresAtMs?: number;
}

/** Why a file cannot be served right now. */
export type FileAvailability = 'available' | 'not-yet' | 'expired';

/** One file the simulator serves under `/files/<name>`. */
export class ServedFile implements FileFacts {
  readonly mime: string;
  readonly format: string;
  readonly width: number;
  readonly height: number;
  readonly hasAlpha: boolean;
  private readonly availableFromMs: number;
  private readonly expiresAtMs: number;
  private cached: Promise<Buffer> | undefined;

  constructor(
    readonly name: string,
    private readonly init: FileInit,
  ) {
    this.mime = init.mime;
    this.format = init.format;
    this.width = init.width;
    this.height = init.height;
    this.hasAlpha = init.hasAlpha;
    this.availableFromMs = init.availableFromMs ?? 0;
    this.expiresAtMs = init.expiresAtMs ?? Number.POSITIVE_INFINITY;
    if (Buffer.isBuffer(init.content)) this.cached = Promise.resolve(init.content);
  }

  /** Whether the file can be downloaded at `nowMs`. */
  availability(nowMs: number): FileAvailability {
    if (nowMs < this.availableFromMs) return 'not-yet';
    if (nowMs >= this.expiresAtMs) return 'expired';
    return 'available';
  }

  /** The bytes, rendered once on first use. */
  bytes(): Promise<Buffer> {
    const { content } = this.init;
    this.cached ??= typeof content === 'function' ? content() : Promise.resolve(content);
    return this.cached;
  }

  /** Frees rendered bytes of an expired result (they can never be served again). */
  release(): void {
    this.cached = undefined;
  }
}

/** URL path prefix of served files. */
export const FILES_PREFIX = '/files/';

/** Every file the simulator serves: uploads, generated images, video clips, avatars. */
export class FileStore {
  private readonly files = new Map<string, ServedFile>();

  /** Registers a file and returns it; its name is random and unguessable. */
  add(init: FileInit): ServedFile {
    const name = `${randomBytes(12).toString('hex')}.${init.extension}`;
    const file = new ServedFile(name, init);
    this.files.set(name, file);
    return file;
  }

  /** Forget every file (admin reset). */
  clear(): void {
    this.files.clear();
  }

  /** The file with this name, if any. */
  get(name: string): ServedFile | undefined {
    return this.files.get(name);
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
export function fileUrl(publicBaseUrl: string, file: ServedFile): string {
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
