// A board's cover is its newest result, whether or not that result is among the library's newest.
import { describe, expect, it } from 'vitest';
import { insertAsset } from '../../../src/main/core/library';
import { addToBoard, createBoard, listBoards } from '../../../src/main/core/library/boards';
import { openLibrary, sampleAsset } from './helpers';

/** More results than the cover's look through the newest (2,000), one a second. */
const LIBRARY = 2_100;
const start = Date.UTC(2026, 0, 1);

describe('board covers', () => {
  it("show each board's newest result, for boards among the newest results and boards of old ones alike", () => {
    const { db } = openLibrary();
    const ids: string[] = [];
    db.transaction(() => {
      for (let index = 0; index < LIBRARY; index++) {
        const id = `a${String(index).padStart(5, '0')}`;
        insertAsset(db, sampleAsset({ id, filePath: `2026/01/01/${id}.png`, createdAt: start + index * 1000 }));
        ids.push(id);
      }
    });
    const recent = createBoard(db, 'Recent');
    const old = createBoard(db, 'Old');
    const mixed = createBoard(db, 'Mixed');
    if (!recent || !old || !mixed) throw new Error('boards were not created');
    addToBoard(db, recent.id, ids.slice(-10, -3));
    // Only results older than the newest 2,000: the newest of them is the 21st from the start.
    addToBoard(db, old.id, [ids[3], ids[20], ids[7]].map(String));
    addToBoard(db, mixed.id, [ids[0], ids[LIBRARY - 50]].map(String));

    const covers = Object.fromEntries(listBoards(db).map((board) => [board.name, [board.count, board.coverPath]]));
    expect(covers).toEqual({
      Recent: [7, `2026/01/01/${String(ids[LIBRARY - 4])}.png`],
      Old: [3, `2026/01/01/${String(ids[20])}.png`],
      Mixed: [2, `2026/01/01/${String(ids[LIBRARY - 50])}.png`],
    });
  });
});
