/**
 * The filter panel's counts are kept per filter until the library changes in a way that moves a
 * count. Every such change, made through this connection or another one (the command line, a
 * second window's process), must show at the next ask: kept counts always equal counts worked
 * out afresh.
 */
import { describe, expect, it } from 'vitest';
import { countAssetFacets, deleteAsset, insertAsset, setAssetFavourite, setAssetTags, type AssetFilter } from '../../../src/main/core/library';
import { computeAssetFacets } from '../../../src/main/core/library/asset-facets';
import { addToBoard, createBoard, removeFromBoard, renameBoard } from '../../../src/main/core/library/boards';
import { openLibrary, sampleAsset } from './helpers';

const base = Date.UTC(2025, 6, 1);

describe('kept facet counts', () => {
  it('follow every change that moves a count, from this connection or another', () => {
    const { db, reopen } = openLibrary();
    const other = reopen();
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const model = i % 3 === 0 ? 'vid-2' : 'gen-image-2';
      const asset = sampleAsset({
        createdAt: base + i * 1000,
        kind: model === 'vid-2' ? 'video' : 'image',
        model,
        favourite: i % 5 === 0,
        tags: i % 2 === 0 ? ['portrait'] : ['landscape'],
        prompt: `${i % 4 === 0 ? '@luna ' : ''}a quiet harbour ${i}`,
        request: { model },
      });
      ids.push(insertAsset(db, asset).asset.id);
    }
    const board = createBoard(db, 'picks');
    if (!board) throw new Error('no board');
    addToBoard(db, board.id, ids.slice(0, 10));
    const [first = '', second = '', third = ''] = ids;

    const filters: AssetFilter[] = [{}, { tag: 'portrait' }, { favourite: true, model: 'gen-image-2' }, { boardId: board.id }, { character: 'luna' }];
    const check = (after: string): void => {
      for (const filter of filters) expect(countAssetFacets(db, filter), `${after}: ${JSON.stringify(filter)}`).toEqual(computeAssetFacets(db, filter));
    };
    // Asked twice: the second answer is the kept one.
    check('first ask');
    check('second ask');
    const before = countAssetFacets(db, {});

    setAssetFavourite(db, first, false);
    check('a favourite removed');
    setAssetTags(db, second, ['portrait', 'client-a']);
    check('tags changed');
    removeFromBoard(db, board.id, [first]);
    check('taken off a board');
    renameBoard(db, board.id, 'best picks');
    check('a board renamed');
    setAssetFavourite(other, third, true);
    check('a favourite added by another connection');
    deleteAsset(other, second);
    check('deleted by another connection');
    insertAsset(other, sampleAsset({ createdAt: base + 99_000, kind: 'image', model: 'nova-3-pro-image', prompt: '@luna at dawn', request: {} }));
    check('added by another connection');

    const after = countAssetFacets(db, {});
    expect(after.total).toBe(before.total);
    expect(after.models.find((row) => row.model === 'nova-3-pro-image')?.count).toBe(1);
    expect(after.boards.find((row) => row.id === board.id)).toEqual({ id: board.id, name: 'best picks', count: 8 });
  });
});
