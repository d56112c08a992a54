import { randomUUID } from 'node:crypto';
import type { LibraryDatabase } from './library-database';

/** A named collection of assets; an asset can be on several boards. */
export interface Board {
  id: string;
  name: string;
  /** How many assets are on it. */
  count: number;
  createdAt: number;
  updatedAt: number;
}

interface BoardRow {
  id: string;
  name: string;
  count: number;
  created_at: number;
  updated_at: number;
}

const toBoard = (row: BoardRow): Board => ({ id: row.id, name: row.name, count: row.count, createdAt: row.created_at, updatedAt: row.updated_at });

const boardSelect = `SELECT b.id, b.name, b.created_at, b.updated_at, (SELECT COUNT(*) FROM board_items i WHERE i.board_id = b.id) AS count FROM boards b`;

/** A board name as stored: trimmed, inner whitespace collapsed. */
export function cleanBoardName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

/** Every board by name. */
export function listBoards(db: LibraryDatabase): Board[] {
  return db.prepare<[], BoardRow>(`${boardSelect} ORDER BY b.name COLLATE NOCASE, b.id`).all().map(toBoard);
}

export function getBoard(db: LibraryDatabase, id: string): Board | undefined {
  const row = db.prepare<[string], BoardRow>(`${boardSelect} WHERE b.id = ?`).get(id);
  return row && toBoard(row);
}

/** The board with this name (case-insensitive), if any. */
export function findBoardByName(db: LibraryDatabase, name: string): Board | undefined {
  const row = db.prepare<[string], BoardRow>(`${boardSelect} WHERE b.name = ? COLLATE NOCASE`).get(cleanBoardName(name));
  return row && toBoard(row);
}

/** Creates a board; undefined when another board already has the name. */
export function createBoard(db: LibraryDatabase, name: string): Board | undefined {
  return db.transaction(() => {
    if (findBoardByName(db, name)) return undefined;
    const id = randomUUID();
    const now = db.now();
    db.prepare('INSERT INTO boards (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(id, cleanBoardName(name), now, now);
    return getBoard(db, id);
  });
}

/** Renames a board: `undefined` when it does not exist, `'taken'` when another board has the name. */
export function renameBoard(db: LibraryDatabase, id: string, name: string): Board | 'taken' | undefined {
  return db.transaction(() => {
    const other = findBoardByName(db, name);
    if (other && other.id !== id) return 'taken';
    if (db.prepare('UPDATE boards SET name = ?, updated_at = ? WHERE id = ?').run(cleanBoardName(name), db.now(), id).changes === 0) return undefined;
    return getBoard(db, id);
  });
}

/** Deletes a board (its assets stay in the library). */
export function deleteBoard(db: LibraryDatabase, id: string): boolean {
  return db.prepare('DELETE FROM boards WHERE id = ?').run(id).changes === 1;
}

/** Puts assets on a board (those already on it stay; unknown ids are skipped). Returns the board, or undefined if there is none. */
export function addToBoard(db: LibraryDatabase, boardId: string, assetIds: readonly string[]): Board | undefined {
  return db.transaction(() => {
    if (!db.prepare('SELECT 1 FROM boards WHERE id = ?').get(boardId)) return undefined;
    const now = db.now();
    const insert = db.prepare('INSERT OR IGNORE INTO board_items (board_id, asset_id, added_at) SELECT ?, id, ? FROM assets WHERE id = ?');
    for (const assetId of assetIds) insert.run(boardId, now, assetId);
    db.prepare('UPDATE boards SET updated_at = ? WHERE id = ?').run(now, boardId);
    return getBoard(db, boardId);
  });
}

/** Takes assets off a board. Returns the board, or undefined if there is none. */
export function removeFromBoard(db: LibraryDatabase, boardId: string, assetIds: readonly string[]): Board | undefined {
  return db.transaction(() => {
    if (!db.prepare('SELECT 1 FROM boards WHERE id = ?').get(boardId)) return undefined;
    const remove = db.prepare('DELETE FROM board_items WHERE board_id = ? AND asset_id = ?');
    for (const assetId of assetIds) remove.run(boardId, assetId);
    db.prepare('UPDATE boards SET updated_at = ? WHERE id = ?').run(db.now(), boardId);
    return getBoard(db, boardId);
  });
}
