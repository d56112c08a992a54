import type { Migration } from './migration';

/** The gallery's kind filter and its facet counts read the whole table without an index on kind. */
export const assetKindIndex: Migration = {
  version: 5,
  name: 'asset kind index',
  up(db) {
    db.exec(`CREATE INDEX assets_kind_created ON assets (kind, created_at, id);`);
  },
};
