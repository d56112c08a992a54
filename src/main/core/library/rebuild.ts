import { getAsset, insertAsset } from './assets';
import { jobExists } from './asset-origin';
import type { LibraryDatabase } from './library-database';
import { dayFolders, listDay, readSidecars, type Candidate, type ReadingReport } from './rebuild-reading';

export interface RebuildReport extends ReadingReport {
  /** Sidecars found in dated folders. */
  scanned: number;
  /** Assets recreated from them. */
  restored: number;
  /** Sidecars whose asset was already in the database (the rebuild can run on a partial database). */
  alreadyPresent: number;
  /** Sidecars that could not be used, and why. */
  skipped: { path: string; reason: string }[];
}

/**
 * The rebuild's first slice, read from the newest day folder, newest written first: two gallery
 * pages, so the first page is in the database long before the folder (thousands of results) is.
 */
const FIRST_SLICE = 120;
/** Every later slice: a transaction each, so a quit loses nothing read before it. */
const SLICE = 1000;

/** Recreates one asset; true when it is in the database now and was not before. */
function restore(db: LibraryDatabase, candidate: Candidate, report: RebuildReport): boolean {
  const { sidecar } = candidate;
  if (getAsset(db, sidecar.id)) {
    report.alreadyPresent++;
    return false;
  }
  try {
    // A savepoint per asset: one bad row (say, a file path already taken) does not undo the slice.
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
    return inserted;
  } catch (error) {
    report.skipped.push({ path: candidate.sidecarPath, reason: error instanceof Error ? error.message : String(error) });
    return false;
  }
}

interface SortKey {
  createdAt: number;
  id: string;
}

/** The gallery's order, newest first: whether `a` comes before `b`. */
const comesBefore = (a: SortKey, b: SortKey): boolean => a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id);

/** Writes one slice in one transaction; answers the ids restored that sort above results already in the database. */
function commitSlice(db: LibraryDatabase, candidates: readonly Candidate[], report: RebuildReport): string[] {
  return db.transaction(() => {
    const oldest = db.prepare<[], SortKey>('SELECT created_at AS createdAt, id FROM assets ORDER BY created_at, id LIMIT 1').get();
    const amongEarlier: string[] = [];
    for (const candidate of candidates) {
      if (!restore(db, candidate, report)) continue;
      const key = { createdAt: Date.parse(candidate.sidecar.createdAt), id: candidate.sidecar.id };
      if (oldest !== undefined && comesBefore(key, oldest)) amongEarlier.push(key.id);
    }
    return amongEarlier;
  });
}

/** How far a rebuild has come: day folders read of those found, and results back so far. */
export interface RebuildProgress {
  daysRead: number;
  days: number;
  scanned: number;
  restored: number;
  /**
   * Results of this slice that sort above others already in the database, not only after them: a
   * window's list loaded since holds a place for them (the first page refining itself).
   */
  amongEarlier: string[];
}

export interface RebuildOptions {
  /** After each slice, once its results are in the database (the gallery can show them). */
  onProgress?: (progress: RebuildProgress) => void;
  /** Stops between slices (the studio closing): what was read stays, a later start reads the rest. */
  signal?: AbortSignal;
}

/**
 * Recreates the asset rows (and so their search index and tags) from the sidecars under
 * `root`'s `YYYY/MM/DD` folders, e.g. after the database was lost. Assets already present are
 * left alone, so it is safe to run again. Reads the newest day first, in slices of a transaction
 * each: first FIRST_SLICE of the newest folder, its newest written first, so the gallery's first
 * page is there at once (and exactly so when the folder kept its files' times); later slices put
 * what sorts above it in its place (`amongEarlier`).
 */
export async function rebuildFromSidecars(db: LibraryDatabase, root: string, options: RebuildOptions = {}): Promise<RebuildReport> {
  const report: RebuildReport = { scanned: 0, restored: 0, alreadyPresent: 0, skipped: [] };
  const days = await dayFolders(root);
  let sliceSize = FIRST_SLICE;
  for (const [index, folder] of days.entries()) {
    const day = await listDay(root, folder, index === 0);
    let read = 0;
    do {
      if (options.signal?.aborted === true) return report;
      const names = day.sidecars.slice(read, read + sliceSize);
      read += names.length;
      sliceSize = SLICE;
      const amongEarlier = commitSlice(db, await readSidecars(root, day, names, report), report);
      const daysRead = read < day.sidecars.length ? index : index + 1;
      options.onProgress?.({ daysRead, days: days.length, scanned: report.scanned, restored: report.restored, amongEarlier });
    } while (read < day.sidecars.length);
  }
  return report;
}
