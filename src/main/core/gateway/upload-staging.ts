/**
 * Dropped reference files are written to disk before they are checked and uploaded (the upload
 * streams from a file). They go to a folder made for this launch only, that only the user may
 * enter (mkdtemp: 0700), each file owner-only, and the folder is removed when the studio stops.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { PRIVATE_MODES } from '../private-files';

export class UploadStaging {
  private folder: Promise<string> | undefined;

  constructor(private readonly parent: string = tmpdir()) {}

  /** This launch's private folder (made on first use). */
  directory(): Promise<string> {
    this.folder ??= mkdtemp(join(this.parent, 'atelier-uploads-'));
    return this.folder;
  }

  /** Writes `bytes` to a new owner-only file in the folder; the caller removes it when done. */
  async write(bytes: Uint8Array): Promise<string> {
    const path = join(await this.directory(), randomUUID());
    await writeFile(path, bytes, { mode: PRIVATE_MODES.file, flag: 'wx' });
    return path;
  }

  /** Removes the folder and anything left in it. */
  async remove(): Promise<void> {
    const folder = this.folder;
    this.folder = undefined;
    if (folder) await rm(await folder, { recursive: true, force: true });
  }
}
