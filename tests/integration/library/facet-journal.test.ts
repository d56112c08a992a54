/**
 * After a change, the filter panel's counts are brought up to date from the assets that changed
 * (the facet journal) instead of being counted again over the library. Whatever an artist does
 * while a batch lands (results arriving, put on boards, tagged, made favourites, deleted and
 * restored), the counts must equal counts worked out afresh, under every kind of filter.
 */
import { describe, expect, it } from 'vitest';
import { createBatch, insertJob } from '../../../src/main/core/jobs/store';
import { countAssetFacets, insertAsset, setAssetFavourite, setAssetTags, type AssetFacets, type AssetFilter } from '../../../src/main/core/library';
import { computeAssetFacets } from '../../../src/main/core/library/asset-facets';
import { addToBoard, createBoard, removeFromBoard } from '../../../src/main/core/library/boards';
import { followJournal, journalPosition } from '../../../src/main/core/library/facet-journal';
import { LibraryTrash } from '../../../src/main/core/library/trash';
import { openLibrary, sampleAsset } from './helpers';

const base = Date.UTC(2025, 6, 1);

/** A small random generator, so a failure can be replayed from its seed. */
function generator(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

describe('facet counts followed from the journal', () => {
  it('equal counts worked out afresh while results arrive, move, are deleted and restored', async () => {
    const { db, dir } = openLibrary();
    const trash = new LibraryTrash({ db, root: dir });
    const random = generator(7);
    const models = ['gen-image-2', 'vid-2', 'nova-3-pro-image'];
    const words = ['harbour', '灯塔', 'forest'];
    const batches = [createBatch(db, { name: 'morning' }), createBatch(db, { name: 'evening' })];
    const ids: string[] = [];
    let made = 0;
    const arrive = (): void => {
      const model = models[random(3)] ?? 'gen-image-2';
      const batch = batches[random(3)];
      const job = insertJob(db, { variantId: `image.${model}.direct`, model, request: {}, ...(batch ? { batchId: batch.id } : {}) });
      made += 1;
      const asset = insertAsset(
        db,
        sampleAsset({
          createdAt: base + made * 1000,
          kind: model === 'vid-2' ? 'video' : 'image',
          model,
          jobId: job.id,
          favourite: random(5) === 0,
          tags: random(2) === 0 ? ['portrait'] : [],
          prompt: `${random(3) === 0 ? '@luna ' : ''}a ${words[random(3)] ?? ''} at dawn ${String(made)}`,
          request: { model },
        }),
      ).asset;
      ids.push(asset.id);
    };
    for (let i = 0; i < 40; i++) arrive();
    const picks = createBoard(db, 'picks');
    const smart = createBoard(db, 'harbours', { text: 'harbour' });
    if (!picks || !smart) throw new Error('no boards');
    addToBoard(db, picks.id, ids.slice(0, 8));

    const filters: AssetFilter[] = [
      {},
      { model: 'gen-image-2' },
      { kind: 'video', favourite: true },
      { tag: 'portrait' },
      { boardId: picks.id },
      { character: 'luna' },
      { batchId: batches[0]?.id ?? '' },
      { text: '灯塔' },
      { createdFrom: base + 20_000 },
    ];
    const since = [base + 10_000, base + 30_000];
    // Each filter's counts as the panel keeps them, and the journal position they are up to date with.
    const kept = new Map<AssetFilter, { facets: AssetFacets; position: number }>();
    const remember = (): void => {
      for (const filter of filters) kept.set(filter, { facets: computeAssetFacets(db, filter, since), position: journalPosition(db) });
    };
    let followed = 0;
    const check = (after: string): void => {
      for (const filter of filters) {
        const fresh = computeAssetFacets(db, filter, since);
        const before = kept.get(filter);
        const update = before && followJournal(db, before.facets, before.position, filter, since);
        if (update) {
          followed += 1;
          expect(update.facets, `${after}, followed: ${JSON.stringify(filter)}`).toEqual(fresh);
        }
        expect(countAssetFacets(db, filter, since), `${after}: ${JSON.stringify(filter)}`).toEqual(fresh);
      }
      remember();
    };
    remember();
    countAssetFacets(db, {}, since);

    for (let step = 0; step < 60; step++) {
      const id = ids[random(ids.length)] ?? '';
      const action = random(7);
      if (action === 0) {
        for (let i = 0; i < 1 + random(4); i++) arrive();
        check(`step ${String(step)}: results arrived`);
      } else if (action === 1) {
        addToBoard(db, picks.id, [id]);
        check(`step ${String(step)}: put on a board`);
      } else if (action === 2) {
        removeFromBoard(db, picks.id, [id]);
        check(`step ${String(step)}: taken off a board`);
      } else if (action === 3) {
        setAssetTags(db, id, random(2) === 0 ? ['portrait', 'client-a'] : ['landscape']);
        check(`step ${String(step)}: tagged`);
      } else if (action === 4) {
        setAssetFavourite(db, id, random(2) === 0);
        check(`step ${String(step)}: favourite`);
      } else {
        const deletion = await trash.delete([id, ids[random(ids.length)] ?? '']);
        check(`step ${String(step)}: deleted`);
        if (action === 5) {
          await trash.undo(deletion.deletionId);
          check(`step ${String(step)}: restored`);
        }
      }
    }
    // Most changes were followed from the journal rather than counted again.
    expect(followed).toBeGreaterThan(filters.length * 30);
  });

  it('counts afresh when the journal no longer holds what changed since', () => {
    const { db } = openLibrary();
    for (let i = 0; i < 5; i++) insertAsset(db, sampleAsset({ createdAt: base + i }));
    const position = journalPosition(db);
    const facets = computeAssetFacets(db, {});
    db.prepare("INSERT INTO facet_journal (change) VALUES ('recount')").run();
    expect(followJournal(db, facets, position, {}, [])).toBeUndefined();
    insertAsset(db, sampleAsset({ createdAt: base + 10 }));
    expect(countAssetFacets(db, {})).toEqual(computeAssetFacets(db, {}));
  });
});
