/**
 * Saved masks: a mask PNG kept in the library folder (`.masks/<id>.png`, written atomically in a
 * folder checked to stay in the library) with its name and pixel size in `saved_masks`.
 * The bytes come from the renderer, so they are checked to be a whole PNG of a sensible size first.
 */
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { SAVED_MASK_MAX_SIDE, type SavedMaskView } from '../../../shared/contract';
import { createLogger } from '../log';
import { StudioFailure } from '../router/failure';
import { writeFileAtomic } from './library-files';
import { libraryFolderToWrite, resolveLibraryEntry, resolveLibraryFile } from './media-file';
import type { LibraryService } from './library-service';

const MASKS_FOLDER = '.masks';

const log = createLogger('saved-masks');

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// The last chunk of every PNG: length 0, "IEND", and its fixed CRC.
const PNG_END = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/** The pixel size of a PNG read from its header; throws `mask_not_png` or `mask_too_large`. */
function maskPngSize(png: Buffer): { width: number; height: number } {
  const whole =
    png.length >= PNG_SIGNATURE.length + 25 + PNG_END.length &&
    png.subarray(0, 8).equals(PNG_SIGNATURE) &&
    png.readUInt32BE(8) === 13 &&
    png.toString('latin1', 12, 16) === 'IHDR' &&
    png.subarray(png.length - PNG_END.length).equals(PNG_END);
  if (!whole) throw StudioFailure.of('mask_not_png');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  if (width === 0 || height === 0) throw StudioFailure.of('mask_not_png');
  if (width > SAVED_MASK_MAX_SIDE || height > SAVED_MASK_MAX_SIDE) throw StudioFailure.of('mask_too_large', { width, height, limit: SAVED_MASK_MAX_SIDE });
  return { width, height };
}

interface SavedMaskRow {
  id: string;
  name: string;
  width: number;
  height: number;
  file_path: string;
  created_at: number;
}

const selectMasks = 'SELECT id, name, width, height, file_path, created_at FROM saved_masks';

const toView = (row: SavedMaskRow): SavedMaskView => ({
  id: row.id,
  name: row.name,
  width: row.width,
  height: row.height,
  filePath: row.file_path,
  createdAt: row.created_at,
});

/** Every saved mask, newest first. */
export function listSavedMasks(library: LibraryService): SavedMaskView[] {
  return library.db.prepare<[], SavedMaskRow>(`${selectMasks} ORDER BY created_at DESC, id DESC`).all().map(toView);
}

/** One saved mask by id, or undefined. */
export function getSavedMask(library: LibraryService, id: string): SavedMaskView | undefined {
  const row = library.db.prepare<[string], SavedMaskRow>(`${selectMasks} WHERE id = ?`).get(id);
  return row && toView(row);
}

/** A saved mask with its PNG's bytes, for the painter to load; `mask_not_found` when its row or its file is gone. */
export async function readSavedMask(library: LibraryService, id: string): Promise<SavedMaskView & { png: Buffer }> {
  const mask = getSavedMask(library, id);
  if (mask === undefined) throw StudioFailure.of('mask_not_found');
  try {
    return { ...mask, png: await readFile(resolveLibraryFile(library.root, mask.filePath).path) };
  } catch (error) {
    log.warn(`mask not read: ${error instanceof Error ? error.message : String(error)}`);
    throw StudioFailure.of('mask_not_found');
  }
}

/** Checks and keeps a mask PNG under `name`: the file first, then its row, so a row never points at nothing. */
export async function saveMask(library: LibraryService, name: string, png: Buffer): Promise<SavedMaskView> {
  const { width, height } = maskPngSize(png);
  const id = randomUUID();
  const filePath = `${MASKS_FOLDER}/${id}.png`;
  try {
    const folder = libraryFolderToWrite(library.root, MASKS_FOLDER, library.modes.dir);
    await writeFileAtomic(join(folder, `${id}.png`), png, library.modes);
  } catch (error) {
    log.warn(`mask not written: ${error instanceof Error ? error.message : String(error)}`);
    throw StudioFailure.of('mask_not_saved');
  }
  const row: SavedMaskRow = { id, name, width, height, file_path: filePath, created_at: library.db.now() };
  library.db
    .prepare('INSERT INTO saved_masks (id, name, width, height, file_path, created_at) VALUES (@id, @name, @width, @height, @file_path, @created_at)')
    .run(row);
  return toView(row);
}

/** Forgets a saved mask and removes its file; false when there was none by that id. */
export async function deleteSavedMask(library: LibraryService, id: string): Promise<boolean> {
  const mask = getSavedMask(library, id);
  if (mask === undefined) return false;
  library.db.prepare('DELETE FROM saved_masks WHERE id = ?').run(id);
  // The entry itself is not followed: a link put there is removed as the link.
  const file = resolveLibraryEntry(library.root, mask.filePath);
  if (file !== undefined) await rm(file, { force: true });
  return true;
}
