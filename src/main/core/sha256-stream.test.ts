import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256OfFile } from './sha256-stream';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

describe('sha256OfFile', () => {
  it('gives the digest of files read on the worker, several at once, and fails for a missing one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atelier-sha256-'));
    try {
      const contents = [randomBytes(2_500_000), randomBytes(1), new Uint8Array()];
      const paths = contents.map((_, index) => join(dir, `file-${index}`));
      await Promise.all(paths.map((path, index) => writeFile(path, contents[index] ?? new Uint8Array())));
      await expect(Promise.all(paths.map((path) => sha256OfFile(path)))).resolves.toEqual(contents.map(sha256));
      await expect(sha256OfFile(join(dir, 'missing'))).rejects.toThrow(/ENOENT/);
      // The worker, left idle, answers the next hash too.
      await expect(sha256OfFile(paths[0] ?? '')).resolves.toBe(sha256(contents[0] ?? new Uint8Array()));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
