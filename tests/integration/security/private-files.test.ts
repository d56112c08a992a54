/**
 * What the studio writes is the user's alone: the data folder, the settings file, the vault key,
 * the library's database, results, thumbnails and sidecars, and dropped files waiting to be
 * uploaded (in a folder made for this launch).
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssetView, BatchView, JobView, Profile } from '../../../src/shared/contract';
import { libraryDatabaseFile } from '../../../src/main/core/library/database-location';
import { createConfStore } from '../../../src/main/core/settings/key-value-store';
import type { Studio } from '../../../src/main/core/studio';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/server';
import { FAST_ENGINE, FAST_TASKS } from '../jobs/harness';
import { simAdmin } from '../../helpers/sim-admin';
import { callRoute, createTestStudio, until } from '../../helpers/studio';

const mode = (path: string): string => (statSync(path).mode & 0o777).toString(8);

let studio: Studio | undefined;
let sim: RunningSimulator | undefined;
afterEach(async () => {
  await studio?.stop();
  await sim?.close();
  studio = undefined;
  sim = undefined;
});

describe.skipIf(process.platform === 'win32')('owner-only files', () => {
  it('a new data folder, its settings, the vault key, the library database and every result are readable by the user only', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'atelier-modes-')), 'data');
    ({ studio } = await createTestStudio({ dataDir, demo: { timing: FAST_TASKS }, engine: FAST_ENGINE }));
    const profile = await callRoute<Profile>(studio, 'profiles.save', { name: 'Any', baseUrl: 'https://gw.example.com' });
    await callRoute(studio, 'profiles.set_api_key', { id: profile.id, apiKey: 'sk-modes-0123456789' });
    const { batch } = await callRoute<{ batch: BatchView }>(studio, 'jobs.create_batch', {
      name: 'one',
      variantIds: ['image.gen-image-2.task'],
      prompts: ['a quiet harbour'],
      countPerPrompt: 1,
      values: {},
    });
    // The job is done once its result, thumbnail and sidecar are all written (the asset's row comes before its sidecar).
    const jobs = (): Promise<JobView[]> => callRoute<{ items: JobView[] }>(studio as Studio, 'jobs.list_jobs', { batchId: batch.id }).then((p) => p.items);
    await until(jobs, (list) => list.length === 1 && list[0]?.state === 'done', 'the job to finish');
    const page = await callRoute<{ items: AssetView[] }>(studio, 'library.list_assets', {});
    expect(page.items).toHaveLength(1);
    const asset = page.items[0] as AssetView;
    const library = studio.libraryRoot();

    expect(mode(dataDir)).toBe('700');
    expect(mode(join(dataDir, 'settings.json'))).toBe('600');
    expect(mode(join(dataDir, 'vault.key'))).toBe('600');
    expect(mode(library)).toBe('700');
    const database = dirname(libraryDatabaseFile(dataDir, library));
    expect(mode(join(dataDir, 'libraries'))).toBe('700');
    expect(mode(database)).toBe('700');
    for (const name of readdirSync(database)) expect(`${name} ${mode(join(database, name))}`).toBe(`${name} 600`);
    expect(mode(join(library, asset.mediaPath))).toBe('600');
    // The sidecar is written just after the result is listed.
    const sidecar = join(library, asset.mediaPath.replace(/\.\w+$/, '.json'));
    await until(() => existsSync(sidecar), Boolean, 'the sidecar');
    expect(mode(sidecar)).toBe('600');
    expect(mode(join(library, asset.thumbPath ?? ''))).toBe('600');
    expect(mode(join(library, asset.mediaPath.split('/')[0] ?? ''))).toBe('700');
  });

  /** A studio on a library folder the artist chose, made with `folderMode`, and the modes of its first result. */
  async function resultInChosenFolder(folderMode: number) {
    const dataDir = mkdtempSync(join(tmpdir(), 'atelier-chosen-'));
    const chosen = join(dataDir, 'chosen-library');
    mkdirSync(chosen, { mode: folderMode });
    chmodSync(chosen, folderMode);
    createConfStore(dataDir).set('settings', { language: 'system', theme: 'system', activeProfileId: null, libraryDir: chosen });
    ({ studio } = await createTestStudio({ dataDir, demo: { timing: FAST_TASKS }, engine: FAST_ENGINE }));
    expect(studio.libraryRoot()).toBe(chosen);
    await callRoute(studio, 'jobs.create_batch', {
      name: 'one',
      variantIds: ['image.gen-image-2.task'],
      prompts: ['a shared view'],
      countPerPrompt: 1,
      values: {},
    });
    const page = await until(
      () => callRoute<{ items: AssetView[] }>(studio as Studio, 'library.list_assets', {}),
      (p) => p.items.length === 1,
      'the result',
    );
    const asset = page.items[0] as AssetView;
    const sidecar = join(chosen, asset.mediaPath.replace(/\.\w+$/, '.json'));
    await until(() => existsSync(sidecar), Boolean, 'the sidecar');
    return {
      dataDir,
      chosen,
      result: mode(join(chosen, asset.mediaPath)),
      sidecar: mode(sidecar),
      folder: mode(join(chosen, asset.mediaPath.split('/')[0] ?? '')),
    };
  }

  it('a library folder the artist chose with the usual modes (755) is not shared: what the studio writes there is owner-only', async () => {
    const { chosen, result, sidecar, folder } = await resultInChosenFolder(0o755);
    expect({ result, sidecar, folder }).toEqual({ result: '600', sidecar: '600', folder: '700' });
    // The artist's own folder keeps its mode.
    expect(mode(chosen)).toBe('755');
  });

  it('a library folder the artist set up for sharing (writable by its group) keeps the usual modes', async () => {
    const { dataDir, chosen, result } = await resultInChosenFolder(0o775);
    expect(mode(chosen)).toBe('775');
    expect(Number.parseInt(result, 8) & 0o044).toBe(0o044);
    // The database stays the user's alone, in the data folder and not in the shared one.
    expect(mode(dirname(libraryDatabaseFile(dataDir, chosen)))).toBe('700');
    expect(readdirSync(chosen).filter((name) => name.startsWith('.atelier'))).toEqual([]);
  });

  it('a dropped file waits for its upload in a folder of this launch that only the user may enter', async () => {
    sim = await startSimulator({ timing: FAST_TASKS });
    // Hold the upload on the wire long enough to look at the staged file.
    await simAdmin(sim)('POST', '/faults', { kind: 'latency', ms: 1500, route: 'POST /v1/uploads/images', count: 1 });
    ({ studio } = await createTestStudio());
    const profile = await callRoute<Profile>(studio, 'profiles.save', { name: 'Local', baseUrl: sim.url });
    await callRoute(studio, 'profiles.set_api_key', { id: profile.id, apiKey: sim.demoKey });
    await callRoute(studio, 'settings.update', { activeProfileId: profile.id });
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const marker = png.toString('base64');

    const upload = callRoute(studio, 'uploads.add', { fileName: 'ref.png', bytes: marker });
    const staged = await until(
      () => stagedCopiesOf(png),
      (found) => found.length > 0,
      'the staged file',
      1_400,
    );
    await upload;
    for (const file of staged) {
      expect(file).toMatchObject({ folderMode: '700', fileMode: '600' });
      expect(file.folder).not.toBe(join(tmpdir(), 'atelier-uploads'));
    }
    expect(stagedCopiesOf(png)).toEqual([]);
  });
});

/** Files under the temporary folder's `atelier-uploads*` folders whose bytes are `bytes`, with their modes. */
function stagedCopiesOf(bytes: Buffer): { folder: string; path: string; folderMode: string; fileMode: string }[] {
  const found: { folder: string; path: string; folderMode: string; fileMode: string }[] = [];
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith('atelier-uploads')) continue;
    const folder = join(tmpdir(), name);
    try {
      for (const file of readdirSync(folder)) {
        const path = join(folder, file);
        if (readFileSync(path).equals(bytes)) found.push({ folder, path, folderMode: mode(folder), fileMode: mode(path) });
      }
    } catch {
      // Another test's folder, or one removed meanwhile.
    }
  }
  return found;
}
