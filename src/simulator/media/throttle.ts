import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

/** Tick of throttled streams: small enough that rates stay smooth, large enough to be cheap. */
const TICK_MS = 100;

/** A stream of `bytes` at about `bytesPerSecond` (the `slow-download` fault). */
export function throttledStream(bytes: Buffer, bytesPerSecond: number): Readable {
  const chunkSize = Math.max(1, Math.floor((Math.max(1, bytesPerSecond) * TICK_MS) / 1000));
  async function* chunks(): AsyncGenerator<Buffer> {
    for (let offset = 0; offset < bytes.length; offset += chunkSize) {
      if (offset > 0) await sleep(TICK_MS);
      yield bytes.subarray(offset, offset + chunkSize);
    }
  }
  return Readable.from(chunks());
}
