/**
 * Exports with the recipe inside: one PNG carries it in text chunks; anything else (a JPEG, a
 * video, or several items) goes into a ZIP where PNGs carry it the same way and other files get a
 * JSON sidecar beside them. The export is written under `<library>/.exports/` so either transport
 * can hand it to the browser as a download like any library file; exports older than an hour are
 * removed on the next export.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { Asset } from './assets';
import { resolveInLibrary, writeFileAtomic } from './library-files';
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
  await removeOldExports(root, now);
  const exportId = randomUUID();
  const folder = `${EXPORTS_FOLDER}/${exportId}`;
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
    await writeFileAtomic(resolveInLibrary(root, `${folder}/${fileName}`), await taggedPng(only.file, only.asset), modes);
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
  const target = resolveInLibrary(root, `${folder}/${fileName}`);
  await mkdir(resolveInLibrary(root, folder), { recursive: true, mode: modes.dir });
  await pipeline(zip.outputStream, createWriteStream(target, { mode: modes.file }));
  return { path: `${folder}/${fileName}`, fileName, items: found.length, missing };
}

async function removeOldExports(root: string, now: number): Promise<void> {
  const base = resolveInLibrary(root, EXPORTS_FOLDER);
  for (const entry of await readdir(base).catch(() => [])) {
    const path = resolveInLibrary(root, `${EXPORTS_FOLDER}/${entry}`);
    const info = await stat(path).catch(() => undefined);
    if (info && now - info.mtimeMs > KEEP_EXPORTS_MS) await rm(path, { recursive: true, force: true });
  }
}
