import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Database as Connection, Statement } from 'better-sqlite3';
import { createLogger } from '../log';
import { DiskFlush } from './disk-flush';
import { ensurePrivateDir, ensurePrivateFile, PRIVATE_MODES, tighten } from '../private-files';
import { migrate, schemaVersion } from './migrations/migrate';
import { migrations as allMigrations, type Migration } from './migrations';
import { registerSearchTextFunction } from './search-text-function';
import type { LegacyEngineState } from './legacy-engine-state';
import { sqliteOpenOptions } from './sqlite-binding';

const log = createLogger('library-db');

export interface LibraryDatabaseOptions {
  /** Milliseconds a statement waits for another connection's lock before failing (default 5000). */
  busyTimeoutMs?: number;
  /** The clock for created/updated times (tests pass a fixed one). */
  clock?: () => number;
  /** The migrations to apply (tests pass a different list; the app uses the default). */
  migrations?: readonly Migration[];
  /** The job engine's state from the settings file of earlier versions, moved in by migration 8. */
  legacyEngineState?: LegacyEngineState | undefined;
}

/**
 * The one connection that writes the library database. Open it once at start-up, hand it to
 * the table modules (`jobs.ts`, `assets.ts`, ...), close it at shutdown.
 */
export class LibraryDatabase {
  private readonly statements = new Map<string, Statement>();
  private readonly clock: () => number;
  private readonly wal: DiskFlush | undefined;

  private constructor(
    /** The better-sqlite3 connection; table modules use `prepare` and `transaction` instead. */
    readonly connection: Connection,
    readonly file: string,
    clock: () => number,
  ) {
    this.clock = clock;
    this.wal = file === ':memory:' ? undefined : new DiskFlush(`${file}-wal`);
  }

  /** Opens (creating if needed) the database file and brings its schema up to date. */
  static open(file: string, options: LibraryDatabaseOptions = {}): LibraryDatabase {
    if (file !== ':memory:') {
      // Owner-only before SQLite opens it: the WAL and shared-memory files take the database's mode.
      ensurePrivateDir(dirname(file));
      ensurePrivateFile(file);
      for (const sidecar of [`${file}-wal`, `${file}-shm`, `${file}-journal`]) tighten(sidecar, PRIVATE_MODES.file);
    }
    const connection = new Database(file, sqliteOpenOptions());
    try {
      connection.pragma('journal_mode = WAL');
      // FULL: a job row committed before a paid POST must survive a power cut, not only a crash.
      connection.pragma('synchronous = FULL');
      connection.pragma('foreign_keys = ON');
      connection.pragma(`busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000))}`);
      registerSearchTextFunction(connection);
      const applied = migrate(connection, options.migrations ?? allMigrations, { legacyEngineState: options.legacyEngineState });
      if (applied.length > 0) log.info(`migrated ${file} to schema ${applied.at(-1) ?? 0}`);
    } catch (error) {
      connection.close();
      throw error;
    }
    return new LibraryDatabase(connection, file, options.clock ?? Date.now);
  }

  /** The schema version (`PRAGMA user_version`). */
  get schemaVersion(): number {
    return schemaVersion(this.connection);
  }

  get isOpen(): boolean {
    return this.connection.open;
  }

  /** Current time in Unix milliseconds, from the configured clock. */
  now(): number {
    return this.clock();
  }

  /** A prepared statement, compiled once per connection and reused. */
  prepare<Params extends unknown[] = unknown[], Row = unknown>(sql: string): Statement<Params, Row> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.connection.prepare(sql);
      this.statements.set(sql, statement);
    }
    // The cache is keyed by SQL text; the caller's types describe that same statement.
    return statement as unknown as Statement<Params, Row>;
  }

  /** Runs `work` in one IMMEDIATE transaction (nested calls become savepoints). */
  transaction<T>(work: () => T): T {
    return this.connection.transaction(work).immediate();
  }

  /**
   * Like `transaction`, for writes a power cut may take back without harm (what a poll learned:
   * the next poll learns it again): committed without waiting for the disk (`synchronous =
   * NORMAL` for this one commit, a few microseconds instead of a disk flush). The WAL stays
   * consistent either way, and the next ordinary commit makes this one durable with it.
   */
  transactionWithoutFlush<T>(work: () => T): T {
    if (this.connection.inTransaction) return this.transaction(work);
    this.prepare('PRAGMA synchronous = NORMAL').run();
    try {
      return this.transaction(work);
    } finally {
      this.prepare('PRAGMA synchronous = FULL').run();
    }
  }

  /**
   * Resolves once every commit made so far is on disk, waited for in the thread pool (an fsync
   * of the WAL) rather than on the event loop: after `transactionWithoutFlush`, as durable as
   * `transaction` once this resolves.
   */
  flushToDisk(): Promise<void> {
    return this.wal?.flush() ?? Promise.resolve();
  }

  /** Closes the connection (and checkpoints the WAL). Safe to call twice. */
  close(): void {
    if (!this.connection.open) return;
    this.statements.clear();
    this.connection.close();
  }
}
