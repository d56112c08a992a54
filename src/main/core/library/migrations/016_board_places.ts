import type { Migration } from './migration';

/**
 * Boards become places the artist arranges: each has a position (the order they chose, which
 * starts as the order by name), and a smart board keeps a saved search (`filter`, JSON of the
 * gallery filter) instead of items put on it.
 */
export const boardPlaces: Migration = {
  version: 16,
  name: 'board places',
  up(db) {
    db.exec(`
      ALTER TABLE boards ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE boards ADD COLUMN filter TEXT CHECK (filter IS NULL OR json_valid(filter));
    `);
    const ids = db.prepare<[], { id: string }>('SELECT id FROM boards ORDER BY name COLLATE NOCASE, id').all();
    const place = db.prepare('UPDATE boards SET position = ? WHERE id = ?');
    ids.forEach((row, index) => place.run(index, row.id));
  },
};
