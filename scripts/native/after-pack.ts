// electron-builder's afterPack step: places the Electron build of better-sqlite3 for the platform
// being packed (not the host's), then checks the packed app's native parts and WebAssembly builds
// and stops the build when one could not load.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SQLITE_ADDON, type ElectronTarget } from '../../src/main/electron/native-binding';
import { electronSqlitePath } from './electron-sqlite';
import { checkPackedNatives } from './packed-app-check';
import { wasmBuildProblems } from './wasm-builds';

export interface PackedTarget extends ElectronTarget {
  /** The packed app's resources folder (`<app>/resources`, `Atelier.app/Contents/Resources`). */
  resources: string;
}

export function finishPackedApp(target: PackedTarget, log: (line: string) => void): void {
  const addon = electronSqlitePath(target);
  mkdirSync(join(target.resources, 'native'), { recursive: true });
  copyFileSync(addon, join(target.resources, 'native', SQLITE_ADDON));
  // ldd and dlopen only run on a package for this machine; the archive is checked for every target.
  const runnable = target.platform === process.platform && target.arch === process.arch;
  const report = checkPackedNatives(target.resources, { runnable });
  if (report.problems.length > 0) {
    throw new Error(`The packed app's native parts would not load:\n- ${report.problems.join('\n- ')}`);
  }
  const wasmProblems = wasmBuildProblems(target.resources, { runnable });
  if (wasmProblems.length > 0) {
    throw new Error(`The packed app's WebAssembly builds would not load:\n- ${wasmProblems.join('\n- ')}`);
  }
  const loaded = report.unpacked.filter((entry) => entry.load === 'loaded').length;
  log(
    `native parts: ${report.unpacked.length} outside app.asar${runnable ? `, libraries resolved, ${loaded} addons loaded` : ' (another platform: archive checked only)'}; WebAssembly builds unpacked${runnable ? ', ffmpeg started' : ''}`,
  );
}
