/**
 * A database found in the library folder (`.atelier/library.sqlite`, where earlier versions kept
 * it) is moved into the data folder and opened. It may have come with the folder from someone
 * else (a shared drive, a colleague's copy, a synced folder), so it is untrusted input, like the
 * sidecars: its results are checked as sidecars are, and nothing is sent or deleted on its word.
 */
import { deleteAsset, getAsset } from './assets';
import type { LibraryDatabase } from './library-database';
import { thumbPathFor } from './library-files';
import { passesAsSidecar } from './sidecars';
import { createLogger } from '../log';

const log = createLogger('library-db');

/** The library's own name for a result: `YYYY/MM/DD/<asset id>.<ext>`, nothing else. */
const studioFilePath = (id: string, filePath: string): boolean =>
  /^\d{4}\/\d{2}\/\d{2}\/[^/]+$/.test(filePath) && filePath.slice(11).startsWith(`${id}.`) && /^\.[a-z0-9]{1,8}$/i.test(filePath.slice(11 + id.length));

export interface DatabaseFromFolderReport {
  /** Results whose rows did not pass as sidecars, or named files the library does not write: removed. */
  removedAssets: number;
}

/**
 * Checks a database that was found in the library folder, once, as it is taken into the data
 * folder: results must pass as sidecars do (their fields, and file names the library writes);
 * its batches are paused and its loose queued jobs canceled, so none is submitted, with this
 * computer's key, until the artist resumes or retries it; its upload cache (which images the gateway already holds) and pending deletions
 * (which files to move to the trash) are dropped.
 */
export function checkDatabaseFromFolder(db: LibraryDatabase): DatabaseFromFolderReport {
  return db.transaction(() => {
    let removedAssets = 0;
    for (const { id } of db.prepare<[], { id: string }>('SELECT id FROM assets').all()) {
      const asset = getAsset(db, id);
      const sound =
        asset !== undefined &&
        passesAsSidecar(asset) &&
        studioFilePath(asset.id, asset.filePath) &&
        (asset.thumbPath === null || asset.thumbPath === thumbPathFor(asset.filePath));
      if (!sound && deleteAsset(db, id)) removedAssets++;
    }
    // Its batches wait, paused, for the artist to resume them; a job outside a batch waits as canceled, to be retried.
    const now = db.now();
    db.prepare("UPDATE batches SET status = 'paused', updated_at = ? WHERE status = 'active'").run(now);
    db.prepare("UPDATE jobs SET state = 'canceled', updated_at = ? WHERE state = 'queued' AND batch_id IS NULL").run(now);
    for (const table of ['upload_cache', 'trashed_assets', 'deletions']) db.prepare(`DELETE FROM ${table}`).run();
    if (removedAssets > 0) log.warn(`${removedAssets} results of the database found in the library folder did not pass as sidecars; left out`);
    log.info('the database found in the library folder was checked; its batches wait, paused, for the artist');
    return { removedAssets };
  });
}
