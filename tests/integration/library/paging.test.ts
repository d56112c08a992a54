import { describe, expect, it } from 'vitest';
import {
  countAssetFacets,
  InvalidCursorError,
  insertAsset,
  listAssets,
  type Asset,
  type AssetPageRequest,
  type LibraryDatabase,
} from '../../../src/main/core/library';
import { createBatch, insertJob } from '../../../src/main/core/jobs/store';
import { openLibrary, sampleAsset } from './helpers';

const base = Date.UTC(2025, 4, 1);

/** 130 assets over a few days; many share a timestamp, so the id must break ties. */
function seed(db: LibraryDatabase): { batchId: string } {
  const batch = createBatch(db, { name: 'fan-out' });
  const job = insertJob(db, { batchId: batch.id, variantId: 'image.nova-3-pro-image.direct', model: 'nova-3-pro-image', request: { prompt: 'batch' } });
  db.transaction(() => {
    for (let i = 0; i < 130; i++) {
      insertAsset(
        db,
        sampleAsset({
          createdAt: base + Math.floor(i / 4) * 3_600_000,
          kind: i % 5 === 0 ? 'video' : 'image',
          model: i % 5 === 0 ? 'vid-2' : i % 2 === 0 ? 'gen-image-2' : 'nova-3-pro-image',
          favourite: i % 7 === 0,
          tags: i % 3 === 0 ? ['landscape'] : i % 3 === 1 ? ['portrait', 'draft'] : [],
          jobId: i >= 120 ? job.id : null,
          resultIndex: i >= 120 ? i - 120 : 0,
        }),
      );
    }
  });
  return { batchId: batch.id };
}

function readAll(db: LibraryDatabase, request: AssetPageRequest): { items: Asset[]; pages: number } {
  const items: Asset[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = listAssets(db, { ...request, cursor });
    items.push(...page.items);
    cursor = page.nextCursor;
    pages++;
  } while (cursor !== null && pages < 100);
  return { items, pages };
}

const newestFirst = (a: Asset, b: Asset): number => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

describe('library paging', () => {
  it('walks the whole library page by page, newest first, without gaps or repeats', () => {
    const { db } = openLibrary();
    seed(db);
    const { items, pages } = readAll(db, { limit: 25 });
    expect(pages).toBe(6);
    expect(items).toHaveLength(130);
    expect(new Set(items.map((a) => a.id)).size).toBe(130);
    expect(items).toEqual([...items].sort(newestFirst));
  });

  it('stays stable when new assets arrive between pages', () => {
    const { db } = openLibrary();
    seed(db);
    const first = listAssets(db, { limit: 10 });
    insertAsset(db, sampleAsset({ createdAt: base + 10 * 86_400_000 }));
    const second = listAssets(db, { limit: 10, cursor: first.nextCursor });
    const seen = new Set(first.items.map((a) => a.id));
    expect(second.items.some((a) => seen.has(a.id))).toBe(false);
    expect(second.items[0]?.createdAt).toBeLessThanOrEqual(first.items.at(-1)?.createdAt ?? 0);
  });

  it('pages through filtered results and reports the last page', () => {
    const { db } = openLibrary();
    seed(db);
    const images = readAll(db, { kind: 'image', limit: 30 });
    expect(images.items).toHaveLength(104);
    expect(images.items.every((a) => a.kind === 'image')).toBe(true);
    expect(readAll(db, { favourite: true }).items).toHaveLength(19);
    expect(readAll(db, { tag: 'Landscape', limit: 7 }).items).toHaveLength(44);
    expect(readAll(db, { model: 'vid-2', kind: 'video' }).items).toHaveLength(26);
    expect(readAll(db, { model: 'vid-2', kind: 'image' }).items).toHaveLength(0);
    const day = readAll(db, { createdFrom: base, createdBefore: base + 8 * 3_600_000 }).items;
    expect(day).toHaveLength(32);
    expect(listAssets(db, { limit: 200 }).nextCursor).toBeNull();
  });

  it('filters by batch through the jobs the assets came from', () => {
    const { db } = openLibrary();
    const { batchId } = seed(db);
    expect(readAll(db, { batchId }).items).toHaveLength(10);
  });

  it('rejects a damaged cursor', () => {
    const { db } = openLibrary();
    expect(() => listAssets(db, { cursor: 'garbage' })).toThrow(InvalidCursorError);
  });

  it('counts each facet under the other filters', () => {
    const { db } = openLibrary();
    seed(db);
    const all = countAssetFacets(db);
    expect(all.total).toBe(130);
    expect(all.kinds).toEqual({ image: 104, video: 26 });
    expect(all.favourites).toBe(19);
    expect(all.models).toEqual([
      { model: 'gen-image-2', count: 52 },
      { model: 'nova-3-pro-image', count: 52 },
      { model: 'vid-2', count: 26 },
    ]);
    expect(all.tags).toEqual(
      [
        { tag: 'draft', count: 43 },
        { tag: 'landscape', count: 44 },
        { tag: 'portrait', count: 43 },
      ].sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag)),
    );

    const videos = countAssetFacets(db, { kind: 'video' });
    expect(videos.total).toBe(26);
    // Choosing "video" does not hide how many images there are.
    expect(videos.kinds).toEqual({ image: 104, video: 26 });
    expect(videos.models).toEqual([{ model: 'vid-2', count: 26 }]);
  });
});
