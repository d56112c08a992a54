import type { Migration } from './migration';

/** Tables and columns the filter panel's counts read: a change to any of them changes some count. */
const COUNTED: readonly { table: string; columns?: readonly string[]; inserts?: boolean }[] = [
  { table: 'assets', columns: ['id', 'kind', 'model', 'variant_id', 'favourite', 'created_at', 'job_id', 'prompt'] },
  { table: 'asset_tags' },
  { table: 'board_items' },
  { table: 'asset_characters' },
  { table: 'boards', columns: ['id', 'name', 'position', 'filter'] },
  // A job's batch, and a batch's name and age, place results in the batch counts; new ones hold no result yet.
  { table: 'jobs', columns: ['id', 'batch_id'], inserts: false },
  { table: 'batches', columns: ['id', 'name', 'created_at'], inserts: false },
];

/**
 * A number that rises with every change the filter panel's counts depend on, kept by triggers,
 * so counts worked out once can be served again until it moves (`countAssetFacets`), whichever
 * connection or process made the change.
 */
export const facetGeneration: Migration = {
  version: 21,
  name: 'facet generation',
  up(db) {
    db.exec(`
      CREATE TABLE facet_generation (value INTEGER NOT NULL);
      INSERT INTO facet_generation (value) VALUES (0);
    `);
    const bump = 'BEGIN UPDATE facet_generation SET value = value + 1; END';
    for (const { table, columns, inserts } of COUNTED) {
      if (inserts !== false) db.exec(`CREATE TRIGGER ${table}_facets_insert AFTER INSERT ON ${table} ${bump}`);
      db.exec(`CREATE TRIGGER ${table}_facets_delete AFTER DELETE ON ${table} ${bump}`);
      db.exec(`CREATE TRIGGER ${table}_facets_update AFTER UPDATE${columns ? ` OF ${columns.join(', ')}` : ''} ON ${table} ${bump}`);
    }
  },
};
