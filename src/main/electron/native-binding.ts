// Which better-sqlite3 build the Electron shell loads, and what to tell the user when it cannot.
// Pure (no electron import) so it is tested on plain Node, and shared with the build script.
import { join } from 'node:path';

/** Folder of the project (or of the packaged app's resources) where Electron builds of native addons live. */
export const NATIVE_FOLDER = '.native';
/** File name of the better-sqlite3 addon, the same in every build. */
export const SQLITE_ADDON = 'better_sqlite3.node';

export interface ElectronTarget {
  electronVersion: string;
  platform: string;
  arch: string;
}

/** `electron-v42.1.0-linux-x64`: one folder per Electron version and target, so builds never collide. */
export function electronBuildFolder(target: ElectronTarget): string {
  return `electron-v${target.electronVersion.replace(/^v/, '')}-${target.platform}-${target.arch}`;
}

export interface RuntimeFacts {
  /** `process.versions.electron`; undefined on plain Node. */
  electronVersion: string | undefined;
  platform: string;
  arch: string;
  /** `app.isPackaged`. */
  packaged: boolean;
  /** `process.resourcesPath` of a packaged app. */
  resourcesPath: string;
  /** `app.getAppPath()`: the project folder when run from source. */
  appPath: string;
}

/**
 * The addon this runtime must load: undefined on Node (the package's own build); in a packaged app
 * the copy the installer placed in `resources/native`; from source, the Electron build that
 * `npm start` made in `.native/<electron-version-platform-arch>/`.
 */
export function sqliteBindingPath(runtime: RuntimeFacts): string | undefined {
  if (runtime.electronVersion === undefined) return undefined;
  if (runtime.packaged) return join(runtime.resourcesPath, 'native', SQLITE_ADDON);
  const folder = electronBuildFolder({ electronVersion: runtime.electronVersion, platform: runtime.platform, arch: runtime.arch });
  return join(runtime.appPath, NATIVE_FOLDER, folder, SQLITE_ADDON);
}

type NativeProblemKind = 'missing' | 'abi-mismatch' | 'other';

/** What went wrong loading the addon, in terms the start-up dialog can explain. */
export interface NativeProblem {
  kind: NativeProblemKind;
  /** The ABI the file was built for and the one this runtime needs, when the error says so. */
  builtFor?: number;
  needs?: number;
  /** The loader's own words, for the log and the dialog's details. */
  cause: string;
}

/** Reads a load failure of a native addon (Node's messages are stable across versions). */
export function diagnoseNativeLoad(error: Error): NativeProblem {
  const cause = error.message;
  const versions = /NODE_MODULE_VERSION (\d+)[\s\S]*NODE_MODULE_VERSION (\d+)/.exec(cause);
  if (versions) return { kind: 'abi-mismatch', builtFor: Number(versions[1]), needs: Number(versions[2]), cause };
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'MODULE_NOT_FOUND' || code === 'ENOENT' || /cannot find module|no such file|could not locate the bindings file/i.test(cause)) {
    return { kind: 'missing', cause };
  }
  return { kind: 'other', cause };
}
