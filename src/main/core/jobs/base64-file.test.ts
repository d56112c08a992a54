import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Base64TooLarge, writeBase64File } from './base64-file';

const target = (): string => join(mkdtempSync(join(tmpdir(), 'atelier-b64-')), 'result.bin');

describe('writeBase64File', () => {
  it.each([0, 1, 2, 3, 4 * 1024 * 1024 + 1, 9 * 1024 * 1024 + 2])('decodes %i bytes exactly, across slices', async (size) => {
    const bytes = randomBytes(size);
    const file = target();
    const written = await writeBase64File(bytes.toString('base64'), file, { mode: 0o600 });
    expect(written.bytes).toBe(size);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('takes a data: prefix, line breaks and unpadded text as Buffer.from does', async () => {
    const bytes = randomBytes(5 * 1024 * 1024 + 7);
    const wrapped = `data:image/png;base64,${bytes.toString('base64').replace(/=+$/, '').replace(/.{76}/g, '$&\r\n')}`;
    const file = target();
    await writeBase64File(wrapped, file, { mode: 0o600 });
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('stops past the limit and leaves no file', async () => {
    const file = target();
    await expect(writeBase64File(randomBytes(2048).toString('base64'), file, { mode: 0o600, maxBytes: 1024 })).rejects.toBeInstanceOf(Base64TooLarge);
    expect(existsSync(file)).toBe(false);
  });
});
