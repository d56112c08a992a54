import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { PRIVATE_MODES, type FileModes } from '../private-files';

/** Where thumbnails live under the library root, mirroring the dated folders of their assets. */
export const THUMBS_FOLDER = '.thumbs';

const extensionsByMime: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'video/x-matroska': 'mkv',
};

/** The file extension for a media type (`bin` when unknown). */
export function extensionForMime(mime: string): string {
  const type = mime.split(';')[0]?.trim().toLowerCase() ?? '';
  return (Object.hasOwn(extensionsByMime, type) ? extensionsByMime[type] : undefined) ?? 'bin';
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** `YYYY/MM/DD` of a moment in the user's local calendar: the folder they would look in. */
export function dateFolder(createdAt: number): string {
  const date = new Date(createdAt);
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())}`;
}

/** Library-relative path (with `/`) of an asset's media file: `YYYY/MM/DD/<asset-id>.<ext>`. */
export function assetFilePath(createdAt: number, assetId: string, mime: string): string {
  return `${dateFolder(createdAt)}/${assetId}.${extensionForMime(mime)}`;
}

/** Library-relative path of the JSON sidecar beside a media file: `<folder>/<asset-id>.json`. */
export function sidecarPathFor(filePath: string): string {
  return filePath.replace(/\.[^./]*$/, '') + '.json';
}

/** Library-relative path of a media file's thumbnail: `.thumbs/<folder>/<asset-id>.webp`. */
export function thumbPathFor(filePath: string): string {
  return `${THUMBS_FOLDER}/${filePath.replace(/\.[^./]*$/, '')}.webp`;
}

/** Thrown when a stored or requested path would lead outside the library folder. */
export class PathOutsideLibraryError extends Error {
  constructor(path: string) {
    super(`"${path}" is not inside the library folder.`);
    this.name = 'PathOutsideLibraryError';
  }
}

/** The absolute path of a library-relative path, refusing anything that escapes the root. */
export function resolveInLibrary(root: string, relativePath: string): string {
  if (relativePath === '' || isAbsolute(relativePath) || /^[a-zA-Z]:/.test(relativePath) || relativePath.includes('\0')) {
    throw new PathOutsideLibraryError(relativePath);
  }
  const base = resolve(root);
  const full = resolve(base, ...relativePath.split('/'));
  const rel = relative(base, full);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) throw new PathOutsideLibraryError(relativePath);
  return full;
}

/** A unique temporary name beside `target` (same folder, so the final rename is atomic). */
export function temporaryPathFor(target: string): string {
  return join(dirname(target), `.${randomBytes(6).toString('hex')}.${target.slice(dirname(target).length + 1)}.tmp`);
}

/** True for names `temporaryPathFor` makes; scans skip them. */
export function isTemporaryName(name: string): boolean {
  return name.startsWith('.') && name.endsWith('.tmp');
}

/**
 * Writes a file so that readers see either the old content or the new, never a torn one:
 * the data goes to a temporary file in the same folder, is flushed to disk, then renamed over.
 * New folders and the file get `modes` (owner-only unless the library is shared).
 */
export async function writeFileAtomic(target: string, data: string | Uint8Array, modes: FileModes = PRIVATE_MODES): Promise<void> {
  await mkdir(dirname(target), { recursive: true, mode: modes.dir });
  const temporary = temporaryPathFor(target);
  try {
    const handle = await open(temporary, 'w', modes.file);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
