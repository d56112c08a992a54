import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Path of the installed Electron runtime, or undefined where it is missing (its tests then report skipped). */
export function electronRuntime(): string | undefined {
  const dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}
