import { randomUUID } from 'node:crypto';
import { smartFilterSchema, type SmartFilter } from '../../../shared/contract/library';
import { buildAssetConditions, type AssetFilter } from './asset-query';
import { parseJsonColumn } from './json-column';
import type { LibraryDatabase } from './library-database';

/**
 * A named collection of assets, in the order the artist arranged the boards. A board holds the
 * results put on it (an asset can be on several); a smart board holds a saved search instead and
 * shows whatever matches it, now and later.
 */
export interface Board {
  id: string;
  name: string;
  /** How many assets are on it (a smart board: how many match). */
  count: number;
  /** A smart board's saved search; null for a board results are put on. */
  filter: SmartFilter | null;
  /** The newest asset's thumbnail (or file), relative to the library; null when it is empty. */
  coverPath: string | null;
  createdAt: number;
  updatedAt: number;
}

interface BoardRow {
  id: string;
  name: string;
  filter: string | null;
  count: number;
  created_at: number;
  updated_at: number;
}

// A manual board's count comes with the row, its cover from `newestOnBoard`; a smart board's from its search (`withSearch`).
const boardSelect = `SELECT b.id, b.name, b.filter, b.created_at, b.updated_at,
  (SELECT COUNT(*) FROM board_items i WHERE i.board_id = b.id) AS count
  FROM boards b`;

/** How many of the library's newest results are looked through for a board's cover before its own items are sorted. */
const COVER_LOOKAHEAD = 2000;

/**
 * The newest result on a manual board (its thumbnail, or file), relative to the library. Sorting a
 * board's items by time costs as much as the board is big (55-180 ms for 10,000 of 100,000 results),
 * and main answers nothing else meanwhile; a board of any size usually has one among the library's
 * newest, found by walking the time index a few rows. Only a board with none of them is sorted.
 */
function newestOnBoard(db: LibraryDatabase, boardId: string): string | null {
  const recent = db
    .prepare<[string], { path: string }>(
      `SELECT COALESCE(a.thumb_path, a.file_path) AS path FROM assets a WHERE a.id = (
        SELECT r.id FROM (SELECT id FROM assets ORDER BY created_at DESC, id DESC LIMIT ${String(COVER_LOOKAHEAD)}) r
        WHERE EXISTS (SELECT 1 FROM board_items i WHERE i.board_id = ? AND i.asset_id = r.id) LIMIT 1)`,
    )
    .get(boardId);
  if (recent) return recent.path;
  const sorted = db
    .prepare<[string], { path: string }>(
      `SELECT COALESCE(a.thumb_path, a.file_path) AS path FROM board_items i JOIN assets a ON a.id = i.asset_id
        WHERE i.board_id = ? ORDER BY a.created_at DESC, a.id DESC LIMIT 1`,
    )
    .get(boardId);
  return sorted?.path ?? null;
}

const boardOrder = 'ORDER BY b.position, b.name COLLATE NOCASE, b.id';

function toBoard(db: LibraryDatabase, row: BoardRow): Board {
  const filter = row.filter === null ? null : parseJsonColumn(smartFilterSchema, row.filter, `filter of board ${row.id}`);
  const board: Board = {
    id: row.id,
    name: row.name,
    count: row.count,
    filter,
    coverPath: filter === null && row.count > 0 ? newestOnBoard(db, row.id) : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  return filter === null ? board : withSearch(db, board, filter);
}

/** A smart board's count and cover: what its saved search finds now. */
function withSearch(db: LibraryDatabase, board: Board, filter: SmartFilter): Board {
  const where = buildAssetConditions(expandSmartBoard(db, filter));
  const count = db.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM assets a WHERE ${where.sql}`).get(...where.params)?.n ?? 0;
  const cover = db
    .prepare<unknown[], { path: string }>(
      `SELECT COALESCE(a.thumb_path, a.file_path) AS path FROM assets a WHERE ${where.sql} ORDER BY a.created_at DESC, a.id DESC LIMIT 1`,
    )
    .get(...where.params);
  return { ...board, count, coverPath: cover?.path ?? null };
}

/** A board name as stored: trimmed, inner whitespace collapsed. */
function cleanBoardName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

/** Every board, in the artist's order. */
export function listBoards(db: LibraryDatabase): Board[] {
  return db
    .prepare<[], BoardRow>(`${boardSelect} ${boardOrder}`)
    .all()
    .map((row) => toBoard(db, row));
}

function getBoard(db: LibraryDatabase, id: string): Board | undefined {
  const row = db.prepare<[string], BoardRow>(`${boardSelect} WHERE b.id = ?`).get(id);
  return row && toBoard(db, row);
}

/** The board with this name (case-insensitive), if any. */
function findBoardByName(db: LibraryDatabase, name: string): Board | undefined {
  const row = db.prepare<[string], BoardRow>(`${boardSelect} WHERE b.name = ? COLLATE NOCASE`).get(cleanBoardName(name));
  return row && toBoard(db, row);
}

/** The saved search of a smart board; undefined for a board results are put on (or none). */
export function smartFilterOf(db: LibraryDatabase, id: string): SmartFilter | undefined {
  const row = db.prepare<[string], { filter: string | null }>('SELECT filter FROM boards WHERE id = ?').get(id);
  return row?.filter == null ? undefined : parseJsonColumn(smartFilterSchema, row.filter, `filter of board ${id}`);
}

/**
 * A filter as the library runs it: "on this board" for a smart board becomes its saved search,
 * which the rest of the filter narrows further. Other filters are returned as they are.
 */
export function expandSmartBoard<F extends AssetFilter>(db: LibraryDatabase, filter: F, depth = 0): F {
  if (filter.boardId === undefined) return filter;
  const saved = smartFilterOf(db, filter.boardId);
  if (saved === undefined) return filter;
  const { boardId: _board, ...rest } = filter;
  // A smart board may search within another (made before it, so there is no cycle); a damaged database could still hold one.
  return { ...rest, within: depth < MAX_NESTING ? expandSmartBoard(db, saved, depth + 1) : { ...saved, boardId: undefined } } as F;
}

const MAX_NESTING = 8;

/** Creates a board (a smart one with `filter`), last in the order; undefined when the name is taken. */
export function createBoard(db: LibraryDatabase, name: string, filter: SmartFilter | null = null): Board | undefined {
  return db.transaction(() => {
    if (findBoardByName(db, name)) return undefined;
    const id = randomUUID();
    const now = db.now();
    const position = (db.prepare<[], { last: number | null }>('SELECT MAX(position) AS last FROM boards').get()?.last ?? -1) + 1;
    db.prepare('INSERT INTO boards (id, name, filter, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)').run(
      id,
      cleanBoardName(name),
      filter === null ? null : JSON.stringify(filter),
      position,
      now,
      now,
    );
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

/** Puts the boards in the order of `ids`; boards not named keep their order, after them. Unknown ids are skipped. */
export function reorderBoards(db: LibraryDatabase, ids: readonly string[]): void {
  db.transaction(() => {
    const current = db
      .prepare<[], { id: string }>(`SELECT b.id FROM boards b ${boardOrder}`)
      .all()
      .map((row) => row.id);
    const named = [...new Set(ids)].filter((id) => current.includes(id));
    const order = [...named, ...current.filter((id) => !named.includes(id))];
    const place = db.prepare('UPDATE boards SET position = ? WHERE id = ?');
    order.forEach((id, index) => place.run(index, id));
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
