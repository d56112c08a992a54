import type { Migration } from './migration';

/**
 * A batch made from a template keeps the template (null otherwise), so the prompt history can list
 * it once instead of every line it expanded to. Results are found by prompt for their thumbnails.
 */
export const batchTemplate: Migration = {
  version: 26,
  name: 'batch template',
  up(db) {
    db.exec(`
      ALTER TABLE batches ADD COLUMN template TEXT;
      CREATE INDEX assets_prompt_created ON assets (prompt, created_at);
    `);
  },
};
