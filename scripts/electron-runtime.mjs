// Finding the Electron runtime, for `npm start` and `npm run test:electron`: the binary the electron package
// installed, or the one its first-run download (Electron 42+) brings, where that host can be reached.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { appArmorRestrictsUserNamespaces } from './start-diagnosis.mjs';

/**
 * The installed Electron binary, or undefined; tries its first-run download once.
 * @param {{ onDownload?: () => void }} [options] `onDownload` is called before the download starts.
 * @returns {string | undefined}
 */
export function findElectronRuntime(options = {}) {
  const electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const binary = () => {
    const pathFile = join(electronDir, 'path.txt');
    if (!existsSync(pathFile)) return undefined;
    const path = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(path) ? path : undefined;
  };
  if (binary() !== undefined) return binary();
  options.onDownload?.();
  const install = spawnSync(process.execPath, [join(electronDir, 'install.js')], { stdio: 'ignore', timeout: 120_000 });
  return install.status === 0 ? binary() : undefined;
}

/** Whether AppArmor limits unprivileged user namespaces here (Chromium's sandbox needs a profile then); false off Linux. */
export function appArmorRestricted() {
  try {
    return appArmorRestrictsUserNamespaces(readFileSync('/proc/sys/kernel/apparmor_restrict_unprivileged_userns', 'utf8'));
  } catch {
    return false;
  }
}
