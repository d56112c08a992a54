/**
 * The job engine's state (queue pause, why a batch stopped, dedicated keys) lives in the library
 * database with the jobs it belongs to: the library folder alone carries it, and what earlier
 * versions left in the settings file is moved in once.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BatchView } from '../../../src/shared/contract';
import { LibraryDatabase } from '../../../src/main/core/library';
import { createBatch } from '../../../src/main/core/jobs/store';
import { libraryDatabaseFile } from '../../../src/main/core/library/database-location';
import { libraryDatabasePath } from '../../../src/main/core/library/library-service';
import { latestSchemaVersion, migrations } from '../../../src/main/core/library/migrations';
import { createConfStore } from '../../../src/main/core/settings/key-value-store';
import type { Studio } from '../../../src/main/core/studio';
import { FAST_ENGINE, FAST_TASKS } from '../jobs/harness';
import { callRoute, createTestStudio, until } from '../../helpers/studio';

const open: Studio[] = [];
afterEach(async () => {
  for (const studio of open.splice(0)) await studio.stop();
});

async function studioOn(dataDir: string, libraryDir: string): Promise<Studio> {
  const { studio } = await createTestStudio({ dataDir, libraryDir, demo: { timing: FAST_TASKS }, engine: FAST_ENGINE });
  open.push(studio);
  return studio;
}

const folder = (name: string): string => mkdtempSync(join(tmpdir(), `atelier-${name}-`));

describe('the engine state lives in the library database, not the settings file', () => {
  it('a paused queue and the note of a batch the engine stopped are found again from the library alone', async () => {
    const library = folder('library');
    const dataDir = folder('data');
    const first = await studioOn(dataDir, library);
    // A floor above the demo balance: the engine stops the batch before sending anything, saying why.
    const { batch } = await callRoute<{ batch: BatchView }>(first, 'jobs.create_batch', {
      name: 'Guarded',
      variantIds: ['image.gen-image-2.task'],
      prompts: ['a lighthouse'],
      countPerPrompt: 1,
      values: {},
      creditBudget: 1_000_000,
    });
    await until(
      () => callRoute<{ items: BatchView[] }>(first, 'jobs.list_batches', {}).then((page) => page.items),
      (list) => list.some((b) => b.id === batch.id && b.note !== null),
      'the batch note',
    );
    await callRoute(first, 'jobs.pause_queue', {});
    await first.stop();
    open.splice(0);

    // A new settings file, the same library (its database is in the data folder: database-location.ts).
    rmSync(join(dataDir, 'settings.json'), { force: true });
    const second = await studioOn(dataDir, library);
    expect(await callRoute(second, 'jobs.get_queue', {})).toMatchObject({ paused: true, reason: null });
    const [again] = (await callRoute<{ items: BatchView[] }>(second, 'jobs.list_batches', {})).items;
    expect(again).toMatchObject({ id: batch.id, status: 'paused', note: expect.stringMatching(/Budget reached/) as unknown });
  });
});

describe('moving the state of earlier versions out of the settings file', () => {
  it('migration 8 moves the pause, this library’s notes and sealed keys into the database, and the settings file forgets them', async () => {
    const dataDir = folder('data');
    const library = folder('library');
    // A library database as version 7 left it (before the engine state moved in, in the library folder), with one batch.
    const old = LibraryDatabase.open(libraryDatabasePath(library), { migrations: migrations.slice(0, 7) });
    createBatch(old, { id: 'batch-here', name: 'old batch', options: { dedicatedTokenId: 7 } });
    old.close();
    const store = createConfStore(dataDir);
    store.set('jobEngine.queue', { paused: true, reason: 'Out of credits: 额度不足' });
    store.set('jobEngine.batchNotes', { 'batch-here': 'Budget reached: 3 credits left', 'batch-elsewhere': 'of another library' });
    store.set('jobEngine.batchKeys', { 'batch-here': { tokenId: 7, sealed: 'v1:c2VhbGVk' }, 'batch-elsewhere': { tokenId: 8, sealed: 'v1:b3RoZXI=' } });

    const studio = await studioOn(dataDir, library);
    expect(await callRoute(studio, 'jobs.get_queue', {})).toMatchObject({ paused: true, reason: 'Out of credits: 额度不足' });
    expect((await callRoute<{ items: BatchView[] }>(studio, 'jobs.list_batches', {})).items[0]).toMatchObject({
      id: 'batch-here',
      note: 'Budget reached: 3 credits left',
    });

    const settings = JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as { jobEngine?: unknown };
    expect(settings.jobEngine).toEqual({
      batchNotes: { 'batch-elsewhere': 'of another library' },
      batchKeys: { 'batch-elsewhere': { tokenId: 8, sealed: 'v1:b3RoZXI=' } },
    });
    await studio.stop();
    open.splice(0);

    const db = LibraryDatabase.open(libraryDatabaseFile(dataDir, library));
    expect(db.schemaVersion).toBe(latestSchemaVersion);
    expect(db.prepare<[], { batch_id: string; token_id: string; sealed: string }>('SELECT batch_id, token_id, sealed FROM batch_keys').all()).toEqual([
      { batch_id: 'batch-here', token_id: '7', sealed: 'v1:c2VhbGVk' },
    ]);
    db.close();
  });
});
