import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the studio keeps its settings and vault key when not told otherwise (`ATELIER_DATA_DIR`). */
export function defaultDataDir(): string {
  if (process.env.ATELIER_DATA_DIR) return process.env.ATELIER_DATA_DIR;
  if (process.platform === 'win32') return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Atelier');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Atelier');
  return join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'atelier');
}

/** The studio's version from its package.json, found by walking up from this module (source or built). */
export function packageVersion(fromUrl: string): string {
  let dir = dirname(fileURLToPath(fromUrl));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'atelier' && pkg.version) return pkg.version;
    }
    const parent = dirname(dir);
    if (parent === dir) return '0.0.0';
    dir = parent;
  }
}
