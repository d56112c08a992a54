/**
 * Reading web mode's `/media-thumbnails` answer into addresses an `<img>` takes: the same code in
 * the page (a first screen's, tests on Node, a window whose worker would not start) and in the
 * thumbnail worker, where the Blobs and object URLs of a screen (20-46 ms of the page's frames
 * after a jump to the end, traced) hold no frame of the page.
 */
import { ThumbnailFrames } from './thumbnail-frames';

/** One picture of the answer: its address (null where the path was refused) and the bytes it holds in memory. */
export interface ReadPicture {
  address: string | null;
  size: number;
}

export interface ThumbnailRead {
  url: string;
  /** The paths asked, in order: a `data:` address names its file after the `#`. */
  paths: readonly string[];
  /** A new first screen's: `data:` addresses, made at once, where an object URL waits on the browser's own process. */
  inline: boolean;
}

export interface ThumbnailReader {
  /** Reads one answer, handing out its pictures in order as they come; rejects if it fails or `signal` aborts. */
  read(request: ThumbnailRead, signal: AbortSignal, got: (pictures: ReadPicture[]) => void): Promise<void>;
  /** An object URL this reader made is no longer shown nor kept. */
  drop(address: string): void;
}

/** Reads answers in the calling thread, through `fetch`. */
export function pageReader(fetchImpl: typeof globalThis.fetch): ThumbnailReader {
  return {
    async read(request, signal, got) {
      const response = await fetchImpl(request.url, { credentials: 'same-origin', signal });
      if (!response.ok || !response.body) throw new Error(`thumbnails answered ${String(response.status)}`);
      const types = (response.headers.get('x-media-types') ?? '').split(',');
      const frames = new ThumbnailFrames();
      const reader = response.body.getReader();
      let next = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const pictures = frames.push(value).map((bytes): ReadPicture => {
          const type = types[next] ?? '';
          const libraryPath = request.paths[next] ?? '';
          next += 1;
          if (bytes === null) return { address: null, size: 0 };
          const address = request.inline ? pictureAddress(bytes, type, libraryPath) : URL.createObjectURL(new Blob([bytes], { type }));
          return { address, size: request.inline ? address.length : bytes.length };
        });
        if (pictures.length > 0) got(pictures);
      }
    },
    drop(address) {
      if (address.startsWith('blob:')) URL.revokeObjectURL(address);
    },
  };
}

/** `Uint8Array.prototype.toBase64` (Chromium 140 and later): the bytes encoded natively, with no string built a character at a time. */
type WithToBase64 = Uint8Array & { toBase64?: () => string };

/**
 * A picture's bytes as an address an `<img>` takes without asking anyone, its library path as the
 * fragment (which the browser ignores) so the address names its file, as `/media`'s does.
 */
function pictureAddress(bytes: Uint8Array, type: string, libraryPath: string): string {
  return `data:${type || 'application/octet-stream'};base64,${base64Of(bytes)}#${encodeURIComponent(libraryPath)}`;
}

function base64Of(bytes: WithToBase64): string {
  if (typeof bytes.toBase64 === 'function') return bytes.toBase64();
  let binary = '';
  // In slices: `fromCharCode` takes its characters as arguments, and a call holds only so many.
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}
