import { describe, expect, it } from 'vitest';
import { THUMBNAIL_NOT_SERVED as NOT_SERVED } from '../../../shared/contract/thumbnails';
import { ThumbnailFrames } from './thumbnail-frames';

const frame = (bytes: number[] | null): number[] => {
  const length = bytes === null ? NOT_SERVED : bytes.length;
  return [(length >>> 24) & 0xff, (length >>> 16) & 0xff, (length >>> 8) & 0xff, length & 0xff, ...(bytes ?? [])];
};

describe('thumbnail frames', () => {
  it('hands out each file once its bytes are in, whatever the chunks, refused paths as null', () => {
    const body = Uint8Array.from([...frame([1, 2, 3]), ...frame(null), ...frame([]), ...frame([9, 8])]);
    const frames = new ThumbnailFrames();
    const seen: (number[] | null)[] = [];
    // One byte at a time: the hardest split a stream can make.
    for (const byte of body) for (const file of frames.push(Uint8Array.of(byte))) seen.push(file === null ? null : [...file]);
    expect(seen).toEqual([[1, 2, 3], null, [], [9, 8]]);
  });

  it('holds a file cut short until the rest arrives', () => {
    const frames = new ThumbnailFrames();
    const body = Uint8Array.from(frame([5, 6, 7, 8]));
    expect(frames.push(body.subarray(0, 6))).toEqual([]);
    expect(frames.push(body.subarray(6)).map((file) => (file === null ? null : [...file]))).toEqual([[5, 6, 7, 8]]);
  });
});
