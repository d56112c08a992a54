/**
 * Exports with the recipe inside: one PNG carries it in text chunks; anything else (a JPEG, a
 * video, or several items) goes into a ZIP where PNGs carry it the same way and other files get a
 * JSON sidecar beside them. The export is written under `<library>/.exports/` so either transport
 * can hand it to the browser as a download like any library file; exports older than an hour are
 * removed on the next export. A library folder may come from elsewhere: `.exports` is used only as
 * a real folder of its own (a link there is replaced), and only the export folders the studio
 * names are ever deleted from it.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { lstat, mkdir, readFile, readdir, realpath, rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { Asset } from './assets';
import { PathOutsideLibraryError, resolveInLibrary, writeFileAtomic } from './library-files';
import { resolveLibraryMedia } from './media-file';
import { RECIPE_KEYWORD, withPngText } from './png-recipe';
import { sidecarOf } from './sidecars';
import { PRIVATE_MODES, type FileModes } from '../private-files';
import { exportBaseName } from '../../../shared/library/export-name';

export const EXPORTS_FOLDER = '.exports';
const KEEP_EXPORTS_MS = 60 * 60 * 1000;

export interface ExportResult {
  /** Library path of the file to download. */
  path: string;
  /** The name to save it under. */
  fileName: string;
  /** How many items it holds. */
  items: number;
  /** Ids whose media file was missing (left out). */
  missing: string[];
}

const extensionOf = (path: string): string => /\.[^./]+$/.exec(path)?.[0].toLowerCase() ?? '';

/** The PNG bytes of an asset with its recipe embedded. */
async function taggedPng(file: string, asset: Asset): Promise<Uint8Array> {
  return withPngText(await readFile(file), {
    [RECIPE_KEYWORD]: JSON.stringify(sidecarOf(asset)),
    Description: asset.prompt,
    Software: 'Atelier',
  });
}

/** Writes the export of `assets` (in this order) and returns where it is. */
export async function exportAssets(root: string, assets: readonly Asset[], modes: FileModes = PRIVATE_MODES, now = Date.now()): Promise<ExportResult> {
  const exportsFolder = await ownExportsFolder(root, modes);
  await removeOldExports(exportsFolder, now);
  const exportId = randomUUID();
  const folder = `${EXPORTS_FOLDER}/${exportId}`;
  // A new folder of its own, never one that already exists (mkdir without `recursive` refuses).
  const exportFolder = join(exportsFolder, exportId);
  await mkdir(exportFolder, { mode: modes.dir });
  const missing: string[] = [];
  const found: { asset: Asset; file: string }[] = [];
  for (const asset of assets) {
    try {
      found.push({ asset, file: resolveLibraryMedia(root, asset.filePath).path });
    } catch {
      missing.push(asset.id);
    }
  }
  const only = found.length === 1 ? found[0] : undefined;
  if (only && extensionOf(only.file) === '.png') {
    const fileName = `${exportBaseName(only.asset)}.png`;
    await writeFileAtomic(join(exportFolder, fileName), await taggedPng(only.file, only.asset), modes);
    return { path: `${folder}/${fileName}`, fileName, items: 1, missing };
  }
  const day = new Date(now).toISOString().slice(0, 10);
  const fileName = only ? `${exportBaseName(only.asset)}.zip` : `atelier-${day}-${found.length}-items.zip`;
  const zip = new yazl.ZipFile();
  const names = new Set<string>();
  for (const { asset, file } of found) {
    let base = exportBaseName(asset);
    while (names.has(base)) base = `${base}-${asset.id.slice(8, 12)}`;
    names.add(base);
    const extension = extensionOf(file);
    // Media are compressed already: store them, do not deflate them again.
    if (extension === '.png') zip.addBuffer(Buffer.from(await taggedPng(file, asset)), `${base}.png`, { compress: false });
    else {
      zip.addFile(file, `${base}${extension}`, { compress: false });
      zip.addBuffer(Buffer.from(`${JSON.stringify(sidecarOf(asset), null, 2)}\n`), `${base}.json`);
    }
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(join(exportFolder, fileName), { mode: modes.file, flags: 'wx' }));
  return { path: `${folder}/${fileName}`, fileName, items: found.length, missing };
}

/** The names the studio gives its export folders; nothing else in `.exports` is ever deleted. */
const EXPORT_FOLDER_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The real path of `<library>/.exports`, a folder of the library's own: a link there (planted by
 * whoever shared the folder) is removed, not followed, and anything else that is not a folder is
 * refused. Checked again by real path, so nothing is written or deleted outside the library.
 */
async function ownExportsFolder(root: string, modes: FileModes): Promise<string> {
  const path = resolveInLibrary(root, EXPORTS_FOLDER);
  const found = await lstat(path).catch(() => undefined);
  if (found?.isSymbolicLink()) await unlink(path);
  else if (found && !found.isDirectory()) throw new PathOutsideLibraryError(EXPORTS_FOLDER);
  await mkdir(path, { mode: modes.dir }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  });
  const [real, realRoot] = await Promise.all([realpath(path), realpath(root)]);
  if (real !== join(realRoot, EXPORTS_FOLDER) || !(await lstat(real)).isDirectory()) throw new PathOutsideLibraryError(EXPORTS_FOLDER);
  return real;
}

/** Deletes the studio's own export folders older than an hour, each checked without following links. */
async function removeOldExports(exportsFolder: string, now: number): Promise<void> {
  for (const entry of await readdir(exportsFolder)) {
    if (!EXPORT_FOLDER_NAME.test(entry)) continue;
    const path = join(exportsFolder, entry);
    const info = await lstat(path).catch(() => undefined);
    // A link or a file under a studio name is not something the studio wrote: left alone.
    if (info?.isDirectory() && now - info.mtimeMs > KEEP_EXPORTS_MS) await rm(path, { recursive: true, force: true });
  }
}
