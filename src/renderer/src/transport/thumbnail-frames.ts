/**
 * Reads web mode's `/media-thumbnails` answer as it streams: each file is a 4-byte big-endian
 * length and its bytes, in the order asked; `THUMBNAIL_NOT_SERVED` as the length marks a path refused.
 * Pure, so the framing is tested without a server.
 */
import { THUMBNAIL_NOT_SERVED } from '../../../shared/contract/thumbnails';

/** Collects chunks and hands out each whole file (its bytes, or null where refused) as soon as it is in. */
export class ThumbnailFrames {
  private pending = new Uint8Array(0);

  /** Adds a chunk of the body; returns the files it completed, in order. */
  push(chunk: Uint8Array): (Uint8Array<ArrayBuffer> | null)[] {
    const joined = new Uint8Array(this.pending.length + chunk.length);
    joined.set(this.pending);
    joined.set(chunk, this.pending.length);
    const files: (Uint8Array<ArrayBuffer> | null)[] = [];
    let at = 0;
    while (joined.length - at >= 4) {
      const length = new DataView(joined.buffer, at, 4).getUint32(0);
      if (length === THUMBNAIL_NOT_SERVED) {
        files.push(null);
        at += 4;
        continue;
      }
      if (joined.length - at - 4 < length) break;
      files.push(joined.slice(at + 4, at + 4 + length));
      at += 4 + length;
    }
    this.pending = joined.slice(at);
    return files;
  }
}
