import { SEARCH_TEXT_FUNCTION } from '../search-text-function';
import type { Migration } from './migration';

/**
 * Full-text search over the prompts of assets and jobs. Contentless FTS5 tables (the prompt
 * lives in its own row) with `contentless_delete` so triggers can remove an entry by rowid
 * alone. The indexed text comes from `searchTextOf` (see search-text.ts for why).
 */
export const promptSearch: Migration = {
  version: 2,
  name: 'prompt search',
  up(db) {
    for (const [table, index] of [
      ['assets', 'asset_search'],
      ['jobs', 'job_search'],
    ] as const) {
      db.exec(`
        CREATE VIRTUAL TABLE ${index} USING fts5 (
          text, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
        );
        CREATE TRIGGER ${table}_search_insert AFTER INSERT ON ${table} BEGIN
          INSERT INTO ${index} (rowid, text) VALUES (new.seq, ${SEARCH_TEXT_FUNCTION}(new.prompt));
        END;
        CREATE TRIGGER ${table}_search_delete AFTER DELETE ON ${table} BEGIN
          DELETE FROM ${index} WHERE rowid = old.seq;
        END;
        CREATE TRIGGER ${table}_search_update AFTER UPDATE OF prompt ON ${table} BEGIN
          DELETE FROM ${index} WHERE rowid = old.seq;
          INSERT INTO ${index} (rowid, text) VALUES (new.seq, ${SEARCH_TEXT_FUNCTION}(new.prompt));
        END;
        INSERT INTO ${index} (rowid, text) SELECT seq, ${SEARCH_TEXT_FUNCTION}(prompt) FROM ${table};
      `);
    }
  },
};
