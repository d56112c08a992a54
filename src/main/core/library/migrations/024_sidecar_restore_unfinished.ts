import type { Migration } from './migration';

/**
 * A row while results are read back from the library folder's sidecars, removed when the reading
 * ends: a studio that quit during it goes on at the next start (the database is no longer new by then).
 */
export const sidecarRestoreUnfinished: Migration = {
  version: 24,
  name: 'sidecar restore unfinished',
  up(db) {
    db.exec('CREATE TABLE sidecar_restore_unfinished (started_at INTEGER NOT NULL)');
  },
};
