import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { LibraryDatabase, type LibraryDatabaseOptions, type NewAsset } from '../../../src/main/core/library';

const cleanups: (() => void)[] = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A fresh temporary folder, removed after the test. */
export function tempFolder(prefix = 'atelier-library-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A clock the test moves by hand. */
export function manualClock(start = Date.UTC(2025, 4, 1, 12)): { now: () => number; advance: (ms: number) => void; set: (ms: number) => void } {
  let time = start;
  return {
    now: () => time,
    advance: (ms) => (time += ms),
    set: (ms) => (time = ms),
  };
}

/** Opens a library database in `dir` (a new temp folder by default); closed after the test. */
export function openLibrary(
  dir = tempFolder(),
  options: LibraryDatabaseOptions = {},
): { db: LibraryDatabase; dir: string; file: string; reopen: () => LibraryDatabase } {
  const file = join(dir, 'library.sqlite');
  const open = (): LibraryDatabase => {
    const db = LibraryDatabase.open(file, options);
    cleanups.push(() => db.close());
    return db;
  };
  return { db: open(), dir, file, reopen: open };
}

export function sha256Of(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

let counter = 0;

/** A plausible downloaded image; override what the test is about. */
export function sampleAsset(overrides: Partial<NewAsset> = {}): NewAsset {
  counter++;
  return {
    kind: 'image',
    filePath: `2025/05/01/sample-${counter}.png`,
    mime: 'image/png',
    bytes: 1000 + counter,
    width: 1024,
    height: 1024,
    sha256: sha256Of(`sample-${counter}`),
    model: 'gen-image-2',
    variantId: 'image.gen-image-2.direct',
    prompt: `sample prompt ${counter}`,
    request: { model: 'gen-image-2', prompt: `sample prompt ${counter}` },
    ...overrides,
  };
}
