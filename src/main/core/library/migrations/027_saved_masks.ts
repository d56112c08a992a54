import type { Migration } from './migration';

/** Masks the artist saved to use again: a name and size here, the PNG in the library (`.masks/<id>.png`). */
export const savedMasks: Migration = {
  version: 27,
  name: 'saved masks',
  up(db) {
    db.exec(`
      CREATE TABLE saved_masks (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        width INTEGER NOT NULL CHECK (width > 0),
        height INTEGER NOT NULL CHECK (height > 0),
        file_path TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX saved_masks_created ON saved_masks (created_at DESC, id DESC);
    `);
  },
};
