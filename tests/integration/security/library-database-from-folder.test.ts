/**
 * A library folder from elsewhere may carry a database of its own (`.atelier/library.sqlite`,
 * where earlier versions kept it). It is taken in as untrusted input: its results are checked as
 * sidecars are, nothing of it is sent with this computer's key until the artist says so, and
 * its memory of uploads is not believed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssetView, BatchView } from '../../../src/shared/contract';
import { insertAsset, LibraryDatabase, SqliteUploadCache, type NewAsset } from '../../../src/main/core/library';
import { legacyLibraryDatabasePath, libraryDatabaseFile } from '../../../src/main/core/library/database-location';
import { createBatch, insertJob } from '../../../src/main/core/jobs/store';
import type { Studio } from '../../../src/main/core/studio';
import { callRoute, createTestStudio } from '../../helpers/studio';

let studio: Studio | undefined;
const folders: string[] = [];
afterEach(async () => {
  await studio?.stop();
  studio = undefined;
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const result = (id: string, overrides: Partial<NewAsset> = {}): NewAsset => ({
  id,
  kind: 'image',
  filePath: `2026/01/01/${id}.png`,
  mime: 'image/png',
  bytes: 3,
  width: 1,
  height: 1,
  sha256: 'a'.repeat(64),
  model: 'gen-image-2',
  variantId: null,
  prompt: `result ${id}`,
  request: {},
  ...overrides,
});

/** A library folder as someone else may hand it over: a database in `.atelier/` with what they put there. */
async function folderWithItsOwnDatabase() {
  const library = mkdtempSync(join(tmpdir(), 'atelier-foreign-lib-'));
  folders.push(library);
  mkdirSync(join(library, '2026/01/01'), { recursive: true });
  for (const name of ['good.png', 'renamed.png', 'badhash.png']) writeFileSync(join(library, '2026/01/01', name), 'png');
  const db = LibraryDatabase.open(legacyLibraryDatabasePath(library));
  insertAsset(db, result('good'));
  // A file name the library never writes for this id (a path it may point anywhere with).
  insertAsset(db, result('other', { filePath: '2026/01/01/renamed.png' }));
  // A row no sidecar check would accept.
  insertAsset(db, result('badhash', { sha256: 'not a hash' }));
  const batch = createBatch(db, { name: 'their batch' });
  insertJob(db, {
    batchId: batch.id,
    variantId: 'image.gen-image-2.direct',
    model: 'gen-image-2',
    request: { model: 'gen-image-2', prompt: 'spend their credits' },
  });
  const loose = insertJob(db, { variantId: 'image.gen-image-2.direct', model: 'gen-image-2', request: { model: 'gen-image-2', prompt: 'and more' } });
  await new SqliteUploadCache(db).put('demo', 'b'.repeat(64), {
    url: 'https://elsewhere.example/planted.png',
    mimeType: 'image/png',
    size: 3,
    width: 1,
    height: 1,
    fileId: undefined,
    uploadedAt: 1,
  });
  db.close();
  return { library, batchId: batch.id, looseJobId: loose.id };
}

describe('a library folder that carries its own database', () => {
  it('keeps only results that pass as sidecars, and sends none of its jobs until the artist resumes them', async () => {
    const { library, batchId, looseJobId } = await folderWithItsOwnDatabase();
    let dataDir: string;
    ({ studio, dataDir } = await createTestStudio({ libraryDir: library }));
    const page = await callRoute<{ items: AssetView[] }>(studio, 'library.list_assets', {});
    expect(page.items.map((asset) => asset.id)).toEqual(['good']);
    const batch = await callRoute<BatchView>(studio, 'jobs.get_batch', { id: batchId });
    expect(batch.status).toBe('paused');
    const [loose] = await callRoute<{ state: string }[]>(studio, 'jobs.get_jobs', { ids: [looseJobId] });
    expect(loose?.state).toBe('canceled');
    const db = LibraryDatabase.open(libraryDatabaseFile(dataDir, library));
    try {
      expect(db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM upload_cache').get()?.n).toBe(0);
    } finally {
      db.close();
    }
  });
});
