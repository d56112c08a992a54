import type { Migration } from './migration';

/**
 * A batch may name the input it was made from (the CLI: a hash of the jobs file and the
 * gateway), so running the same input again finds and resumes that batch instead of paying twice.
 */
export const batchSourceKey: Migration = {
  version: 4,
  name: 'batch source key',
  up(db) {
    db.exec(`
      ALTER TABLE batches ADD COLUMN source_key TEXT;
      CREATE UNIQUE INDEX batches_source_key ON batches (source_key) WHERE source_key IS NOT NULL;
    `);
  },
};
