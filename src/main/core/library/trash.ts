/**
 * Deleting from the library, undoably. A deletion takes the assets out of the database at once
 * (keeping a snapshot of each row) and moves their files (media, sidecar, thumbnail) into
 * `<library>/.trash/<deletion id>/`, under their library paths. Until its undo window ends, a
 * deletion can be undone: the files move back and the rows return with the same ids, tags,
 * favourite and boards. When the window ends the deletion becomes final: with a desktop shell the
 * files go to the system trash (its trash is final, hence the window first); in web mode they stay
 * in the library's `.trash` folder, where the artist can still find them.
 */
import { randomUUID } from 'node:crypto';
import { lstat, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { z } from 'zod';
import { deleteAsset, getAsset, insertAsset, type Asset } from './assets';
import { jsonValueSchema, parseJsonColumn } from './json-column';
import type { LibraryDatabase } from './library-database';
import { PathOutsideLibraryError, resolveInLibrary, sidecarPathFor } from './library-files';
import { resolveLibraryEntry, resolveLibraryFile } from './media-file';
import { PRIVATE_MODES, type FileModes } from '../private-files';
import { createLogger } from '../log';
import { systemClock, type Clock } from '../lifecycle/clock';
import { DisposableStore } from '../lifecycle/disposable';
import { RunOnceScheduler } from '../lifecycle/scheduler';

const log = createLogger('library-trash');

/** The library folder deleted files wait in. */
const TRASH_FOLDER = '.trash';
/** How long a deletion can be undone, by default. */
const DEFAULT_UNDO_WINDOW_MS = 12_000;

export interface DeletionResult {
  deletionId: string;
  deleted: string[];
  /** Ids that stay, and why: `not_found` (no such asset) or `move_failed` (a file could not be moved). */
  failed: { id: string; reason: 'not_found' | 'move_failed' }[];
  /** Until when `undo(deletionId)` brings them back (Unix ms). */
  undoUntil: number;
}

export interface LibraryTrashOptions {
  db: LibraryDatabase;
  root: string;
  modes?: FileModes;
  undoWindowMs?: number;
  /** Moves one file (absolute, inside the library) to the system trash; absent in web mode. */
  systemTrash?: ((file: string) => Promise<void>) | undefined;
  /** Waits for the end of undo windows (the studio's clock; a virtual one in tests). Its time is the database's. */
  clock?: Clock | undefined;
}

const snapshotSchema = z.object({
  id: z.string(),
  jobId: z.string().nullable(),
  taskId: z.string().nullable(),
  resultIndex: z.number().int().nonnegative(),
  kind: z.enum(['image', 'video']),
  filePath: z.string(),
  thumbPath: z.string().nullable(),
  mime: z.string(),
  bytes: z.number().int().nonnegative(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  hasAudio: z.boolean().nullable().default(null),
  sha256: z.string(),
  model: z.string(),
  variantId: z.string().nullable(),
  prompt: z.string(),
  request: jsonValueSchema,
  createdAt: z.number().int(),
  favourite: z.boolean(),
  tags: z.array(z.string()),
  boardIds: z.array(z.string()),
  batchId: z.string().nullable().default(null),
  // Deletions made before presets were recorded have none.
  preset: z.object({ id: z.string(), name: z.string() }).nullable().default(null),
});

/** Library paths of an asset's files: media, sidecar, thumbnail. */
const filesOf = (asset: Pick<Asset, 'filePath' | 'thumbPath'>): string[] =>
  [asset.filePath, sidecarPathFor(asset.filePath), asset.thumbPath].filter((path): path is string => path !== null);

async function present(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

export class LibraryTrash {
  private readonly db: LibraryDatabase;
  private readonly root: string;
  private readonly modes: FileModes;
  private readonly undoWindowMs: number;
  private readonly systemTrash: ((file: string) => Promise<void>) | undefined;
  private readonly clock: Clock;
  /** What one run (start to stop) holds: the timer that finalises the deletions due next. */
  private run = DisposableStore.disposed();
  private timer: RunOnceScheduler | undefined;
  private finalizing: Promise<void> | undefined;

  constructor(options: LibraryTrashOptions) {
    this.db = options.db;
    this.root = options.root;
    this.modes = options.modes ?? PRIVATE_MODES;
    this.undoWindowMs = options.undoWindowMs ?? DEFAULT_UNDO_WINDOW_MS;
    this.systemTrash = options.systemTrash;
    this.clock = options.clock ?? systemClock;
  }

  /** Finalises deletions whose window passed while the studio was closed, and schedules the rest. */
  async start(): Promise<void> {
    this.run = new DisposableStore();
    this.timer = this.run.add(new RunOnceScheduler(() => void this.finalizeDue(), 0, this.clock));
    await this.finalizeDue();
  }

  /** Stops the timer and waits for a finalisation under way. */
  async stop(): Promise<void> {
    this.run.dispose();
    await this.finalizing;
  }

  /** Takes assets out of the library into the trash; undoable until `undoUntil`. */
  async delete(ids: readonly string[]): Promise<DeletionResult> {
    const deletionId = randomUUID();
    const now = this.db.now();
    const undoUntil = now + this.undoWindowMs;
    const failed: DeletionResult['failed'] = [];
    const assets: Asset[] = [];
    for (const id of new Set(ids)) {
      const asset = getAsset(this.db, id);
      if (asset) assets.push(asset);
      else failed.push({ id, reason: 'not_found' });
    }
    // Rows first, in one transaction: a crash after it leaves files to move, never a row without files.
    this.db.transaction(() => {
      this.db.prepare('INSERT INTO deletions (id, created_at, undo_until) VALUES (?, ?, ?)').run(deletionId, now, undoUntil);
      const keep = this.db.prepare('INSERT INTO trashed_assets (deletion_id, asset_id, snapshot) VALUES (?, ?, ?)');
      for (const asset of assets) {
        keep.run(deletionId, asset.id, JSON.stringify(asset));
        deleteAsset(this.db, asset.id);
      }
    });
    const deleted: string[] = [];
    for (const asset of assets) {
      try {
        for (const file of filesOf(asset)) await this.move(file, join(TRASH_FOLDER, deletionId, file));
        deleted.push(asset.id);
      } catch (error) {
        log.warn(`could not move the files of ${asset.id} to the trash`, error);
        await this.restoreOne(deletionId, asset);
        failed.push({ id: asset.id, reason: 'move_failed' });
      }
    }
    if (deleted.length === 0) this.db.prepare('DELETE FROM deletions WHERE id = ?').run(deletionId);
    else this.schedule();
    return { deletionId, deleted, failed, undoUntil };
  }

  /** Brings a deletion's assets back (undefined when it is unknown or already final). */
  async undo(deletionId: string): Promise<Asset[] | undefined> {
    await this.finalizing;
    if (!this.db.prepare('SELECT 1 FROM deletions WHERE id = ?').get(deletionId)) return undefined;
    const restored: Asset[] = [];
    for (const snapshot of this.snapshots(deletionId)) {
      const asset = await this.restoreOne(deletionId, snapshot);
      if (asset) restored.push(asset);
    }
    this.db.prepare('DELETE FROM deletions WHERE id = ?').run(deletionId);
    await rm(resolveInLibrary(this.root, `${TRASH_FOLDER}/${deletionId}`), { recursive: true, force: true });
    this.schedule();
    return restored;
  }

  /** Makes every deletion whose window has passed final. */
  finalizeDue(): Promise<void> {
    this.finalizing ??= this.runFinalize().finally(() => {
      this.finalizing = undefined;
      this.schedule();
    });
    return this.finalizing;
  }

  private async runFinalize(): Promise<void> {
    // Yield first, so `finalizing` is set before any of the work (and its `finally`) runs.
    await Promise.resolve();
    const due = this.db.prepare<[number], { id: string }>('SELECT id FROM deletions WHERE undo_until <= ? ORDER BY undo_until').all(this.db.now());
    for (const { id } of due) await this.finalize(id);
  }

  private async finalize(deletionId: string): Promise<void> {
    // Files still in place (a crash came between the rows and the moves) join the others first.
    for (const snapshot of this.snapshots(deletionId)) {
      for (const file of filesOf(snapshot)) await this.move(file, join(TRASH_FOLDER, deletionId, file)).catch(() => undefined);
    }
    const folder = `${TRASH_FOLDER}/${deletionId}`;
    if (this.systemTrash) {
      for (const file of await this.filesUnder(folder)) {
        try {
          await this.systemTrash(resolveLibraryFile(this.root, file).path);
        } catch (error) {
          log.warn(`could not move ${file} to the system trash; it stays in the library's trash folder`, error);
        }
      }
      await this.removeEmptyFolders(folder);
    }
    this.db.prepare('DELETE FROM deletions WHERE id = ?').run(deletionId);
  }

  private snapshots(deletionId: string): Asset[] {
    return this.db
      .prepare<[string], { snapshot: string }>('SELECT snapshot FROM trashed_assets WHERE deletion_id = ?')
      .all(deletionId)
      .map((row) => parseJsonColumn(snapshotSchema, row.snapshot, `trashed asset of deletion ${deletionId}`));
  }

  /** Moves an asset's files back and puts its row back (same id, tags, favourite, boards still there). */
  private async restoreOne(deletionId: string, snapshot: Asset): Promise<Asset | undefined> {
    for (const file of filesOf(snapshot)) await this.move(join(TRASH_FOLDER, deletionId, file), file).catch(() => undefined);
    return this.db.transaction(() => {
      const { asset } = insertAsset(this.db, { ...snapshot, tags: snapshot.tags });
      const onBoard = this.db.prepare('INSERT OR IGNORE INTO board_items (board_id, asset_id, added_at) SELECT id, ?, ? FROM boards WHERE id = ?');
      for (const boardId of snapshot.boardIds) onBoard.run(asset.id, this.db.now(), boardId);
      this.db.prepare('DELETE FROM trashed_assets WHERE deletion_id = ? AND asset_id = ?').run(deletionId, snapshot.id);
      return getAsset(this.db, asset.id);
    });
  }

  /**
   * Renames a library file to another library path, if it is there and the target is free. Both
   * are checked by the real path of their folders: a folder that links out of the library (one
   * from elsewhere may) is neither emptied nor filled; a file there is left where it is.
   */
  private async move(from: string, to: string): Promise<void> {
    const source = inLibraryOrNothing(this.root, from.split(/[\\/]/).join('/'));
    const lexicalTarget = resolveInLibrary(this.root, to.split(/[\\/]/).join('/'));
    if (source === undefined || !(await present(source)) || (await present(lexicalTarget))) return;
    await mkdir(dirname(lexicalTarget), { recursive: true, mode: this.modes.dir });
    const target = resolveLibraryEntry(this.root, to.split(/[\\/]/).join('/'));
    if (target === undefined || (await present(target))) return;
    await rename(source, target);
  }

  private async filesUnder(folder: string): Promise<string[]> {
    const entries = await readdir(resolveInLibrary(this.root, folder), { withFileTypes: true, recursive: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isFile() || entry.isSymbolicLink())
      .map((entry) => relative(resolve(this.root), join(entry.parentPath, entry.name)).split(/[\\/]/).join('/'));
  }

  private async removeEmptyFolders(folder: string): Promise<void> {
    if ((await this.filesUnder(folder)).length === 0) await rm(resolveInLibrary(this.root, folder), { recursive: true, force: true });
  }

  private schedule(): void {
    if (this.run.isDisposed) return;
    const next = this.db.prepare<[], { at: number | null }>('SELECT MIN(undo_until) AS at FROM deletions').get()?.at;
    if (next === null || next === undefined) this.timer?.cancel();
    else this.timer?.scheduleAt(next);
  }
}

/** `resolveLibraryEntry`, with a path whose folder leads out of the library counted as absent. */
function inLibraryOrNothing(root: string, relativePath: string): string | undefined {
  try {
    return resolveLibraryEntry(root, relativePath);
  } catch (error) {
    if (error instanceof PathOutsideLibraryError) return undefined;
    throw error;
  }
}
