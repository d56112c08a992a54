import type { Migration } from './migration';

/**
 * A batch made from a `{{column}}` template keeps the CSV it was filled from (JSON: its file name
 * and text, or only its name and size when it was too large to keep), so the history gives the
 * template back whole and it can run again.
 */
export const batchTemplateCsv: Migration = {
  version: 28,
  name: 'batch template csv',
  up(db) {
    db.exec('ALTER TABLE batches ADD COLUMN template_csv TEXT;');
  },
};
