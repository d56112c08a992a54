import { importLegacyEngineState } from '../legacy-engine-state';
import type { Migration } from './migration';

/**
 * The job engine's own state moves into the library database, beside the jobs it belongs to:
 * whether the queue is paused (and why), why the engine stopped a batch (`batches.note`), and the
 * sealed dedicated keys of batches. Earlier versions kept these in the settings file, where no
 * transaction covered them together with the jobs and another library folder left them orphaned.
 * Whatever the settings file holds for this library's batches is moved in the same transaction.
 */
export const engineState: Migration = {
  version: 8,
  name: 'engine state',
  up(db, context) {
    db.exec(`
      ALTER TABLE batches ADD COLUMN note TEXT;

      CREATE TABLE queue_state (
        id         INTEGER PRIMARY KEY CHECK (id = 1),
        paused     INTEGER NOT NULL CHECK (paused IN (0, 1)),
        reason     TEXT,
        updated_at INTEGER NOT NULL
      );

      -- The secret is sealed by the vault and bound to the batch and its gateway; never plain text.
      CREATE TABLE batch_keys (
        batch_id   TEXT PRIMARY KEY REFERENCES batches (id) ON DELETE CASCADE,
        token_id   TEXT NOT NULL CHECK (json_valid(token_id)),
        sealed     TEXT NOT NULL,
        created_at INTEGER NOT NULL
      ) WITHOUT ROWID;
    `);
    if (context.legacyEngineState) importLegacyEngineState(db, context.legacyEngineState);
  },
};
