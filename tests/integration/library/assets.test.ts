import { describe, expect, it } from 'vitest';
import {
  deleteAsset,
  deleteCharacter,
  findAssetByResult,
  findCharacterByUsername,
  getAsset,
  insertAsset,
  listCharacters,
  listJobAssets,
  saveCharacter,
  setAssetFavourite,
  setAssetTags,
  setAssetThumb,
} from '../../../src/main/core/library';
import { deleteJob, insertJob } from '../../../src/main/core/jobs/store';
import { openLibrary, sampleAsset } from './helpers';

describe('assets', () => {
  it('stores each task result once, however often the download is retried', () => {
    const { db, reopen } = openLibrary();
    const job = insertJob(db, { variantId: 'image.gen-image-2.task', model: 'gen-image-2', request: { prompt: 'twins' } });
    const first = insertAsset(db, sampleAsset({ jobId: job.id, taskId: 'task_9', resultIndex: 0 }));
    const second = insertAsset(db, sampleAsset({ jobId: job.id, taskId: 'task_9', resultIndex: 1 }));
    expect([first.inserted, second.inserted]).toEqual([true, true]);

    db.close();
    const again = reopen();
    const retry = insertAsset(again, sampleAsset({ jobId: job.id, taskId: 'task_9', resultIndex: 0 }));
    expect(retry).toEqual({ asset: first.asset, inserted: false });
    expect(listJobAssets(again, job.id).map((a) => a.resultIndex)).toEqual([0, 1]);
    // The database itself refuses a second row for the same result, whatever the caller does.
    expect(() =>
      again
        .prepare(
          "INSERT INTO assets (id, task_id, result_index, kind, file_path, mime, bytes, sha256, model, created_at) VALUES ('x', 'task_9', 1, 'image', 'p', 'image/png', 1, 's', 'm', 0)",
        )
        .run(),
    ).toThrow(/UNIQUE/);
  });

  it('keeps direct (task-less) results unique per job and result index', () => {
    const { db } = openLibrary();
    const job = insertJob(db, { variantId: 'image.gen-image-2.direct', model: 'gen-image-2', request: { prompt: 'direct' } });
    expect(insertAsset(db, sampleAsset({ jobId: job.id })).inserted).toBe(true);
    expect(insertAsset(db, sampleAsset({ jobId: job.id })).inserted).toBe(false);
    expect(insertAsset(db, sampleAsset({ jobId: job.id, resultIndex: 1 })).inserted).toBe(true);
    expect(findAssetByResult(db, { jobId: job.id, resultIndex: 1 })?.resultIndex).toBe(1);
  });

  it('outlives its job, and its tags go with it', () => {
    const { db } = openLibrary();
    const job = insertJob(db, { variantId: 'v', model: 'm', request: {} });
    const { asset } = insertAsset(db, sampleAsset({ jobId: job.id, taskId: 't1', tags: ['Sky'] }));
    deleteJob(db, job.id);
    expect(getAsset(db, asset.id)).toMatchObject({ jobId: null, taskId: 't1', tags: ['sky'] });
    expect(deleteAsset(db, asset.id)).toBe(true);
    expect(db.prepare('SELECT COUNT(*) AS n FROM asset_tags').get()).toEqual({ n: 0 });
  });

  it('sets favourite, tags and thumbnail', () => {
    const { db } = openLibrary();
    const { asset } = insertAsset(db, sampleAsset({ request: { prompt: 'p', token: 'secret-token' } }));
    expect(asset).toMatchObject({ favourite: false, tags: [], thumbPath: null, request: { prompt: 'p' } });
    expect(setAssetFavourite(db, asset.id, true)?.favourite).toBe(true);
    expect(setAssetTags(db, asset.id, ['Night', ' night ', '夜景'])?.tags).toEqual(['night', '夜景']);
    expect(setAssetTags(db, asset.id, ['cat'])?.tags).toEqual(['cat']);
    expect(setAssetTags(db, 'missing', ['x'])).toBeUndefined();
    expect(setAssetThumb(db, asset.id, '.thumbs/2025/05/01/a.webp')).toBe(true);
    expect(getAsset(db, asset.id)).toMatchObject({ favourite: true, tags: ['cat'], thumbPath: '.thumbs/2025/05/01/a.webp' });
  });
});

describe('characters', () => {
  it('saves, refreshes and finds characters by @username', () => {
    const { db } = openLibrary();
    saveCharacter(db, { id: 'ch_1', username: 'captain', displayName: 'Captain', sourceTaskId: 'task_c1', profileId: 'p1' });
    saveCharacter(db, { id: 'ch_1', username: 'captain', profilePictureUrl: 'https://cdn.example/c.png' });
    expect(findCharacterByUsername(db, '@captain')).toMatchObject({
      id: 'ch_1',
      displayName: 'Captain',
      sourceTaskId: 'task_c1',
      profilePictureUrl: 'https://cdn.example/c.png',
      profileId: 'p1',
    });
    // The gateway reassigned the username: the newest owner wins, the name stays unique.
    saveCharacter(db, { id: 'ch_2', username: 'captain', profileId: 'p2' });
    expect(listCharacters(db).map((c) => c.id)).toEqual(['ch_2']);
    expect(listCharacters(db, { profileId: 'p1' })).toEqual([]);
    expect(deleteCharacter(db, 'ch_2')).toBe(true);
  });
});
