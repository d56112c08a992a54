/**
 * The one check made before a library file leaves the studio's hands: served by either transport
 * (web mode's `/media/...`, Electron's `atelier-media:`) or given to the desktop shell (reveal,
 * trash, drag). The path stays in the library once every link is followed (a symlink inside the
 * folder pointing elsewhere is refused), it is a regular file, and, to be served, a media type the
 * library writes. Anything else is "not found".
 */
import { mkdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, relative, sep } from 'node:path';
import { PathOutsideLibraryError, resolveInLibrary } from './library-files';

/** The file types the library serves, by extension: results, thumbnails, exports and nothing else. */
const LIBRARY_MEDIA_TYPES: ReadonlyMap<string, string> = new Map([
  ['.png', 'image/png'],
  ['.jpg', 'image/jpeg'],
  ['.jpeg', 'image/jpeg'],
  ['.webp', 'image/webp'],
  ['.gif', 'image/gif'],
  ['.mp4', 'video/mp4'],
  ['.webm', 'video/webm'],
  ['.mov', 'video/quicktime'],
  ['.mkv', 'video/x-matroska'],
  // Exports of several items (`library.export_assets`), downloaded like any library file.
  ['.zip', 'application/zip'],
]);

/** A library file checked by its real path: links resolved, inside the library, a regular file. */
export interface LibraryFile {
  path: string;
  size: number;
}

/** A library file that may be served: its real path (links resolved), media type and size. */
export interface LibraryMediaFile extends LibraryFile {
  type: string;
}

/** The file is missing, not a regular file, or not a media type the library serves. */
export class MediaNotServedError extends Error {
  constructor(path: string, reason: string) {
    super(`"${path}" is not served: ${reason}.`);
    this.name = 'MediaNotServedError';
  }
}

/**
 * Checks a library-relative path before the studio hands it to anyone (a transport, the desktop
 * shell's reveal, trash or drag): it stays in the library once every link is followed and is a
 * regular file. Throws PathOutsideLibraryError or MediaNotServedError; use the returned `path`,
 * the one that was checked.
 */
export function resolveLibraryFile(root: string, relativePath: string): LibraryFile {
  const lexical = resolveInLibrary(root, relativePath);
  let real: string;
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
    real = realpathSync(lexical);
  } catch {
    throw new MediaNotServedError(relativePath, 'no such file');
  }
  const rel = relative(realRoot, real);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) throw new PathOutsideLibraryError(relativePath);
  const stat = statSync(real);
  if (!stat.isFile()) throw new MediaNotServedError(relativePath, 'not a file');
  return { path: real, size: stat.size };
}

/**
 * The path of a library entry that is to be moved or replaced, not read: every folder above it is
 * followed to its real path, which must stay in the library; the entry itself is not followed, so
 * a link there is moved as the link. Undefined when its folder does not exist; throws
 * PathOutsideLibraryError when a folder leads out of the library.
 */
export function resolveLibraryEntry(root: string, relativePath: string): string | undefined {
  const lexical = resolveInLibrary(root, relativePath);
  let folder: string;
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
    folder = realpathSync(dirname(lexical));
  } catch {
    return undefined;
  }
  const rel = relative(realRoot, folder);
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) throw new PathOutsideLibraryError(relativePath);
  return join(folder, basename(lexical));
}

/**
 * The real path of a library folder to write in, made if missing (with `mode`): the nearest part
 * of it that exists must stay in the library once links are followed, so nothing is made or
 * written outside through a linked folder. Throws PathOutsideLibraryError otherwise.
 */
export function libraryFolderToWrite(root: string, relativeFolder: string, mode: number): string {
  const lexical = resolveInLibrary(root, relativeFolder);
  const realRoot = realpathSync(root);
  let existing = lexical;
  for (;;) {
    try {
      existing = realpathSync(existing);
      break;
    } catch {
      if (dirname(existing) === existing) throw new PathOutsideLibraryError(relativeFolder);
      existing = dirname(existing);
    }
  }
  const rel = relative(realRoot, existing);
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) throw new PathOutsideLibraryError(relativeFolder);
  mkdirSync(lexical, { recursive: true, mode });
  const real = realpathSync(lexical);
  const made = relative(realRoot, real);
  if (made === '..' || made.startsWith(`..${sep}`) || isAbsolute(made)) throw new PathOutsideLibraryError(relativeFolder);
  return real;
}

/**
 * `resolveLibraryFile`, and the file must also be a media type the library writes (by the real
 * file's extension). The one check both transports make before serving a file.
 */
export function resolveLibraryMedia(root: string, relativePath: string): LibraryMediaFile {
  const file = resolveLibraryFile(root, relativePath);
  const type = LIBRARY_MEDIA_TYPES.get(extname(file.path).toLowerCase());
  if (type === undefined) throw new MediaNotServedError(relativePath, 'not a media file of the library');
  return { ...file, type };
}
