/**
 * A library folder opened without its database (brought from another computer): the shared
 * library's 100,000 results (20,000 with --quick) written out as day folders of media files and
 * sidecars, then read back into a new database by `rebuildFromSidecars`, as the studio does in the
 * background. Timed: until the first page is in the database (the first slice of the newest day
 * folder, with its progress told) and the gallery's first page query answers, and in total; then
 * the same first page from a copy of the newest folder whose files' times are all alike (as a plain
 * copy leaves them), where it refines itself as the folder is read. Raw baseline:
 * reading the same files and nothing else (each day folder listed, each sidecar read and parsed,
 * each media file's size, each thumbnail looked for), the least any rebuild must do.
 */
import { access, readdir, readFile, stat } from 'node:fs/promises';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { LibraryDatabase, listAssets, rebuildFromSidecars, sidecarOf, sidecarPathFor, thumbPathFor } from '../src/main/core/library';
import { sized, type BenchContext } from './context';
import { LIBRARY_SIZE, QUICK_LIBRARY_SIZE, sharedLibrary } from './library-fixture';
import { elapsedMs } from './measure';
import { timeSeriesPlot } from './plot';
import type { FigureRow, Table } from './table';

const PAGE = 60;

/** Writes every asset of the shared library as a media file (a few bytes) and its sidecar, in its day folder. */
function writeLibraryFolder(root: string, size: number): { files: number; days: number; newest: string } {
  const fixture = sharedLibrary(size);
  const days = new Set<string>();
  let cursor: string | null = null;
  let files = 0;
  let newest = '';
  do {
    const page = listAssets(fixture.db, { limit: 200, cursor, order: 'oldest' });
    for (const asset of page.items) {
      const folder = dirname(asset.filePath);
      newest = folder;
      if (!days.has(folder)) {
        mkdirSync(join(root, folder), { recursive: true });
        days.add(folder);
      }
      writeFileSync(join(root, asset.filePath), 'media');
      writeFileSync(join(root, sidecarPathFor(asset.filePath)), `${JSON.stringify(sidecarOf(asset), null, 2)}\n`);
      files += 2;
    }
    cursor = page.nextCursor;
  } while (cursor !== null);
  return { files, days: days.size, newest };
}

/** The raw cost: every file a rebuild has to read, read, and nothing written. */
async function readEverything(root: string): Promise<{ ms: number; sidecars: number }> {
  const started = process.hrtime.bigint();
  let sidecars = 0;
  const numbered = async (path: string): Promise<string[]> => (await readdir(path)).filter((name) => /^\d+$/.test(name)).sort();
  for (const y of await numbered(root)) {
    for (const m of await numbered(join(root, y))) {
      for (const d of await numbered(join(root, y, m))) {
        const folder = `${y}/${m}/${d}`;
        const names = await readdir(join(root, folder));
        const sidecarNames = names.filter((one) => one.endsWith('.json'));
        // As many at once as the rebuild reads (its READ_AT_ONCE).
        let next = 0;
        const worker = async (): Promise<void> => {
          for (let index = next++; index < sidecarNames.length; index = next++) {
            const name = sidecarNames[index] ?? '';
            const sidecar = JSON.parse(await readFile(join(root, folder, name), 'utf8')) as { id: string };
            const media = names.find((other) => other.startsWith(`${sidecar.id}.`) && other !== name) ?? '';
            await stat(join(root, folder, media));
            await access(join(root, thumbPathFor(`${folder}/${media}`))).catch(() => undefined);
            sidecars += 1;
          }
        };
        await Promise.all(Array.from({ length: 16 }, worker));
      }
    }
  }
  return { ms: elapsedMs(started), sidecars };
}

interface Rebuilt {
  firstPageMs: number;
  firstPageItems: number;
  /** The first page's ids as first answered. */
  firstPage: string[];
  /** When the newest day folder was whole in the database (all the first page waited for before slices). */
  newestFolderMs: number;
  /** Results told as belonging among those already in the database (`amongEarlier`), while the newest folder was read. */
  toldAmongEarlier: Set<string>;
  /** The first page once the newest day folder is whole: the final one. */
  newestFolderPage: string[];
  totalMs: number;
  restored: number;
  /** Results back over time: [ms, results]. */
  progress: [number, number][];
}

const pageIds = (db: LibraryDatabase): string[] => listAssets(db, { limit: PAGE }).items.map((asset) => asset.id);

/**
 * The rebuild into a new database, as the studio runs it: time to the first page (queried as the
 * gallery does), to the newest day folder whole, and in total; `newestFolderOnly` stops there.
 */
async function rebuild(root: string, databaseFile: string, newestFolderOnly = false): Promise<Rebuilt> {
  const db = LibraryDatabase.open(databaseFile);
  const stop = new AbortController();
  try {
    const started = process.hrtime.bigint();
    let firstPageMs = Number.NaN;
    let newestFolderMs = Number.NaN;
    let firstPage: string[] = [];
    let newestFolderPage: string[] = [];
    const toldAmongEarlier = new Set<string>();
    const progress: [number, number][] = [[0, 0]];
    const report = await rebuildFromSidecars(db, root, {
      signal: stop.signal,
      onProgress: ({ restored, daysRead, amongEarlier }) => {
        if (Number.isNaN(firstPageMs)) {
          firstPage = pageIds(db);
          firstPageMs = elapsedMs(started);
        }
        if (Number.isNaN(newestFolderMs)) {
          for (const id of amongEarlier) toldAmongEarlier.add(id);
          if (daysRead > 0) {
            newestFolderMs = elapsedMs(started);
            newestFolderPage = pageIds(db);
            if (newestFolderOnly) stop.abort();
          }
        }
        progress.push([elapsedMs(started), restored]);
      },
    });
    const totalMs = elapsedMs(started);
    return {
      firstPageMs,
      firstPageItems: firstPage.length,
      firstPage,
      newestFolderMs,
      toldAmongEarlier,
      newestFolderPage,
      totalMs,
      restored: report.restored,
      progress,
    };
  } finally {
    db.close();
  }
}

/** Of the final first page, the results the first answer already had. */
const finalInFirst = (rebuilt: Rebuilt): number => rebuilt.newestFolderPage.filter((id) => rebuilt.firstPage.includes(id)).length;

/** Gives every file of the newest day folder one modification time, as a plain copy of the folder does. */
function copiedTimes(root: string, folder: string): void {
  const copiedAt = new Date();
  for (const name of readdirSync(join(root, folder))) utimesSync(join(root, folder, name), copiedAt, copiedAt);
}

export async function run(context: BenchContext): Promise<Table[]> {
  const size = sized(context, LIBRARY_SIZE, QUICK_LIBRARY_SIZE);
  const work = mkdtempSync(join(tmpdir(), 'atelier-bench-rebuild-'));
  try {
    const root = join(work, 'library');
    const writingStarted = process.hrtime.bigint();
    const written = writeLibraryFolder(root, size);
    const writingMs = elapsedMs(writingStarted);
    // Raw before and after the rebuild, so the machine's drift falls on both; the files are in the OS cache for all three.
    const rawBefore = await readEverything(root);
    const rebuilt = await rebuild(root, join(work, 'data', 'library.sqlite'));
    const rawAfter = await readEverything(root);
    const raw = (rawBefore.ms + rawAfter.ms) / 2;
    // Last: the newest folder's times, which the first rebuild ordered by, made alike.
    copiedTimes(root, written.newest);
    const copied = await rebuild(root, join(work, 'copied', 'library.sqlite'), true);
    const plot = context.plot(
      'progress',
      timeSeriesPlot({
        title: `Reading ${size.toLocaleString('en-US')} results back from their sidecars`,
        xLabel: 'ms from the start',
        yLabel: 'results in the database',
        series: [
          { name: 'rebuild (newest day folder first)', points: rebuilt.progress, style: 'step' },
          {
            name: `first page in (${String(Math.round(rebuilt.firstPageMs))} ms)`,
            points: [
              [rebuilt.firstPageMs, 0],
              [rebuilt.firstPageMs, rebuilt.restored],
            ],
            style: 'dashed',
          },
          {
            name: `reading the files alone (${String(Math.round(raw))} ms)`,
            points: [
              [raw, 0],
              [raw, rebuilt.restored],
            ],
            style: 'dashed',
          },
        ],
      }),
    );
    const figure = (label: string, value: number, unit: string, rawValue: number, target?: FigureRow['target']): FigureRow => ({
      figure: { label, value, unit },
      raw: { label, value: rawValue, unit },
      ...(target ? { target } : {}),
    });
    return [
      {
        title: `A library folder without its database: ${size.toLocaleString('en-US')} results read back from their sidecars`,
        rows: [],
        figures: [
          figure('first page in the database (first slice of the newest day folder)', rebuilt.firstPageMs, 'ms', raw, { atMost: 1000 }),
          figure('the newest day folder whole in the database', rebuilt.newestFolderMs, 'ms', raw),
          figure('first page in, the newest folder copied with its times alike (refined as the folder is read)', copied.firstPageMs, 'ms', raw),
          figure('every result in the database', rebuilt.totalMs, 'ms', raw, { ratioAtMost: 4 }),
          figure('results read back per second', rebuilt.restored / (rebuilt.totalMs / 1000), '/s', rawBefore.sidecars / (raw / 1000)),
        ],
        notes: [
          `${written.files.toLocaleString('en-US')} files (${String(written.days)} day folders of media files and sidecars) written in ${(writingMs / 1000).toFixed(1)} s, in the OS file cache for every pass; ${rebuilt.restored.toLocaleString('en-US')} results restored`,
          `first page: after the first slice of the newest day folder, its files read newest written first (${String(rebuilt.firstPageItems)} items in the gallery's first page query, ${String(finalInFirst(rebuilt))} of them the final page's; ${String(rebuilt.toldAmongEarlier.size)} results read later told as belonging above); the gallery shows it and the progress while the rest is read`,
          `copied with times alike: the folder read in name order; first page ${String(Math.round(copied.firstPageMs))} ms (${String(finalInFirst(copied))} of ${String(PAGE)} final), ${String(copied.toldAmongEarlier.size)} results told as belonging above while the folder was read, final page at ${String(Math.round(copied.newestFolderMs))} ms (the newest folder whole)`,
          `raw: listing each day folder, reading and parsing each sidecar, the size of each media file and looking for its thumbnail, nothing written (${String(Math.round(rawBefore.ms))} ms before the rebuild, ${String(Math.round(rawAfter.ms))} ms after)`,
          `progress over time: ${plot}`,
        ],
      },
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
