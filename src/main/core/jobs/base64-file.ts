/**
 * Base64 results decoded into a file a slice at a time: a whole image never sits in memory twice
 * (as text and as bytes), however large the gateway made it.
 */
import { createHash } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Characters decoded per step (a multiple of 4); the bytes of one step are a few MB. */
const SLICE_CHARS = 4 * 1024 * 1024;

/** The decoded bytes would exceed the limit given; the file is removed. */
export class Base64TooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The Base64 data decodes to more than ${maxBytes} bytes.`);
    this.name = 'Base64TooLarge';
  }
}

/**
 * Writes the bytes `text` encodes (a `data:...;base64,` prefix and whitespace allowed) to `target`,
 * flushed to disk; returns their count and SHA-256. Throws Base64TooLarge past `maxBytes`.
 */
export async function writeBase64File(text: string, target: string, options: { mode: number; maxBytes?: number }): Promise<{ bytes: number; sha256: string }> {
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  const start = /^data:[^,]{0,200},/.exec(text.slice(0, 256))?.[0].length ?? 0;
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  const handle = await open(target, 'w', options.mode);
  const hash = createHash('sha256');
  let bytes = 0;
  const write = async (encoded: string): Promise<void> => {
    const chunk = Buffer.from(encoded, 'base64');
    bytes += chunk.length;
    if (bytes > maxBytes) throw new Base64TooLarge(maxBytes);
    hash.update(chunk);
    await handle.write(chunk);
  };
  try {
    // Characters left over from a slice (whitespace shifts the groups of four) start the next one.
    let carry = '';
    for (let at = start; at < text.length; at += SLICE_CHARS) {
      const piece = carry + text.slice(at, at + SLICE_CHARS).replace(/\s+/g, '');
      const whole = piece.length - (piece.length % 4);
      carry = piece.slice(whole);
      await write(piece.slice(0, whole));
    }
    if (carry !== '') await write(carry);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(target, { force: true });
    throw error;
  }
  await handle.close();
  return { bytes, sha256: hash.digest('hex') };
}
