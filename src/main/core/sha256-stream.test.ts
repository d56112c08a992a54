import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256OfFile, startSha256 } from './sha256-stream';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Feeds `bytes` in chunks of the given sizes (cycled), waiting whenever the hash asks to. */
async function hashInChunks(bytes: Uint8Array, sizes: readonly number[]): Promise<string> {
  const hash = startSha256();
  for (let offset = 0, turn = 0; offset < bytes.byteLength; turn++) {
    const size = sizes[turn % sizes.length] ?? 1;
    const behind = hash.update(bytes.subarray(offset, offset + size));
    if (behind) await behind;
    offset += size;
  }
  return hash.digest();
}

describe('startSha256', () => {
  it('gives the digest of the bytes whatever their chunks, across batch edges', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    await expect(hashInChunks(bytes, [65_536])).resolves.toBe(sha256(bytes));
    await expect(hashInChunks(bytes, [1, 524_287, 524_289, 0, 100_000])).resolves.toBe(sha256(bytes));
  });

  it('gives the digest of nothing', async () => {
    await expect(startSha256().digest()).resolves.toBe(sha256(new Uint8Array()));
  });

  it('keeps hashes running at once apart, and a discarded one does not disturb them', async () => {
    const files = [randomBytes(2_000_000), randomBytes(1_500_000), randomBytes(40)];
    const dropped = startSha256();
    await dropped.update(randomBytes(700_000));
    const digests = Promise.all(files.map((bytes, index) => hashInChunks(bytes, [10_000 * (index + 1)])));
    dropped.discard();
    await expect(digests).resolves.toEqual(files.map(sha256));
  });

  it('a chunk given back to its owner after update is already counted (the bytes were copied)', async () => {
    const chunk = Buffer.from('first');
    const hash = startSha256();
    await hash.update(chunk);
    chunk.fill(0);
    await expect(hash.digest()).resolves.toBe(sha256(Buffer.from('first')));
  });

  it('hashes one after another give each its own digest (the batches they reuse hold nothing of the last)', async () => {
    const first = randomBytes(1_300_000);
    const second = randomBytes(1_100_000);
    await expect(hashInChunks(first, [65_536])).resolves.toBe(sha256(first));
    const failed = startSha256();
    await failed.update(randomBytes(600_000));
    failed.discard();
    await expect(hashInChunks(second, [65_536])).resolves.toBe(sha256(second));
    await expect(hashInChunks(first.subarray(0, 5), [5])).resolves.toBe(sha256(first.subarray(0, 5)));
  });
});

describe('sha256OfFile', () => {
  it('gives the digest of files read on the worker, several at once beside a streamed hash, and fails for a missing one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atelier-sha256-'));
    try {
      const contents = [randomBytes(2_500_000), randomBytes(1), new Uint8Array()];
      const paths = contents.map((_, index) => join(dir, `file-${index}`));
      await Promise.all(paths.map((path, index) => writeFile(path, contents[index] ?? new Uint8Array())));
      const streamed = randomBytes(900_000);
      const [files, beside] = await Promise.all([Promise.all(paths.map((path) => sha256OfFile(path))), hashInChunks(streamed, [70_000])]);
      expect(files).toEqual(contents.map(sha256));
      expect(beside).toBe(sha256(streamed));
      await expect(sha256OfFile(join(dir, 'missing'))).rejects.toThrow(/ENOENT/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
