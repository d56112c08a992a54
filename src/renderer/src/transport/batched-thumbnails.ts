/**
 * Web mode's thumbnail loader: the tiles that come into view together go in one request to
 * `/media-thumbnails` (a browser holds six connections per host over plain http, so thirty
 * thumbnails asked one by one arrive four or six at a time). Each picture is shown through an
 * object URL as soon as its bytes are in, and released when its tile leaves; a new first screen's
 * pictures, and those fetched before the Gallery shows (`warm`), through `data:` addresses instead
 * (a Blob's object URL waits on the browser process, 10-35 ms each on a busy machine, which held a
 * screen of 38 back by 0.4-1.3 s); a request whose tiles
 * have all gone is cancelled. The bytes are kept in a bounded memory, so tiles scrolled back to
 * and the Gallery's warm start need no second fetch.
 */
import { THUMBNAILS_AT_ONCE, THUMBNAILS_ROUTE } from '../../../shared/contract/thumbnails';
import { encodeLibraryPath } from '../../../shared/contract/client';
import { ThumbnailFrames } from './thumbnail-frames';
import type { ThumbnailClaim, ThumbnailLoader } from './thumbnail-loader';

export interface BatchedThumbnailsOptions {
  /** Prefix of the studio's paths; '' means the page's own origin. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** Requests on their way at once; the others of the window's six connections stay free for its calls and events. */
  batchesAtOnce?: number;
  /** Bytes of pictures kept in memory, the least recently shown dropped first. */
  keptBytes?: number;
}

/**
 * A new first screen's tiles go as soon as the grid has drawn them (`sendWaiting`). Other tiles
 * are sent once a frame has passed without a new one (the grid has come to rest) or the first of
 * them has waited `LONGEST_WAIT_MS`: while the wheel flies, a row mounts every frame and
 * leaves the next, and a request for each would only be cancelled. A frame, not a fixed time: on
 * a busy machine a frame takes 80 ms, and a shorter rest was found between every two of them.
 */
const LONGEST_WAIT_MS = 500;
/** Where there are no frames (a worker, tests on Node): how long the grid must stay still. */
const RESTING_MS = 20;

interface Wanted {
  libraryPath: string;
  askedAt: number;
  /** Null for a warm start's picture: kept in memory, shown to nobody. */
  show: ((url: string) => void) | null;
  /** `joined`: the same picture is already on its way for another (the warm start); it waits for that one. */
  state: 'waiting' | 'fetching' | 'joined' | 'shown' | 'gone';
  batch?: Batch;
  url?: string;
}

interface Batch {
  /** Tiles still waiting for their picture in this request. */
  open: number;
  abort: AbortController;
  libraryPaths: string[];
  /** A new first screen's: its pictures are shown through `data:` addresses. */
  inline: boolean;
}

/** A picture in memory; the warm start's keep their `data:` address, for the first screen they are fetched for. */
interface Kept {
  blob: Blob;
  address?: string;
}

export function batchedThumbnails(options: BatchedThumbnailsOptions = {}): ThumbnailLoader {
  const baseUrl = options.baseUrl ?? '';
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const batchesAtOnce = options.batchesAtOnce ?? 2;
  const keptBytes = options.keptBytes ?? 48 * 1024 * 1024;
  const kept = new Map<string, Kept>();
  let keptSize = 0;
  const sizeOf = (picture: Kept): number => picture.blob.size + (picture.address?.length ?? 0);
  const waiting: Wanted[] = [];
  /** Pictures on their way, with whoever else waits for the same one. */
  const onTheirWay = new Map<string, Set<Wanted>>();
  let batches = 0;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let watchingFrames = false;
  let askedThisFrame = false;

  const keep = (libraryPath: string, picture: Kept): void => {
    const before = kept.get(libraryPath);
    if (before) keptSize -= sizeOf(before);
    kept.delete(libraryPath);
    kept.set(libraryPath, picture);
    keptSize += sizeOf(picture);
    for (const [path, old] of kept) {
      if (keptSize <= keptBytes) break;
      kept.delete(path);
      keptSize -= sizeOf(old);
    }
  };

  /**
   * Hands a tile its address: `inline` (a first screen's `data:` address), an object URL for bytes in
   * memory, else `/media`'s own (a large picture, say, which `<img>` then loads or fails on).
   */
  const show = (wanted: Wanted, blob: Blob | null, inline?: string): void => {
    if (wanted.state === 'gone') return;
    wanted.state = 'shown';
    if (!wanted.show) return;
    wanted.url = inline ?? (blob ? URL.createObjectURL(blob) : `${baseUrl}/media/${encodeLibraryPath(wanted.libraryPath)}`);
    wanted.show(wanted.url);
  };

  /** A tile of the request has gone; once all have, the request is cancelled and tiles that joined it since ask anew. */
  const closeOne = (batch: Batch): void => {
    batch.open -= 1;
    if (batch.open > 0) return;
    batch.abort.abort();
    // A first screen laid out again (its width measured) remounts its tiles: they join, then the request goes.
    for (const libraryPath of batch.libraryPaths) {
      const joined = onTheirWay.get(libraryPath);
      onTheirWay.delete(libraryPath);
      for (const wanted of joined ?? []) {
        if (wanted.state !== 'joined') continue;
        Object.assign(wanted, { state: 'waiting', askedAt: performance.now() });
        waiting.push(wanted);
      }
    }
    if (waiting.length > 0) scheduleFlush();
  };

  /** A picture is in (or will not come): everyone who joined its fetch is shown it too. */
  const arrived = (libraryPath: string, blob: Blob | null, inline?: string): void => {
    const joined = onTheirWay.get(libraryPath);
    onTheirWay.delete(libraryPath);
    for (const wanted of joined ?? []) if (wanted.state === 'joined') show(wanted, blob, inline);
  };

  async function fetchBatch(group: Wanted[], batch: Batch): Promise<void> {
    const query = group.map((wanted) => `path=${encodeURIComponent(wanted.libraryPath)}`).join('&');
    let next = 0;
    try {
      const response = await fetchImpl(`${baseUrl}${THUMBNAILS_ROUTE}?${query}`, { credentials: 'same-origin', signal: batch.abort.signal });
      if (!response.ok || !response.body) throw new Error(`thumbnails answered ${String(response.status)}`);
      const types = (response.headers.get('x-media-types') ?? '').split(',');
      const frames = new ThumbnailFrames();
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const bytes of frames.push(value)) {
          const wanted = group[next];
          const type = types[next] ?? '';
          next += 1;
          if (!wanted) continue;
          const blob = bytes === null ? null : new Blob([bytes], { type });
          const inline = bytes !== null && batch.inline ? pictureAddress(bytes, type, wanted.libraryPath) : undefined;
          if (blob) keep(wanted.libraryPath, { blob, address: wanted.show === null ? inline : undefined });
          arrived(wanted.libraryPath, blob, inline);
          if (wanted.state === 'fetching') {
            show(wanted, blob, inline);
            closeOne(batch);
          }
        }
      }
    } catch {
      // Cancelled (its tiles gone) or failed: a tile still here gets `/media`'s address, and its picture its own chance.
    } finally {
      for (const wanted of group.slice(next)) {
        // A cancelled request's joiners were sent on already (`closeOne`); its paths may be on their way again.
        if (!batch.abort.signal.aborted) arrived(wanted.libraryPath, null);
        if (wanted.state === 'fetching') show(wanted, null);
      }
      batches -= 1;
      scheduleFlush();
    }
  }

  /** Sends what waits, a screen a request (`inline`: a new first screen's). */
  function flush(inline = false): void {
    while (batches < batchesAtOnce && waiting.length > 0) {
      const group = waiting.splice(0, THUMBNAILS_AT_ONCE);
      const batch: Batch = { open: group.length, abort: new AbortController(), libraryPaths: group.map((wanted) => wanted.libraryPath), inline };
      for (const wanted of group) {
        Object.assign(wanted, { state: 'fetching', batch });
        onTheirWay.set(wanted.libraryPath, onTheirWay.get(wanted.libraryPath) ?? new Set());
      }
      batches += 1;
      void fetchBatch(group, batch);
    }
  }
  function scheduleFlush(): void {
    if (typeof requestAnimationFrame !== 'function') {
      clearTimeout(flushTimer);
      const oldest = waiting[0];
      if (oldest && batches < batchesAtOnce)
        flushTimer = setTimeout(flush, Math.max(0, Math.min(RESTING_MS, oldest.askedAt + LONGEST_WAIT_MS - performance.now())));
      return;
    }
    if (watchingFrames) return;
    watchingFrames = true;
    const everyFrame = (): void => {
      const oldest = waiting[0];
      const rested = !askedThisFrame || (oldest !== undefined && performance.now() - oldest.askedAt >= LONGEST_WAIT_MS);
      askedThisFrame = false;
      if (rested) flush();
      watchingFrames = waiting.length > 0 && batches < batchesAtOnce;
      if (watchingFrames) requestAnimationFrame(everyFrame);
    };
    requestAnimationFrame(everyFrame);
  }

  const ask = (libraryPath: string, onShow: ((url: string) => void) | null): Wanted => {
    const wanted: Wanted = { libraryPath, askedAt: performance.now(), show: onShow, state: 'waiting' };
    const picture = kept.get(libraryPath);
    const joined = onTheirWay.get(libraryPath);
    if (picture) {
      keep(libraryPath, picture);
      show(wanted, picture.blob, picture.address);
    } else if (joined) {
      wanted.state = 'joined';
      joined.add(wanted);
    } else {
      waiting.push(wanted);
      askedThisFrame = true;
      scheduleFlush();
    }
    return wanted;
  };

  return {
    request(libraryPath, onShow): ThumbnailClaim {
      const wanted = ask(libraryPath, onShow);
      return {
        settled: () => undefined,
        release: () => {
          const was = wanted.state;
          wanted.state = 'gone';
          if (was === 'waiting') waiting.splice(waiting.indexOf(wanted), 1);
          if (was === 'fetching' && wanted.batch) closeOne(wanted.batch);
          if (was === 'joined') onTheirWay.get(libraryPath)?.delete(wanted);
          if (wanted.url?.startsWith('blob:')) URL.revokeObjectURL(wanted.url);
          wanted.url = undefined;
        },
      };
    },
    // Sent at once, as the first screen it will be: its pictures keep their `data:` addresses.
    warm(libraryPaths) {
      for (const libraryPath of libraryPaths) if (!kept.has(libraryPath) && !onTheirWay.has(libraryPath)) ask(libraryPath, null);
      flush(true);
    },
    sendWaiting: () => flush(true),
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
