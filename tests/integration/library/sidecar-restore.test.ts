// A library folder without its database here (brought from another computer, or its database
// lost) is read back from its sidecars while the studio runs: the newest day first, so the
// gallery's first page shows before the reading ends, with its progress told to every window.
// Real files, real SQLite, a real studio.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssetView, SidecarRestoreView } from '../../../src/shared/contract';
import { insertAsset, LibraryDatabase, listAssets, rebuildFromSidecars, writeAssetSidecar } from '../../../src/main/core/library';
import { libraryDatabaseFile } from '../../../src/main/core/library/database-location';
import { createStudio, type Studio } from '../../../src/main/core/studio';
import { callRoute, testStudioPlatform, until } from '../../helpers/studio';

const folders: string[] = [];
const studios: Studio[] = [];
const folder = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
};
afterEach(async () => {
  for (const studio of studios.splice(0)) await studio.stop();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A studio on `dataDir` with `library` as its library folder, `listen` subscribed to its events before it starts. */
async function startStudio(dataDir: string, library: string, listen: (name: string, payload: unknown, studio: Studio) => void): Promise<Studio> {
  const studio = createStudio(testStudioPlatform(dataDir, { libraryDir: library }));
  studio.bus.subscribe((name, payload) => listen(name, payload, studio));
  await studio.start();
  return studio;
}

const DAYS = 5;
const PER_DAY = 30;

/** A library folder of DAYS day folders of PER_DAY results, each with its sidecar, its database left behind elsewhere. */
async function libraryFromElsewhere(): Promise<string> {
  const library = folder('atelier-moved-library-');
  const db = LibraryDatabase.open(join(folder('atelier-elsewhere-'), 'library.sqlite'));
  for (let day = 1; day <= DAYS; day++) {
    const dayFolder = `2025/12/0${String(day)}`;
    mkdirSync(join(library, dayFolder), { recursive: true });
    for (let i = 0; i < PER_DAY; i++) {
      const id = `day${String(day)}-${String(i)}`;
      writeFileSync(join(library, `${dayFolder}/${id}.png`), 'png');
      const { asset } = insertAsset(db, {
        id,
        kind: 'image',
        filePath: `${dayFolder}/${id}.png`,
        mime: 'image/png',
        bytes: 3,
        width: 1,
        height: 1,
        sha256: String(day * 1000 + i).padStart(64, '0'),
        model: 'gen-image-2',
        variantId: null,
        prompt: `a harbour on day ${String(day)}, ${String(i)}`,
        request: {},
        createdAt: Date.UTC(2025, 11, day, 10, 0, i),
      });
      await writeAssetSidecar(library, asset);
    }
  }
  db.close();
  return library;
}

describe('reading a library folder back from its sidecars', () => {
  it('has the newest results, the first page, in the database after the first day folder, long before the last', async () => {
    const library = await libraryFromElsewhere();
    const db = LibraryDatabase.open(join(folder('atelier-data-'), 'library.sqlite'));
    const firstPages: string[][] = [];
    const progress: number[] = [];
    const report = await rebuildFromSidecars(db, library, {
      onProgress: ({ daysRead, days }) => {
        progress.push(daysRead / days);
        firstPages.push(listAssets(db, { limit: PER_DAY }).items.map((asset) => asset.id));
      },
    });
    expect(report.skipped).toEqual([]);
    expect(report.restored).toBe(DAYS * PER_DAY);
    expect(progress).toEqual([0.2, 0.4, 0.6, 0.8, 1]);
    // After one day folder of five, the first page is already the one the whole library has.
    const final = listAssets(db, { limit: PER_DAY }).items.map((asset) => asset.id);
    expect(firstPages[0]).toEqual(final);
    expect(final.every((id) => id.startsWith(`day${String(DAYS)}-`))).toBe(true);
    db.close();
  });

  it('opens the studio at once and tells every window how far it has come, then that it is done', async () => {
    const library = await libraryFromElsewhere();
    const dataDir = folder('atelier-data-');
    const told: SidecarRestoreView[] = [];
    const studio = await startStudio(dataDir, library, (name, payload) => {
      if (name === 'library.sidecar_restore') told.push(payload as SidecarRestoreView);
    });
    studios.push(studio);
    // The studio started before the reading ended: a window opening now asks where it stands.
    const atOpen = await callRoute<SidecarRestoreView | null>(studio, 'library.sidecar_restore_status', {});
    expect(atOpen === null || atOpen.daysRead < DAYS).toBe(true);
    await until(
      () => told.at(-1),
      (last) => last?.finished === true,
      'the reading to finish',
    );
    const counts = told.filter((view) => !view.finished).map((view) => view.daysRead);
    expect(counts.length).toBeGreaterThan(0);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(told.at(-1)).toMatchObject({ finished: true, restored: DAYS * PER_DAY, days: DAYS });
    expect(await callRoute(studio, 'library.sidecar_restore_status', {})).toBeNull();
    const page = await callRoute<{ items: AssetView[] }>(studio, 'library.list_assets', { limit: 200 });
    expect(page.items).toHaveLength(DAYS * PER_DAY);
  });

  it('goes on at the next start when the studio quit during the reading', async () => {
    const library = await libraryFromElsewhere();
    const dataDir = folder('atelier-data-');
    // Quit as soon as the first day folder is in.
    let quitting: Promise<void> | undefined;
    await startStudio(dataDir, library, (name, _payload, studio) => {
      if (name === 'library.sidecar_restore') quitting ??= studio.stop();
    });
    await until(
      () => quitting !== undefined,
      (asked) => asked,
      'the first day folder',
    );
    await quitting;
    const db = LibraryDatabase.open(libraryDatabaseFile(dataDir, library));
    const readBeforeQuitting = listAssets(db, { limit: 200 }).items.length;
    db.close();
    expect(readBeforeQuitting).toBeLessThan(DAYS * PER_DAY);

    const again = await startStudio(dataDir, library, () => undefined);
    studios.push(again);
    await until(
      async () => (await callRoute<{ items: AssetView[] }>(again, 'library.list_assets', { limit: 200 })).items.length,
      (count) => count === DAYS * PER_DAY,
      'every result read back',
    );
  });
});
