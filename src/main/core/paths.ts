import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where the studio keeps its settings and vault key when not told otherwise (`ATELIER_DATA_DIR`). */
export function defaultDataDir(): string {
  if (process.env.ATELIER_DATA_DIR) return process.env.ATELIER_DATA_DIR;
  if (process.platform === 'win32') return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Atelier');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Atelier');
  return join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'atelier');
}
