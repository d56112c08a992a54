// The newest day folder of a library read back from its sidecars comes in slices: the gallery's
// first page is in the database before the whole folder is read. In a folder that kept its files'
// times that page is already the final one; in a copied folder whose times are all alike, the
// later slices name the results that belong above what was shown. Real files, real SQLite.
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssetView } from '../../../src/shared/contract';
import {
  insertAsset,
  listAssets,
  rebuildFromSidecars,
  sidecarOf,
  sidecarPathFor,
  type LibraryDatabase,
  type RebuildProgress,
} from '../../../src/main/core/library';
import { createStudio, type Studio } from '../../../src/main/core/studio';
import { callRoute, testStudioPlatform, until } from '../../helpers/studio';
import { openLibrary, sampleAsset, tempFolder } from './helpers';

const studios: Studio[] = [];
afterEach(async () => {
  for (const studio of studios.splice(0)) await studio.stop();
});

/** Results in the newest day folder: more than a first slice, so the folder takes several. */
const NEWEST_DAY = 400;
const OLDER_DAY = 50;
const PAGE = 60;
const newestDay = '2025/12/02';
const olderDay = '2025/12/01';

/** Every result of a library, newest first, page by page as the gallery reads them. */
function allIds(db: LibraryDatabase): string[] {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page = listAssets(db, { limit: 200, cursor });
    ids.push(...page.items.map((asset) => asset.id));
    cursor = page.nextCursor;
  } while (cursor !== null);
  return ids;
}

/**
 * A library folder without its database. Ids run with time (the oldest has the smallest id), so
 * reading a folder in name order meets its newest results last. `times`: each media file's
 * modification time as it was written (`kept`), or all alike as a plain copy leaves them.
 */
function libraryFolder(times: 'kept' | 'alike'): { root: string; ids: string[] } {
  const root = tempFolder('atelier-sliced-library-');
  const source = openLibrary().db;
  const copiedAt = new Date(Date.UTC(2026, 0, 5));
  const write = (day: string, count: number, dayStart: number): void => {
    mkdirSync(join(root, day), { recursive: true });
    for (let i = 0; i < count; i++) {
      const createdAt = dayStart + i * 1000;
      const id = `${day.replaceAll('/', '')}-${String(i).padStart(4, '0')}`;
      const filePath = `${day}/${id}.png`;
      const { asset } = insertAsset(source, sampleAsset({ id, filePath, createdAt, prompt: `harbour ${id}` }));
      writeFileSync(join(root, filePath), 'png');
      writeFileSync(join(root, sidecarPathFor(filePath)), JSON.stringify(sidecarOf(asset)));
      const modified = times === 'kept' ? new Date(createdAt) : copiedAt;
      utimesSync(join(root, filePath), modified, modified);
    }
  };
  write(olderDay, OLDER_DAY, Date.UTC(2025, 11, 1, 9));
  write(newestDay, NEWEST_DAY, Date.UTC(2025, 11, 2, 9));
  const ids = allIds(source);
  expect(ids).toHaveLength(NEWEST_DAY + OLDER_DAY);
  return { root, ids };
}

interface Observed {
  /** The first progress told: how much of the newest folder was read, and the first page then. */
  first: { progress: RebuildProgress; page: string[] };
  /** Every result told as belonging among those already in the database, after the first. */
  toldAmongEarlier: Set<string>;
  /** The whole library at the end, newest first. */
  final: string[];
}

async function rebuild(root: string): Promise<Observed> {
  const { db } = openLibrary();
  let first: Observed['first'] | undefined;
  const toldAmongEarlier = new Set<string>();
  const report = await rebuildFromSidecars(db, root, {
    onProgress: (progress) => {
      first ??= { progress, page: listAssets(db, { limit: PAGE }).items.map((asset) => asset.id) };
      for (const id of progress.amongEarlier) toldAmongEarlier.add(id);
    },
  });
  expect(report).toMatchObject({ restored: NEWEST_DAY + OLDER_DAY, skipped: [] });
  if (first === undefined) throw new Error('no progress was told');
  return { first, toldAmongEarlier, final: allIds(db) };
}

describe('the newest day folder read back in slices', () => {
  it('has the final first page in the database before the whole folder is read, when the folder kept its times', async () => {
    const { root, ids } = libraryFolder('kept');
    const { first, toldAmongEarlier, final } = await rebuild(root);
    expect(first.progress.scanned).toBeLessThan(NEWEST_DAY);
    expect(first.progress.daysRead).toBe(0);
    expect(first.page).toEqual(ids.slice(0, PAGE));
    // Nothing read later belongs above what was shown: the page never moves.
    expect(toldAmongEarlier.size).toBe(0);
    expect(final).toEqual(ids);
  });

  it('shows a first page after the first slice of a copied folder, and names every newer result read later', async () => {
    const { root, ids } = libraryFolder('alike');
    const { first, toldAmongEarlier, final } = await rebuild(root);
    expect(first.progress.scanned).toBeLessThan(NEWEST_DAY);
    expect(first.page).toHaveLength(PAGE);
    // Read in name order, the first slice held the oldest of the day: the page is not yet the final one...
    expect(first.page).not.toEqual(ids.slice(0, PAGE));
    // ...and a window that showed it learns of each result that belongs above its items.
    const shownOrTold = new Set([...first.page, ...toldAmongEarlier]);
    expect(ids.slice(0, PAGE).filter((id) => !shownOrTold.has(id))).toEqual([]);
    // The older day's results come after every shown one, so none of them is told.
    expect([...toldAmongEarlier].some((id) => id.startsWith(olderDay.replaceAll('/', '')))).toBe(false);
    expect(final).toEqual(ids);
  });

  it('loses nothing and doubles nothing when stopped after the first slice and run again', async () => {
    const { root, ids } = libraryFolder('alike');
    const { db } = openLibrary();
    const stop = new AbortController();
    const first = await rebuildFromSidecars(db, root, { signal: stop.signal, onProgress: () => stop.abort() });
    expect(first.restored).toBeGreaterThan(0);
    expect(first.restored).toBeLessThan(NEWEST_DAY);
    const again = await rebuildFromSidecars(db, root);
    expect(again).toMatchObject({ alreadyPresent: first.restored, restored: ids.length - first.restored, skipped: [] });
    expect(allIds(db)).toEqual(ids);
  });

  it('tells every window, as brought back, the results that belong among those it may show', async () => {
    const { root, ids } = libraryFolder('alike');
    const expected = await rebuild(root);
    const told: string[] = [];
    let finished = false;
    const studio = createStudio(testStudioPlatform(tempFolder('atelier-data-'), { libraryDir: root }));
    studio.bus.subscribe((name, payload) => {
      if (name === 'library.restored') told.push(...payload.map((asset) => asset.id));
      if (name === 'library.sidecar_restore') finished = payload.finished;
    });
    studios.push(studio);
    await studio.start();
    await until(
      () => finished,
      (done) => done,
      'the reading to finish',
    );
    expect(told.sort()).toEqual([...expected.toldAmongEarlier].sort());
    const page = await callRoute<{ items: AssetView[] }>(studio, 'library.list_assets', { limit: PAGE });
    expect(page.items.map((asset) => asset.id)).toEqual(ids.slice(0, PAGE));
  });
});
