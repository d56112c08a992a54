import { access, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { getAsset, insertAsset } from './assets';
import { jobExists } from './asset-origin';
import type { LibraryDatabase } from './library-database';
import { isTemporaryName, resolveInLibrary, thumbPathFor } from './library-files';
import { readAssetSidecar, type AssetSidecar } from './sidecars';

export interface RebuildReport {
  /** Sidecars found in dated folders. */
  scanned: number;
  /** Assets recreated from them. */
  restored: number;
  /** Sidecars whose asset was already in the database (the rebuild can run on a partial database). */
  alreadyPresent: number;
  /** Sidecars that could not be used, and why. */
  skipped: { path: string; reason: string }[];
}

const year = /^\d{4}$/;
const twoDigits = /^\d{2}$/;

async function subfolders(path: string, pattern: RegExp): Promise<string[]> {
  const entries = await readdir(path, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isDirectory() && pattern.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

interface Candidate {
  sidecarPath: string;
  sidecar: AssetSidecar;
  filePath: string;
  bytes: number;
  thumbPath: string | null;
}

/** Sidecars of a day folder read at once: each waits on the disk, and one at a time left it idle. */
const READ_AT_ONCE = 16;

/** Reads one day folder: each `<id>.json` with its `<id>.<ext>` media file, in name order. */
async function readDay(root: string, folder: string, report: RebuildReport): Promise<Candidate[]> {
  const names = (await readdir(resolveInLibrary(root, folder))).filter((name) => !isTemporaryName(name));
  const sidecars = names.filter((n) => n.endsWith('.json')).sort();
  const read: (Candidate | undefined)[] = new Array<Candidate | undefined>(sidecars.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < sidecars.length; index = next++) read[index] = await readCandidate(root, folder, sidecars[index] ?? '', names, report);
  };
  await Promise.all(Array.from({ length: Math.min(READ_AT_ONCE, sidecars.length) }, worker));
  return read.filter((candidate): candidate is Candidate => candidate !== undefined);
}

/** One sidecar and its media file; undefined (and the reason in `report`) when it cannot be used. */
async function readCandidate(root: string, folder: string, name: string, names: readonly string[], report: RebuildReport): Promise<Candidate | undefined> {
  const sidecarPath = `${folder}/${name}`;
  report.scanned++;
  const skip = (reason: string): void => void report.skipped.push({ path: sidecarPath, reason });
  let sidecar: AssetSidecar;
  try {
    sidecar = await readAssetSidecar(resolveInLibrary(root, sidecarPath));
  } catch (error) {
    skip(error instanceof Error ? error.message : String(error));
    return undefined;
  }
  if (`${sidecar.id}.json` !== name) {
    skip(`its id ${sidecar.id} does not match its file name`);
    return undefined;
  }
  const media = names.find((other) => other.startsWith(`${sidecar.id}.`) && other !== name);
  if (media === undefined) {
    skip('its media file is missing');
    return undefined;
  }
  const filePath = `${folder}/${media}`;
  const info = await stat(resolveInLibrary(root, filePath));
  const thumbPath = thumbPathFor(filePath);
  return { sidecarPath, sidecar, filePath, bytes: info.size, thumbPath: (await exists(resolveInLibrary(root, thumbPath))) ? thumbPath : null };
}

function restore(db: LibraryDatabase, candidate: Candidate, report: RebuildReport): void {
  const { sidecar } = candidate;
  if (getAsset(db, sidecar.id)) {
    report.alreadyPresent++;
    return;
  }
  try {
    // A savepoint per asset: one bad row (say, a file path already taken) does not undo the day.
    const { inserted } = db.transaction(() =>
      insertAsset(db, {
        ...sidecar,
        // The job row is usually gone with the database; the asset stands on its own.
        jobId: sidecar.jobId !== null && jobExists(db, sidecar.jobId) ? sidecar.jobId : null,
        filePath: candidate.filePath,
        thumbPath: candidate.thumbPath,
        bytes: candidate.bytes,
        createdAt: Date.parse(sidecar.createdAt),
      }),
    );
    if (inserted) report.restored++;
    else report.skipped.push({ path: candidate.sidecarPath, reason: 'another asset already holds this task result' });
  } catch (error) {
    report.skipped.push({ path: candidate.sidecarPath, reason: error instanceof Error ? error.message : String(error) });
  }
}

/** How far a rebuild has come: day folders read of those found, and results back so far. */
interface RebuildProgress {
  daysRead: number;
  days: number;
  scanned: number;
  restored: number;
}

export interface RebuildOptions {
  /** After each day folder, once its results are in the database (the gallery can show them). */
  onProgress?: (progress: RebuildProgress) => void;
  /** Stops between day folders (the studio closing): what was read stays, a later start reads the rest. */
  signal?: AbortSignal;
}

/** The `YYYY/MM/DD` folders under `root`, newest first. */
async function dayFolders(root: string): Promise<string[]> {
  const days: string[] = [];
  for (const y of (await subfolders(root, year)).reverse()) {
    for (const m of (await subfolders(join(root, y), twoDigits)).reverse()) {
      for (const d of (await subfolders(join(root, y, m), twoDigits)).reverse()) days.push(`${y}/${m}/${d}`);
    }
  }
  return days;
}

/**
 * Recreates the asset rows (and so their search index and tags) from the sidecars under
 * `root`'s `YYYY/MM/DD` folders, e.g. after the database was lost. Assets already present are
 * left alone, so it is safe to run again. Writes one transaction per day folder, the newest day
 * first: the gallery's first page (newest first) is whole after the first folders, while the
 * rest is read.
 */
export async function rebuildFromSidecars(db: LibraryDatabase, root: string, options: RebuildOptions = {}): Promise<RebuildReport> {
  const report: RebuildReport = { scanned: 0, restored: 0, alreadyPresent: 0, skipped: [] };
  const days = await dayFolders(root);
  for (const [index, day] of days.entries()) {
    if (options.signal?.aborted === true) break;
    const candidates = await readDay(root, day, report);
    db.transaction(() => {
      for (const candidate of candidates) restore(db, candidate, report);
    });
    options.onProgress?.({ daysRead: index + 1, days: days.length, scanned: report.scanned, restored: report.restored });
  }
  return report;
}
