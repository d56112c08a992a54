import type { AssetKind } from '../library';

/** What the library records about a media file. */
export interface MediaInfo {
  kind: AssetKind;
  mime: string;
  width: number | null;
  height: number | null;
  durationMs: number | null;
}

/** The bytes are not the media the job asked for (an error page, a truncated file, another type). */
export class InvalidMediaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidMediaError';
  }
}

/** Longest side of a thumbnail. */
export const THUMB_SIZE = 512;
