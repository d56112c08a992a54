import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ByteStore } from '../media/file-store';

/**
 * Uploads' bytes as files in the state folder, written before the upload is answered (so the
 * address the client receives survives a restart) and read back on demand.
 */
export class DiskByteStore implements ByteStore {
  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  put(name: string, bytes: Buffer): void {
    const target = this.pathOf(name);
    const temporary = `${target}.tmp`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, target);
  }

  get(name: string): Promise<Buffer> {
    return readFile(this.pathOf(name));
  }

  clear(): void {
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir, { recursive: true });
  }

  private pathOf(name: string): string {
    // Names are ours (random hex plus an extension); refuse anything that could leave the folder.
    if (!/^[a-f0-9]+\.[a-z0-9]+$/.test(name)) throw new Error(`not a stored file name: ${name}`);
    return path.join(this.dir, name);
  }
}
