// `npm run native:electron [-- --electron-version V --platform P --arch A --force]`: builds
// better-sqlite3 for Electron into .native/ (see scripts/native/electron-sqlite.ts).
import { parseArgs } from 'node:util';
import { buildElectronSqlite, installedElectronVersion } from './native/electron-sqlite';

const { values } = parseArgs({
  options: {
    'electron-version': { type: 'string' },
    platform: { type: 'string', default: process.platform },
    arch: { type: 'string', default: process.arch },
    force: { type: 'boolean', default: false },
  },
});

const target = { electronVersion: values['electron-version'] ?? installedElectronVersion(), platform: values.platform, arch: values.arch };
try {
  await buildElectronSqlite(target, { force: values.force, log: (line) => console.log(line) });
} catch (error) {
  console.error(
    `Could not build better-sqlite3 for Electron ${target.electronVersion} (${target.platform}-${target.arch}).\n` +
      "It needs either the prebuilt binary of the better-sqlite3 release (downloaded from GitHub) or Electron's headers " +
      '(from electronjs.org) and a C++ toolchain (Python, make and a compiler; Visual Studio Build Tools on Windows).\n' +
      `Cause: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
