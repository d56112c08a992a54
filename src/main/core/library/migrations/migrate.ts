import type { Database } from 'better-sqlite3';
import type { Migration, MigrationContext } from './migration';

/** The database was written by a newer version of the app; opening it could damage it. */
export class SchemaTooNewError extends Error {
  constructor(
    readonly found: number,
    readonly supported: number,
  ) {
    super(`The library database has schema version ${found}, newer than this version of Atelier understands (${supported}).`);
    this.name = 'SchemaTooNewError';
  }
}

/** The schema version stored in the file header (`PRAGMA user_version`). */
export function schemaVersion(db: Database): number {
  const version: unknown = db.pragma('user_version', { simple: true });
  if (typeof version !== 'number') throw new Error('PRAGMA user_version did not return a number.');
  return version;
}

/**
 * Brings the schema up to date: each pending migration runs in its own transaction together
 * with its version bump, so a failure leaves the database at the last complete version.
 * Versions rise in order; a number may be left out (it is reserved for a migration written
 * alongside), which an upgrade simply skips. Returns the versions that were applied.
 */
export function migrate(db: Database, migrations: readonly Migration[], context: MigrationContext = {}): number[] {
  // Numbers only rise; a gap is allowed, since work developed side by side reserves its numbers.
  let latest = 0;
  for (const migration of migrations) {
    if (migration.version <= latest) throw new Error(`Migration "${migration.name}" is numbered ${migration.version}, after ${latest}.`);
    latest = migration.version;
  }
  const current = schemaVersion(db);
  if (current > latest) throw new SchemaTooNewError(current, latest);
  const applied: number[] = [];
  for (const migration of migrations.filter((pending) => pending.version > current)) {
    db.transaction(() => {
      migration.up(db, context);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
    applied.push(migration.version);
  }
  return applied;
}
