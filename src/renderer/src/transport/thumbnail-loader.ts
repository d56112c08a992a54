/**
 * How a tile gets its picture, one loader per transport behind one tile code path: Electron's
 * media protocol answers one request a picture (`directThumbnails`), web mode asks for a screen
 * of thumbnails in one request (`batched-thumbnails.ts`), since a browser holds six connections
 * per host over plain http.
 */
import { ThumbnailQueue } from './thumbnail-queue';

/** One tile's claim on its picture. */
export interface ThumbnailClaim {
  /** The picture has loaded or failed in the tile: its turn (if any) goes to the next tile. */
  settled(): void;
  /** The tile has gone: a fetch nobody else waits for stops, and the address given is released. Safe to call twice. */
  release(): void;
}

export interface ThumbnailLoader {
  /**
   * Asks for the picture at a library path; `show` receives an address an `<img>` can take, once,
   * perhaps before this returns (a picture already in memory), never after `release`.
   */
  request(libraryPath: string, show: (url: string) => void): ThumbnailClaim;
  /** Fetches pictures before any tile asks (the Gallery readied while Create loads); nothing waits for it. */
  warm(libraryPaths: readonly string[]): void;
  /** The grid has drawn a new first screen: a loader that gathers tiles into requests sends what waits now, without waiting for the grid to rest. */
  sendWaiting(): void;
}

/**
 * One request a picture, at the transport's own address for it, in the queue's turns: a tile
 * that leaves before its turn never fetches, so what comes into view next is not queued behind
 * pictures nobody sees.
 */
export function directThumbnails(mediaUrl: (libraryPath: string) => string, queue = new ThumbnailQueue(4)): ThumbnailLoader {
  const request = (libraryPath: string, show: (url: string) => void): ThumbnailClaim => {
    let gone = false;
    const turn = queue.request(() => {
      if (!gone) show(mediaUrl(libraryPath));
    });
    return {
      settled: () => turn.release(),
      release: () => {
        gone = true;
        turn.release();
      },
    };
  };
  return {
    request,
    warm(libraryPaths) {
      for (const libraryPath of libraryPaths) {
        const picture = new Image();
        const claim = request(libraryPath, (url) => {
          picture.onload = picture.onerror = () => claim.release();
          picture.src = url;
        });
      }
    },
    // One request a picture, in the queue's turns: nothing waits for the grid to rest.
    sendWaiting: () => undefined,
  };
}
