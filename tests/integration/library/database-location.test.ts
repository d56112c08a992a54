// The library's database lives in the data folder, not in the (often synced) library folder, and a
// library an earlier version made is moved there safely: real SQLite files, a real studio.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssetView } from '../../../src/shared/contract';
import { insertAsset, LibraryDatabase, writeAssetSidecar } from '../../../src/main/core/library';
import {
  LibraryDatabaseInUseError,
  libraryDatabaseFile,
  legacyLibraryDatabasePath,
  MOVED_SUFFIX,
  moveLegacyDatabase,
} from '../../../src/main/core/library/database-location';
import type { Studio } from '../../../src/main/core/studio';
import { callRoute, createTestStudio, until } from '../../helpers/studio';

const folders: string[] = [];
const studios: Studio[] = [];
const folder = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
};
afterEach(async () => {
  for (const studio of studios.splice(0)) await studio.stop();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A library folder as an earlier version left it: results, sidecars, and the database in `.atelier/`. */
async function earlierLibrary(count: number): Promise<string> {
  const library = folder('atelier-old-library-');
  mkdirSync(join(library, '2025/12/31'), { recursive: true });
  const db = LibraryDatabase.open(legacyLibraryDatabasePath(library));
  for (let i = 0; i < count; i++) {
    writeFileSync(join(library, `2025/12/31/old-${i}.png`), 'png');
    const { asset } = insertAsset(db, {
      id: `old-${i}`,
      kind: 'image',
      filePath: `2025/12/31/old-${i}.png`,
      mime: 'image/png',
      bytes: 3,
      width: 1,
      height: 1,
      sha256: String(i).padStart(64, '0'),
      model: 'gen-image-2',
      variantId: null,
      prompt: `made before the move ${i}`,
      request: {},
    });
    await writeAssetSidecar(library, asset);
  }
  db.close();
  return library;
}

async function openStudio(dataDir: string, libraryDir: string): Promise<Studio> {
  const { studio } = await createTestStudio({ dataDir, libraryDir });
  studios.push(studio);
  return studio;
}

const prompts = async (studio: Studio): Promise<string[]> =>
  (await callRoute<{ items: AssetView[] }>(studio, 'library.list_assets', {})).items.map((asset) => asset.prompt).sort();

describe('where the library database lives', () => {
  it('in the data folder, one per library folder, with nothing of it in the library folder', async () => {
    const dataDir = folder('atelier-data-');
    const library = folder('atelier-library-');
    const studio = await openStudio(dataDir, library);
    expect(await prompts(studio)).toEqual([]);
    const file = libraryDatabaseFile(dataDir, library);
    expect(file.startsWith(join(dataDir, 'libraries') + '/')).toBe(true);
    expect(existsSync(file)).toBe(true);
    // Beside it, the folder it belongs to, for whoever looks into the data folder.
    expect(readFileSync(join(dirname(file), 'library-folder.txt'), 'utf8').trim()).toBe(library);
    expect(readdirSync(library).filter((name) => name.startsWith('.atelier'))).toEqual([]);
    // Another library folder has its own database; another spelling of the same folder shares it.
    expect(libraryDatabaseFile(dataDir, folder('atelier-library-'))).not.toBe(file);
    const link = join(folder('atelier-link-'), 'pictures');
    symlinkSync(library, link);
    expect(libraryDatabaseFile(dataDir, link)).toBe(file);
  });
});

describe('a library folder without a database in this data folder', () => {
  it('(brought from another computer, or its database lost) shows its results again, read back from their sidecars', async () => {
    const library = await earlierLibrary(2);
    const first = await openStudio(folder('atelier-data-'), library);
    expect(await prompts(first)).toHaveLength(2);
    await first.stop();
    studios.splice(0);
    const elsewhere = await openStudio(folder('atelier-data-elsewhere-'), library);
    // Read back while the studio runs (tests/integration/library/sidecar-restore.test.ts).
    await until(
      () => prompts(elsewhere),
      (shown) => shown.length === 2,
      'the results read back',
    );
    expect(await prompts(elsewhere)).toEqual(['made before the move 0', 'made before the move 1']);
  });
});

describe('a library an earlier version made', () => {
  it('has its database moved into the data folder on first open, every result kept, the old file kept aside', async () => {
    const dataDir = folder('atelier-data-');
    const library = await earlierLibrary(3);
    const studio = await openStudio(dataDir, library);
    expect(await prompts(studio)).toEqual(['made before the move 0', 'made before the move 1', 'made before the move 2']);
    const legacy = legacyLibraryDatabasePath(library);
    expect(existsSync(legacy)).toBe(false);
    expect(existsSync(`${legacy}${MOVED_SUFFIX}`)).toBe(true);
    expect(readdirSync(dirname(legacy)).filter((name) => !name.endsWith(MOVED_SUFFIX))).toEqual([]);
    // A second start finds it where it now lives and moves nothing.
    await studio.stop();
    studios.splice(0);
    const again = await openStudio(dataDir, library);
    expect(await prompts(again)).toHaveLength(3);
  });

  it('is left where it is while another program has it open, and moved once that program is gone', async () => {
    const dataDir = folder('atelier-data-');
    const library = await earlierLibrary(2);
    const legacy = legacyLibraryDatabasePath(library);
    // An earlier Atelier (or the command line) still running on this library, in WAL mode as it runs.
    const other = new Database(legacy);
    other.pragma('journal_mode = WAL');
    other.prepare('SELECT count(*) FROM assets').get();
    try {
      await expect(openStudio(dataDir, library)).rejects.toThrow(LibraryDatabaseInUseError);
      expect(existsSync(legacy)).toBe(true);
      expect(existsSync(libraryDatabaseFile(dataDir, library))).toBe(false);
      expect(readdirSync(dirname(libraryDatabaseFile(dataDir, library)))).not.toContain('library.sqlite.moving');
    } finally {
      other.close();
    }
    const studio = await openStudio(dataDir, library);
    expect(await prompts(studio)).toHaveLength(2);
  });

  it('keeps both when a database is already in the data folder: the data folder one is used, the old one untouched', async () => {
    const dataDir = folder('atelier-data-');
    const library = await earlierLibrary(1);
    const legacy = legacyLibraryDatabasePath(library);
    const target = libraryDatabaseFile(dataDir, library);
    mkdirSync(dirname(target), { recursive: true });
    LibraryDatabase.open(target).close();
    const before = readFileSync(legacy);
    expect(moveLegacyDatabase(legacy, target)).toBe('kept-both');
    expect(readFileSync(legacy).equals(before)).toBe(true);
    expect(new Database(target, { readonly: true }).prepare('SELECT count(*) AS n FROM assets').get()).toEqual({ n: 0 });
  });
});
