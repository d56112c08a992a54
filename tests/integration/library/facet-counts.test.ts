/**
 * The filter panel's counts read assets reached through tags, boards and characters from a
 * narrow index rather than the rows. Whatever path the counts take, each must equal the count
 * of the assets themselves under the same filter.
 */
import { describe, expect, it } from 'vitest';
import { countAssetFacets, insertAsset, listAssets, type Asset, type AssetFilter } from '../../../src/main/core/library';
import { addToBoard, createBoard } from '../../../src/main/core/library/boards';
import { openLibrary, sampleAsset } from './helpers';

const base = Date.UTC(2025, 6, 1);
const models = ['gen-image-2', 'nova-3-pro-image', 'vid-2'];

function everything(filter: AssetFilter, db: Parameters<typeof listAssets>[0]): Asset[] {
  const items: Asset[] = [];
  let cursor: string | null = null;
  do {
    const page = listAssets(db, { ...filter, cursor, limit: 200 });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return items;
}

describe('facet counts through tags, boards, characters and search', () => {
  it('match the assets themselves under every filter', () => {
    const { db } = openLibrary();
    const ids: string[] = [];
    db.transaction(() => {
      for (let i = 0; i < 240; i++) {
        const model = models[i % 3] ?? 'gen-image-2';
        const prompt = `${i % 4 === 0 ? '@luna ' : ''}${i % 5 === 0 ? '橘猫 on a roof' : 'a quiet harbour'} ${i}`;
        const tags = [i % 2 === 0 ? 'portrait' : 'landscape', ...(i % 7 === 0 ? ['client-a'] : [])];
        const asset = sampleAsset({
          createdAt: base + i * 1000,
          kind: model === 'vid-2' ? 'video' : 'image',
          model,
          favourite: i % 6 === 0,
          tags,
          prompt,
          request: { model, prompt },
        });
        ids.push(insertAsset(db, asset).asset.id);
      }
    });
    const board = createBoard(db, 'picks');
    if (!board) throw new Error('no board');
    addToBoard(
      db,
      board.id,
      ids.filter((_id, i) => i % 3 === 1 || i % 10 === 0),
    );

    const filters: AssetFilter[] = [
      {},
      { tag: 'client-a' },
      { tag: 'portrait', favourite: true },
      { boardId: board.id },
      { boardId: board.id, model: 'vid-2' },
      { character: 'luna' },
      { character: 'luna', tag: 'portrait', favourite: true },
      { text: '橘猫', boardId: board.id },
      { text: '橘猫', tag: 'portrait' },
    ];
    for (const filter of filters) {
      const facets = countAssetFacets(db, filter);
      const matching = everything(filter, db);
      expect(facets.total, JSON.stringify(filter)).toBe(matching.length);
      expect(facets.total, JSON.stringify(filter)).toBeGreaterThan(0);
      // Each facet ignores its own choice and honours the others.
      const withoutKind = everything({ ...filter, kind: undefined }, db);
      expect(facets.kinds, JSON.stringify(filter)).toEqual({
        image: withoutKind.filter((a) => a.kind === 'image').length,
        video: withoutKind.filter((a) => a.kind === 'video').length,
      });
      const withoutModel = everything({ ...filter, model: undefined }, db);
      for (const { model, count } of facets.models)
        expect(count, `${JSON.stringify(filter)} ${model}`).toBe(withoutModel.filter((a) => a.model === model).length);
      const withoutFavourite = everything({ ...filter, favourite: undefined }, db);
      expect(facets.favourites, JSON.stringify(filter)).toBe(withoutFavourite.filter((a) => a.favourite).length);
      const withoutTag = everything({ ...filter, tag: undefined }, db);
      for (const { tag, count } of facets.tags) expect(count, `${JSON.stringify(filter)} #${tag}`).toBe(withoutTag.filter((a) => a.tags.includes(tag)).length);
      const withoutBoard = everything({ ...filter, boardId: undefined }, db);
      expect(facets.boards, JSON.stringify(filter)).toEqual([
        { id: board.id, name: 'picks', count: withoutBoard.filter((a) => a.boardIds.includes(board.id)).length },
      ]);
    }
  });
});
