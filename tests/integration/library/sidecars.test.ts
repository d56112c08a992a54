import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assetFilePath,
  getAsset,
  insertAsset,
  listAssets,
  rebuildFromSidecars,
  resolveInLibrary,
  setAssetFavourite,
  setAssetTags,
  thumbPathFor,
  writeAssetSidecar,
  writeFileAtomic,
  type Asset,
  type LibraryDatabase,
} from '../../../src/main/core/library';
import { insertJob } from '../../../src/main/core/jobs/store';
import { manualClock, openLibrary, sampleAsset, tempFolder } from './helpers';

/** Stores an asset the way the downloader will: media file, row, then sidecar. */
async function addToLibrary(db: LibraryDatabase, root: string, prompt: string, extra: Parameters<typeof sampleAsset>[0] = {}): Promise<Asset> {
  const id = crypto.randomUUID();
  const createdAt = extra.createdAt ?? db.now();
  const filePath = assetFilePath(createdAt, id, extra.mime ?? 'image/png');
  await writeFileAtomic(resolveInLibrary(root, filePath), `bytes of ${prompt}`);
  const { asset } = insertAsset(db, sampleAsset({ id, filePath, createdAt, prompt, bytes: Buffer.byteLength(`bytes of ${prompt}`), ...extra }));
  await writeAssetSidecar(root, asset);
  return asset;
}

describe('sidecars and rebuild', () => {
  it('writes a sidecar with the metadata but no local paths and no secrets', async () => {
    const { db } = openLibrary();
    const root = tempFolder();
    const asset = await addToLibrary(db, root, 'a red fox', {
      taskId: 'task_1',
      request: { model: 'gen-image-2', prompt: 'a red fox', api_key: 'sk-0123456789abcdefghijkl' },
    });
    const folder = resolveInLibrary(root, asset.filePath.replace(/\/[^/]+$/, ''));
    expect((await readdir(folder)).sort()).toEqual([`${asset.id}.json`, `${asset.id}.png`].sort());
    const text = await readFile(join(folder, `${asset.id}.json`), 'utf8');
    expect(text).not.toMatch(/sk-0123|api_key|filePath|thumbPath/);
    expect(JSON.parse(text)).toMatchObject({
      format: 'atelier.asset',
      version: 1,
      id: asset.id,
      taskId: 'task_1',
      prompt: 'a red fox',
      request: { model: 'gen-image-2', prompt: 'a red fox' },
      favourite: false,
      tags: [],
    });
  });

  it('recreates the rows, tags, favourites and search index after the database is deleted', async () => {
    const clock = manualClock();
    const dir = tempFolder();
    const root = tempFolder();
    const { db } = openLibrary(dir, { clock: clock.now });
    const job = insertJob(db, { variantId: 'image.gen-image-2.task', model: 'gen-image-2', request: { prompt: 'x' } });
    const originals: Asset[] = [];
    for (const [i, prompt] of ['一只橘猫', 'a lighthouse in fog', 'neon street'].entries()) {
      clock.advance(86_400_000);
      originals.push(
        await addToLibrary(db, root, prompt, {
          jobId: job.id,
          taskId: `task_${i}`,
          kind: i === 2 ? 'video' : 'image',
          mime: i === 2 ? 'video/mp4' : 'image/png',
        }),
      );
    }
    const [cat] = originals;
    if (!cat) throw new Error('seed failed');
    const updated = setAssetTags(db, cat.id, ['Pets', 'orange']);
    if (updated) await writeAssetSidecar(root, setAssetFavourite(db, cat.id, true) ?? updated);
    await writeFileAtomic(resolveInLibrary(root, thumbPathFor(cat.filePath)), 'thumb');
    db.close();
    for (const name of await readdir(dir)) await rm(join(dir, name));

    const { db: fresh } = openLibrary(dir);
    expect(listAssets(fresh).items).toEqual([]);
    const report = await rebuildFromSidecars(fresh, root);
    expect(report).toEqual({ scanned: 3, restored: 3, alreadyPresent: 0, skipped: [] });

    const restored = getAsset(fresh, cat.id);
    expect(restored).toEqual({ ...cat, jobId: null, favourite: true, tags: ['orange', 'pets'], thumbPath: thumbPathFor(cat.filePath) });
    expect(listAssets(fresh).items.map((a) => a.id)).toEqual(originals.map((a) => a.id).reverse());
    expect(listAssets(fresh, { text: '橘猫' }).items.map((a) => a.id)).toEqual([cat.id]);
    expect(listAssets(fresh, { tag: 'pets' }).items).toHaveLength(1);
    // Running it again changes nothing, and results stay unique per task.
    expect(await rebuildFromSidecars(fresh, root)).toMatchObject({ scanned: 3, restored: 0, alreadyPresent: 3 });
    expect(insertAsset(fresh, sampleAsset({ taskId: 'task_0' })).inserted).toBe(false);
  });

  it('skips sidecars it cannot use and says why', async () => {
    const { db } = openLibrary();
    const root = tempFolder();
    const good = await addToLibrary(db, root, 'keeper');
    const orphan = await addToLibrary(db, root, 'media lost');
    await rm(resolveInLibrary(root, orphan.filePath));
    const folder = good.filePath.replace(/\/[^/]+$/, '');
    await writeFile(resolveInLibrary(root, `${folder}/broken.json`), '{ not json');
    await writeFile(resolveInLibrary(root, `${folder}/other.json`), JSON.stringify({ hello: 'world' }));
    // JSON outside the dated folders is not the library's business.
    await mkdir(join(root, 'notes'));
    await writeFile(join(root, 'notes', 'x.json'), '{}');

    const { db: fresh } = openLibrary();
    const report = await rebuildFromSidecars(fresh, root);
    expect(report.restored).toBe(1);
    expect(report.scanned).toBe(4);
    expect(report.skipped.map((s) => s.path).sort()).toEqual([`${folder}/${orphan.id}.json`, `${folder}/broken.json`, `${folder}/other.json`].sort());
    expect(report.skipped.find((s) => s.path.endsWith(`${orphan.id}.json`))?.reason).toMatch(/media file is missing/);
    expect(getAsset(fresh, good.id)?.prompt).toBe('keeper');
  });

  it('replaces files atomically and leaves no temporary files behind', async () => {
    const root = tempFolder();
    const target = join(root, '2025', '05', '01', 'x.json');
    await writeFileAtomic(target, 'one');
    await writeFileAtomic(target, 'two');
    expect(await readFile(target, 'utf8')).toBe('two');
    expect(await readdir(join(root, '2025', '05', '01'))).toEqual(['x.json']);
    await expect(writeFileAtomic(join(target, 'under-a-file'), 'x')).rejects.toThrow();
    expect(await readdir(join(root, '2025', '05', '01'))).toEqual(['x.json']);
  });
});
