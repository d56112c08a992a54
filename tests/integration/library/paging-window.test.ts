/**
 * Pages of a tag or board filter are first looked for in a window of the assets after the cursor
 * (PAGE_WINDOW of them) and looked up item by item when the window holds less than a page or the
 * filter holds fewer items than a window. Every way, and the switch between them, must give the
 * same pages as the filter read in full.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAsset, LibraryDatabase, listAssets, PAGE_WINDOW, type Asset, type AssetPageRequest } from '../../../src/main/core/library';
import { addToBoard, createBoard } from '../../../src/main/core/library/boards';
import { sampleAsset } from './helpers';

const base = Date.UTC(2025, 4, 1);
const SIZE = PAGE_WINDOW * 2 + 500;

/**
 * SIZE assets, a second apart: `half` on every second one (a page is found in the newest window);
 * `older` on the oldest 2,200 (enough to be walked for, yet none in the newest window); `sparse`
 * on every 150th (so few they are looked up directly). Favourites every seventh. A board holds
 * every other asset and the oldest 100.
 */
function seed(db: LibraryDatabase): { ids: string[]; boardId: string } {
  const ids: string[] = [];
  db.transaction(() => {
    for (let i = 0; i < SIZE; i++) {
      const tags = [i % 2 === 0 ? 'half' : null, i < 2_200 ? 'older' : null, i % 150 === 0 ? 'sparse' : null].filter((tag): tag is string => tag !== null);
      // Two assets share each second, so the id breaks ties inside the window too.
      ids.push(insertAsset(db, sampleAsset({ createdAt: base + Math.floor(i / 2) * 1000, favourite: i % 7 === 0, tags })).asset.id);
    }
  });
  const board = createBoard(db, 'window board');
  if (!board) throw new Error('board not created');
  addToBoard(
    db,
    board.id,
    ids.filter((_id, i) => i % 2 === 1 || i < 100),
  );
  return { ids, boardId: board.id };
}

function readAll(db: LibraryDatabase, request: AssetPageRequest): Asset[] {
  const items: Asset[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = listAssets(db, { ...request, cursor, limit: 60 });
    items.push(...page.items);
    cursor = page.nextCursor;
    pages++;
  } while (cursor !== null && pages < 500);
  return items;
}

const newestFirst = (a: Asset, b: Asset): number => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

describe('filtered pages walked in a window', () => {
  // One library for every case (seeding takes a few seconds), kept open across them.
  const dir = mkdtempSync(join(tmpdir(), 'atelier-paging-window-'));
  const db = LibraryDatabase.open(join(dir, 'library.sqlite'));
  let boardId = '';
  let everything: Asset[] = [];
  beforeAll(() => {
    boardId = seed(db).boardId;
    everything = readAll(db, {});
  });
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const cases: { label: string; request: () => AssetPageRequest; keep: (asset: Asset) => boolean }[] = [
    { label: 'a tag on every other asset', request: () => ({ tag: 'half' }), keep: (asset) => asset.tags.includes('half') },
    { label: 'a large tag only on the oldest assets', request: () => ({ tag: 'older' }), keep: (asset) => asset.tags.includes('older') },
    { label: 'a tag on few assets', request: () => ({ tag: 'sparse' }), keep: (asset) => asset.tags.includes('sparse') },
    { label: 'a favourite and a tag', request: () => ({ tag: 'half', favourite: true }), keep: (asset) => asset.favourite && asset.tags.includes('half') },
    { label: 'a board', request: () => ({ boardId }), keep: (asset) => asset.boardIds.includes(boardId) },
  ];

  it('reads the whole library newest first', () => {
    expect(everything).toHaveLength(SIZE);
    expect([...everything].sort(newestFirst).map((asset) => asset.id)).toEqual(everything.map((asset) => asset.id));
  });

  for (const { label, request, keep } of cases) {
    it(`gives every item once, in order, for ${label}`, () => {
      const expected = everything.filter(keep).map((asset) => asset.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(readAll(db, request()).map((asset) => asset.id)).toEqual(expected);
    });

    it(`gives the same items oldest first for ${label}`, () => {
      const expected = everything
        .filter(keep)
        .map((asset) => asset.id)
        .reverse();
      expect(readAll(db, { ...request(), order: 'oldest' }).map((asset) => asset.id)).toEqual(expected);
    });
  }
});
