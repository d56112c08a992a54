/**
 * Web mode's thumbnail loader: the tiles that come into view together go in one request to
 * `/media-thumbnails` (a browser holds six connections per host over plain http, so thirty
 * thumbnails asked one by one arrive four or six at a time). Each picture is shown through an
 * object URL as soon as its bytes are in, made by the thumbnail worker off the page's thread; a
 * new first screen's pictures, and those fetched before the Gallery shows (`warm`), through `data:`
 * addresses instead (a Blob's object URL waits on the browser process, 10-35 ms each on a busy
 * machine, which held a screen of 38 back by 0.4-1.3 s); a request whose tiles have all gone is
 * cancelled. The addresses are kept in a bounded memory, so tiles scrolled back to and the
 * Gallery's warm start need no second fetch.
 */
import { THUMBNAILS_AT_ONCE, THUMBNAILS_ROUTE } from '../../../shared/contract/thumbnails';
import { encodeLibraryPath } from '../../../shared/contract/client';
import type { ThumbnailClaim, ThumbnailLoader } from './thumbnail-loader';
import { pageReader, type ReadPicture, type ThumbnailReader } from './thumbnail-reading';
import { workerReader } from './worker-reader';

export interface BatchedThumbnailsOptions {
  /** Prefix of the studio's paths; '' means the page's own origin. */
  baseUrl?: string;
  /** Fetches in the page's own thread; without it, a worker reads the answers where the window can start one. */
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
}

interface Batch {
  /** Tiles still waiting for their picture in this request. */
  open: number;
  abort: AbortController;
  libraryPaths: string[];
  /** A new first screen's: its pictures are shown through `data:` addresses. */
  inline: boolean;
}

/** The page's own thread where a fetch is given or no worker can start (tests on Node), else the thumbnail worker. */
function readerFor(options: BatchedThumbnailsOptions): ThumbnailReader {
  if (options.fetch) return pageReader(options.fetch);
  const inPage = pageReader(globalThis.fetch.bind(globalThis));
  return typeof Worker === 'function' ? workerReader(inPage) : inPage;
}

export function batchedThumbnails(options: BatchedThumbnailsOptions = {}): ThumbnailLoader {
  const baseUrl = options.baseUrl ?? '';
  const reader = readerFor(options);
  const batchesAtOnce = options.batchesAtOnce ?? 2;
  const keptBytes = options.keptBytes ?? 48 * 1024 * 1024;
  /** Pictures in memory by library path: an object URL, or a first screen's `data:` address. */
  const kept = new Map<string, ReadPicture & { address: string }>();
  let keptSize = 0;
  const waiting: Wanted[] = [];
  /** Pictures on their way, with whoever else waits for the same one. */
  const onTheirWay = new Map<string, Set<Wanted>>();
  let batches = 0;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let watchingFrames = false;
  let askedThisFrame = false;

  /** Keeps a picture as the most recent, dropping the least recently shown past the bound (a tile showing one keeps its decoded picture). */
  const keep = (libraryPath: string, picture: ReadPicture & { address: string }): void => {
    const before = kept.get(libraryPath);
    if (before) keptSize -= before.size;
    if (before && before.address !== picture.address) reader.drop(before.address);
    kept.delete(libraryPath);
    kept.set(libraryPath, picture);
    keptSize += picture.size;
    for (const [path, old] of kept) {
      if (keptSize <= keptBytes) break;
      kept.delete(path);
      keptSize -= old.size;
      reader.drop(old.address);
    }
  };

  /** Hands a tile its picture's address, else `/media`'s own (a large picture, say, which `<img>` then loads or fails on). */
  const show = (wanted: Wanted, address: string | null): void => {
    if (wanted.state === 'gone') return;
    wanted.state = 'shown';
    if (!wanted.show) return;
    wanted.show(address ?? `${baseUrl}/media/${encodeLibraryPath(wanted.libraryPath)}`);
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
  const arrived = (libraryPath: string, address: string | null): void => {
    const joined = onTheirWay.get(libraryPath);
    onTheirWay.delete(libraryPath);
    for (const wanted of joined ?? []) if (wanted.state === 'joined') show(wanted, address);
  };

  async function fetchBatch(group: Wanted[], batch: Batch): Promise<void> {
    const paths = group.map((wanted) => wanted.libraryPath);
    const query = paths.map((libraryPath) => `path=${encodeURIComponent(libraryPath)}`).join('&');
    // Absolute: a worker resolves a relative address against its own script's.
    const url = new URL(`${baseUrl}${THUMBNAILS_ROUTE}?${query}`, globalThis.location?.href).href;
    let next = 0;
    try {
      await reader.read({ url, paths, inline: batch.inline }, batch.abort.signal, (pictures) => {
        for (const picture of pictures) {
          const wanted = group[next];
          next += 1;
          if (!wanted) continue;
          const { address } = picture;
          if (address !== null) keep(wanted.libraryPath, { address, size: picture.size });
          arrived(wanted.libraryPath, address);
          if (wanted.state === 'fetching') {
            show(wanted, address);
            closeOne(batch);
          }
        }
      });
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
      show(wanted, picture.address);
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
