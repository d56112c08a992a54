import { describe, expect, it } from 'vitest';
import { planByteRange } from './byte-range';

describe('byte ranges, so videos seek', () => {
  it('answers a whole file without a Range header', () => {
    expect(planByteRange(undefined, 1000)).toEqual({ status: 200, length: 1000 });
  });

  it('answers 206 with Content-Range for a closed, open and suffix range', () => {
    expect(planByteRange('bytes=0-99', 1000)).toEqual({ status: 206, start: 0, end: 99, length: 100, contentRange: 'bytes 0-99/1000' });
    expect(planByteRange('bytes=900-', 1000)).toEqual({ status: 206, start: 900, end: 999, length: 100, contentRange: 'bytes 900-999/1000' });
    expect(planByteRange('bytes=-10', 1000)).toEqual({ status: 206, start: 990, end: 999, length: 10, contentRange: 'bytes 990-999/1000' });
  });

  it('clamps an end past the file and a suffix longer than the file', () => {
    expect(planByteRange('bytes=500-5000', 1000)).toMatchObject({ status: 206, start: 500, end: 999 });
    expect(planByteRange('bytes=-5000', 1000)).toMatchObject({ status: 206, start: 0, end: 999 });
  });

  it('answers 416 for a range past the end and an empty suffix', () => {
    expect(planByteRange('bytes=1000-', 1000)).toEqual({ status: 416, contentRange: 'bytes */1000' });
    expect(planByteRange('bytes=-0', 1000)).toEqual({ status: 416, contentRange: 'bytes */1000' });
    expect(planByteRange('bytes=0-', 0)).toEqual({ status: 416, contentRange: 'bytes */0' });
  });

  it('ignores ranges it does not serve (several, malformed, reversed) and sends the whole file', () => {
    for (const header of ['bytes=0-1,5-6', 'items=0-5', 'bytes=abc', 'bytes=-', 'bytes=10-5']) {
      expect(planByteRange(header, 1000)).toEqual({ status: 200, length: 1000 });
    }
  });
});
