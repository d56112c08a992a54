import { app, dialog } from 'electron';
import { createLogger } from '../core/log';
import { probeSqliteBinding, useSqliteNativeBinding } from '../core/library/sqlite-binding';
import { diagnoseNativeLoad, sqliteBindingPath } from './native-binding';
import { shellLanguage, shellText } from './shell-text';

const log = createLogger('native');

/**
 * Points better-sqlite3 at the build for this Electron and checks it loads, before the library
 * opens. On failure the user gets a dialog naming the problem and the fix, not a stack trace.
 */
export function ensureSqliteLoads(): boolean {
  const runtime = {
    electronVersion: process.versions.electron,
    platform: process.platform,
    arch: process.arch,
    packaged: app.isPackaged,
    resourcesPath: process.resourcesPath,
    appPath: app.getAppPath(),
  };
  const binding = sqliteBindingPath(runtime);
  const probe = probeSqliteBinding(binding);
  if (probe.ok) {
    useSqliteNativeBinding(binding);
    return true;
  }
  const problem = diagnoseNativeLoad(probe.error);
  const text = shellText(shellLanguage(undefined, app.getLocale()));
  const message = text.native.message(problem, runtime.packaged, binding ?? 'better-sqlite3');
  log.error(`${text.native.title}: ${message}`);
  dialog.showErrorBox(text.native.title, message);
  return false;
}
