import type { Migration } from './migration';

/**
 * The artist's own name for a character (prompts say `@name`, the gateway gets `@username`),
 * unique ignoring case; and the name asked for when a character is made, kept with its job
 * until the character arrives.
 */
export const characterNames: Migration = {
  version: 29,
  name: 'character names',
  up(db) {
    db.exec(`
      ALTER TABLE characters ADD COLUMN name TEXT;
      CREATE UNIQUE INDEX characters_name ON characters (name COLLATE NOCASE) WHERE name IS NOT NULL;
      CREATE TABLE character_name_requests (
        job_id TEXT PRIMARY KEY,
        name TEXT NOT NULL
      );
    `);
  },
};
