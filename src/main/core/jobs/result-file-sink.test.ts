import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { ResultFileSink, TooLarge } from './result-file-sink';

const target = (): string => join(mkdtempSync(join(tmpdir(), 'atelier-sink-')), 'result.part');
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The bytes cut into chunks of the given sizes (cycled), as a socket would hand them over. */
function chunked(bytes: Buffer, sizes: readonly number[]): Readable {
  const chunks: Buffer[] = [];
  for (let offset = 0, turn = 0; offset < bytes.length; turn++) {
    const size = sizes[turn % sizes.length] ?? 1;
    chunks.push(bytes.subarray(offset, offset + size));
    offset += size;
  }
  return Readable.from(chunks);
}

describe('ResultFileSink', () => {
  it('writes, counts and hashes every byte whatever their chunks, gathered writes included', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    for (const sizes of [[65_536], [1, 524_287, 2_000_001, 100_000]]) {
      const file = target();
      const sink = new ResultFileSink(file, 0o600, 10 * 1024 * 1024);
      await pipeline(chunked(bytes, sizes), sink);
      expect(sink.bytes).toBe(bytes.length);
      expect(sink.sha256()).toBe(sha256(bytes));
      expect(readFileSync(file).equals(bytes)).toBe(true);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    }
  });

  it('fails once the bytes pass the cap, without writing what is over it', async () => {
    const file = target();
    const sink = new ResultFileSink(file, 0o600, 1024 * 1024);
    await expect(pipeline(chunked(randomBytes(3 * 1024 * 1024), [65_536]), sink)).rejects.toBeInstanceOf(TooLarge);
    expect(statSync(file).size).toBeLessThanOrEqual(1024 * 1024);
  });

  it('takes a file exactly at the cap', async () => {
    const bytes = randomBytes(1024 * 1024);
    const sink = new ResultFileSink(target(), 0o600, bytes.length);
    await pipeline(chunked(bytes, [300_000]), sink);
    expect(sink.sha256()).toBe(sha256(bytes));
  });
});
