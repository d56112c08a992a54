/**
 * A library folder proposed by a browser session, checked before the person at this computer is
 * asked about it: an absolute, normalised path of plain characters, resolved to its real path so
 * that what the terminal shows is the folder that would be saved.
 */
import { realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, normalize, sep } from 'node:path';
import { inputMessages } from '../../../shared/contract/input-messages';
import type { Message } from '../../../shared/i18n/translate';
import { hasDeceptiveCharacters } from '../terminal-text';

/** Why a proposed folder cannot be asked about, or undefined when it can. */
export function proposedFolderProblem(path: string): Message | undefined {
  if (hasDeceptiveCharacters(path)) return inputMessages.libraryDirPlainCharacters;
  if (!isAbsolute(path)) return inputMessages.libraryDirAbsolute;
  if (normalize(path) !== path || path.split(sep).includes('..')) return inputMessages.libraryDirNormalised;
  return undefined;
}

/**
 * The real path of `path` with every link followed; a part that does not exist yet (the folder
 * will be made at the next start) is kept as written, below the real path of what does exist.
 */
export async function realFolderPath(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch (error) {
    const parent = dirname(path);
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === path) throw error;
    return join(await realFolderPath(parent), basename(path));
  }
}
