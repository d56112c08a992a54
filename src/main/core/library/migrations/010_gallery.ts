import { characterUsernamesOf } from '../asset-characters';
import type { Migration } from './migration';

/**
 * What the gallery adds to the library: boards (named collections; an asset can be on several),
 * the characters each asset's prompt mentions (`@username`, for the character filter), and the
 * trash: deleted assets wait here, their files in `<library>/.trash/<deletion>/`, until their
 * undo window has passed.
 */
export const gallery: Migration = {
  version: 10,
  name: 'gallery',
  up(db) {
    db.exec(`
      CREATE TABLE boards (
        id         TEXT PRIMARY KEY,
        name       TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX boards_name ON boards (name COLLATE NOCASE);

      CREATE TABLE board_items (
        board_id TEXT NOT NULL REFERENCES boards (id) ON DELETE CASCADE,
        asset_id TEXT NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
        added_at INTEGER NOT NULL,
        PRIMARY KEY (board_id, asset_id)
      ) WITHOUT ROWID;
      CREATE INDEX board_items_asset ON board_items (asset_id, board_id);

      CREATE TABLE asset_characters (
        asset_id TEXT NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
        username TEXT NOT NULL,
        PRIMARY KEY (asset_id, username)
      ) WITHOUT ROWID;
      CREATE INDEX asset_characters_username ON asset_characters (username, asset_id);

      CREATE TABLE deletions (
        id         TEXT PRIMARY KEY,
        created_at INTEGER NOT NULL,
        undo_until INTEGER NOT NULL
      );
      CREATE TABLE trashed_assets (
        deletion_id TEXT NOT NULL REFERENCES deletions (id) ON DELETE CASCADE,
        asset_id    TEXT NOT NULL,
        snapshot    TEXT NOT NULL CHECK (json_valid(snapshot)),
        PRIMARY KEY (deletion_id, asset_id)
      ) WITHOUT ROWID;
    `);
    const insert = db.prepare('INSERT OR IGNORE INTO asset_characters (asset_id, username) VALUES (?, ?)');
    const rows = db.prepare<[], { id: string; prompt: string }>("SELECT id, prompt FROM assets WHERE prompt LIKE '%@%'").all();
    for (const row of rows) for (const username of characterUsernamesOf(row.prompt)) insert.run(row.id, username);
  },
};
