import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir` (databases included), as text, for "never in plain text on disk" checks. */
export function readFolderText(dir: string): string {
  const texts: string[] = [];
  const walk = (path: string): void => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else texts.push(readFileSync(full).toString('latin1'));
    }
  };
  walk(dir);
  return texts.join('\n');
}
