/**
 * Owner-only folders and files. The studio's data folder, its upload staging, the library's
 * database and (unless the artist chose a shared library folder) the library's files hold
 * prompts, results and sealed keys: other accounts on the machine have no business reading them.
 * Modes are POSIX; on Windows they are ignored and the user's profile folder protects the files.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';

/** Modes for the folders and files the studio creates in one place. */
export interface FileModes {
  readonly dir: number;
  readonly file: number;
}

export const PRIVATE_MODES: FileModes = { dir: 0o700, file: 0o600 };
/** A library folder the artist shares with other accounts: the usual modes (the umask still applies). */
export const SHARED_MODES: FileModes = { dir: 0o755, file: 0o644 };

/** Creates `path` (and missing parents) owner-only, and tightens it when it already exists. */
export function ensurePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_MODES.dir });
  tighten(path, PRIVATE_MODES.dir);
}

/** Creates an empty owner-only file when missing, and tightens it when it exists. */
export function ensurePrivateFile(path: string): void {
  if (!existsSync(path)) closeSync(openSync(path, 'a', PRIVATE_MODES.file));
  tighten(path, PRIVATE_MODES.file);
}

/** Tightens an existing file or folder to `mode` when others may read it; missing paths are ignored. */
export function tighten(path: string, mode: number): void {
  if (process.platform === 'win32') return;
  try {
    if ((statSync(path).mode & 0o077 & ~mode) !== 0) chmodSync(path, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * True when the folder at `path` was set up for sharing with other accounts: it belongs to another
 * account, or others may write in it (a group folder, often with its setgid bit). Being readable
 * by others is not enough: a folder made under the usual umask is (755), and its owner did not
 * choose to share what the studio writes there.
 */
export function isSharedWithOthers(path: string): boolean {
  if (process.platform === 'win32') return false;
  try {
    const { uid, mode } = statSync(path);
    return uid !== process.getuid?.() || (mode & 0o2022) !== 0;
  } catch {
    return false;
  }
}
