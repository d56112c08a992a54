// Where a library's database lives: in the studio's data folder, one per library folder, never in
// the library folder itself. Library folders are often synced (OneDrive's Pictures, Dropbox), and a
// sync client that copies or locks SQLite's WAL files can corrupt the database; the media and their
// sidecars sync fine. Earlier versions kept it in `<library>/.atelier/`: it is moved on first open.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { createLogger } from '../log';
import { ensurePrivateDir, PRIVATE_MODES } from '../private-files';
import { sqliteOpenOptions } from './sqlite-binding';

const log = createLogger('library-db');

/** The folder of the data folder that holds one folder per library. */
const LIBRARIES_FOLDER = 'libraries';
const DATABASE_NAME = 'library.sqlite';
/** Beside each database: the library folder it belongs to, for people looking at the data folder. */
const FOLDER_NOTE = 'library-folder.txt';
/** What a moved database in a library folder is renamed to: kept, never deleted, and never opened again. */
export const MOVED_SUFFIX = '.moved-to-data-folder';

/** Where versions before the move kept a library's database: `<library>/.atelier/library.sqlite`. */
export function legacyLibraryDatabasePath(libraryRoot: string): string {
  return join(libraryRoot, '.atelier', DATABASE_NAME);
}

/** The library folder as the system names it (links followed), so two spellings of one folder share a database. */
function canonicalFolder(libraryRoot: string): string {
  try {
    return realpathSync.native(libraryRoot);
  } catch {
    return resolve(libraryRoot);
  }
}

/**
 * The database file of the library at `libraryRoot`:
 * `<dataDir>/libraries/<folder name>-<hash of its real path>/library.sqlite`.
 */
export function libraryDatabaseFile(dataDir: string, libraryRoot: string): string {
  const folder = canonicalFolder(libraryRoot);
  const hash = createHash('sha256').update(folder).digest('hex').slice(0, 16);
  const name =
    basename(folder)
      .replace(/[^\w.-]+/g, '_')
      .slice(0, 32) || 'library';
  return join(dataDir, LIBRARIES_FOLDER, `${name}-${hash}`, DATABASE_NAME);
}

/** The library database is open in another program, so it cannot be moved now. */
export class LibraryDatabaseInUseError extends Error {
  readonly code = 'SQLITE_BUSY';
  constructor(readonly file: string) {
    super(
      `database is locked: ${file} is open in another program (the atelier command line, or another copy of Atelier), so it cannot be moved into the data folder`,
    );
    this.name = 'LibraryDatabaseInUseError';
  }
}

export type DatabaseMove = 'none' | 'moved' | 'kept-both';

/**
 * Moves a library's database from the library folder to `target`, losing nothing:
 * 1. takes the database for itself (leaving WAL mode needs every other connection closed, so a
 *    program still using it is refused with `LibraryDatabaseInUseError` and nothing changes);
 * 2. copies it, under an exclusive lock, beside the target, and checks the copy's integrity;
 * 3. renames the copy into place, then renames the old file `library.sqlite.moved-to-data-folder`.
 * A crash at any point leaves either the old database in use or the new one complete. When both
 * exist (the old one written by an earlier version after the move), the new one is used and the
 * old one is left as it is.
 */
export function moveLegacyDatabase(legacy: string, target: string): DatabaseMove {
  if (!existsSync(legacy)) return 'none';
  if (existsSync(target)) {
    log.warn(`${legacy} was not opened: this library's database is ${target}`);
    return 'kept-both';
  }
  ensurePrivateDir(dirname(target));
  const copy = `${target}.moving`;
  rmSync(copy, { force: true });
  const source = new Database(legacy, { ...sqliteOpenOptions(), timeout: 0 });
  try {
    let mode: unknown;
    try {
      mode = source.pragma('journal_mode = DELETE', { simple: true });
    } catch (error) {
      if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY') === true) throw new LibraryDatabaseInUseError(legacy);
      throw error;
    }
    if (mode !== 'delete') throw new LibraryDatabaseInUseError(legacy);
    // Nobody may read or write while the bytes are copied (a rollback-journal database is one file).
    source.exec('BEGIN EXCLUSIVE');
    try {
      copyFileSync(legacy, copy);
    } finally {
      source.exec('ROLLBACK');
    }
  } finally {
    source.close();
  }
  const check = new Database(copy, { ...sqliteOpenOptions(), readonly: true });
  let verdict: unknown;
  try {
    verdict = check.pragma('integrity_check', { simple: true });
  } finally {
    check.close();
  }
  if (verdict !== 'ok') {
    rmSync(copy, { force: true });
    throw new Error(`the copy of ${legacy} is not sound (${String(verdict)}); the library keeps using it where it is`);
  }
  renameSync(copy, target);
  try {
    renameSync(legacy, `${legacy}${MOVED_SUFFIX}`);
  } catch (error) {
    // A library folder that became read-only: the move stands, and the old file is never opened again.
    log.warn(`moved the library database to ${target}, but could not rename ${legacy}`, error);
  }
  log.info(`moved the library database from ${legacy} to ${target}`);
  return 'moved';
}

/**
 * The database file the studio opens for a library: in the data folder, moved there from the
 * library folder first when an earlier version left it there (`moved`: it may have come with the
 * folder from elsewhere, so the caller checks it with `checkDatabaseFromFolder` before use).
 * `fresh` when there was none: the folder is new, or came from another computer or data folder,
 * and its results are to be read back from their sidecars.
 */
export function prepareLibraryDatabase(dataDir: string, libraryRoot: string): { file: string; fresh: boolean; moved: boolean } {
  const target = libraryDatabaseFile(dataDir, libraryRoot);
  const move = moveLegacyDatabase(legacyLibraryDatabasePath(libraryRoot), target);
  noteLibraryFolder(dirname(target), canonicalFolder(libraryRoot));
  return { file: target, fresh: !existsSync(target), moved: move === 'moved' };
}

function noteLibraryFolder(dir: string, libraryRoot: string): void {
  const note = join(dir, FOLDER_NOTE);
  const text = `${libraryRoot}\n`;
  if (existsSync(note) && readFileSync(note, 'utf8') === text) return;
  ensurePrivateDir(dir);
  writeFileSync(note, text, { mode: PRIVATE_MODES.file });
}
