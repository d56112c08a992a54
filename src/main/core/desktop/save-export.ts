import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * Writes a finished export to the file the user named: into a temporary file beside it, then
 * renamed over it, so a failed write (a full disk, a folder they may not write) never leaves a
 * half file under that name. Streamed: an export of videos can be large. The file gets the user's
 * usual mode, not the library's owner-only one: they chose where it goes.
 */
export async function saveExport(source: string, destination: string): Promise<void> {
  const temporary = join(dirname(destination), `.${basename(destination)}.${randomUUID().slice(0, 8)}.part`);
  try {
    await pipeline(createReadStream(source), createWriteStream(temporary, { flags: 'wx' }));
    await rename(temporary, destination);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
