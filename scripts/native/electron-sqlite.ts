// Builds better-sqlite3 for Electron's ABI into `.native/electron-v<version>-<platform>-<arch>/`,
// leaving node_modules (Node's build, used by tests, web mode and the CLI) untouched. Used by
// `npm run native:electron`, by `npm start` where the Electron runtime exists, and at packaging.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rebuild } from '@electron/rebuild';
import { probeSqliteBinding } from '../../src/main/core/library/sqlite-binding';
import { electronBuildFolder, NATIVE_FOLDER, SQLITE_ADDON, type ElectronTarget } from '../../src/main/electron/native-binding';

export const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);

/** The version of the installed `electron` package (the runtime `npm start` runs and packaging ships). */
export function installedElectronVersion(): string {
  return (JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')) as { version: string }).version;
}

/**
 * The folder of Electron builds: `.native/` in the project, or `ATELIER_NATIVE_DIR` (packaging only;
 * `npm start` always looks in `.native/`).
 */
export function nativeRoot(): string {
  return process.env.ATELIER_NATIVE_DIR ?? join(projectRoot, NATIVE_FOLDER);
}

/** Where the Electron build of the addon for a target lives. */
export function electronSqlitePath(target: ElectronTarget): string {
  return join(nativeRoot(), electronBuildFolder(target), SQLITE_ADDON);
}

/**
 * Builds the addon for a target unless it is there already. @electron/rebuild first tries the
 * prebuilt binary of this better-sqlite3 release for Electron, then compiles against Electron's
 * headers; both need the network (GitHub or electronjs.org), so this cannot run on an offline machine.
 */
export async function buildElectronSqlite(target: ElectronTarget, options: { force?: boolean; log?: (line: string) => void } = {}): Promise<string> {
  const log = options.log ?? (() => undefined);
  const output = electronSqlitePath(target);
  if (existsSync(output) && options.force !== true) {
    log(`better-sqlite3 for Electron ${target.electronVersion} (${target.platform}-${target.arch}) is already built: ${relative(projectRoot, output)}`);
    return output;
  }
  const packageDir = dirname(require.resolve('better-sqlite3/package.json'));
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  // A copy of the package's sources in a scratch project, so the rebuild never touches node_modules.
  const stage = join(nativeRoot(), 'stage', electronBuildFolder(target));
  rmSync(stage, { recursive: true, force: true });
  const stagedPackage = join(stage, 'node_modules', 'better-sqlite3');
  cpSync(packageDir, stagedPackage, {
    recursive: true,
    filter: (source) => !source.startsWith(join(packageDir, 'build') + sep) && source !== join(packageDir, 'build'),
  });
  writeFileSync(join(stage, 'package.json'), JSON.stringify({ name: 'atelier-native-stage', private: true, dependencies: { 'better-sqlite3': version } }));
  log(`building better-sqlite3 ${version} for Electron ${target.electronVersion} (${target.platform}-${target.arch})...`);
  // An npm `nodedir` setting (used to build for the machine's Node) would make node-gyp compile
  // against Node's headers instead of Electron's: the result would load under Node only.
  const nodedir = { lower: process.env.npm_config_nodedir, upper: process.env.NPM_CONFIG_NODEDIR };
  delete process.env.npm_config_nodedir;
  delete process.env.NPM_CONFIG_NODEDIR;
  try {
    await rebuild({
      buildPath: stage,
      electronVersion: target.electronVersion,
      platform: target.platform as NodeJS.Platform,
      arch: target.arch,
      onlyModules: ['better-sqlite3'],
      force: true,
      mode: 'sequential',
    });
    const built = join(stagedPackage, 'build', 'Release', SQLITE_ADDON);
    // Electron's ABI numbers are never Node's: a build that loads here was made for Node.
    if (probeSqliteBinding(built).ok) throw new Error(`the build loads under Node ${process.version}, so it was made for Node's ABI, not Electron's`);
    mkdirSync(dirname(output), { recursive: true });
    cpSync(built, output);
  } finally {
    if (nodedir.lower !== undefined) process.env.npm_config_nodedir = nodedir.lower;
    if (nodedir.upper !== undefined) process.env.NPM_CONFIG_NODEDIR = nodedir.upper;
    rmSync(stage, { recursive: true, force: true });
  }
  log(`built ${relative(projectRoot, output)}`);
  return output;
}
