#!/usr/bin/env node
// `npm start [-- --web] [--port N] [--no-open]`: builds, then opens the Electron studio when its runtime
// is present (or can be installed), and otherwise serves the same studio in web mode on 127.0.0.1.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const forceWeb = args.includes('--web');

const build = spawnSync(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) {
  console.error('The build failed; see the messages above.');
  process.exit(build.status ?? 1);
}

const electronBinary = forceWeb ? undefined : findElectronRuntime();
if (electronBinary && electronSqliteReady()) {
  run(electronBinary, [root, ...args]);
} else {
  if (!forceWeb) {
    console.log('The Electron runtime is not installed and could not be downloaded here, so Atelier starts in web mode.');
  }
  run(process.execPath, [join(root, 'out/main/web.js'), ...args]);
}

/**
 * Electron cannot load node_modules' better-sqlite3 (built for Node); its own build lives in .native/.
 * Builds it when missing; on failure says why, and web mode starts instead.
 */
function electronSqliteReady() {
  const result = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/native-electron.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status === 0) return true;
  console.log('Atelier starts in web mode instead; run "npm run native:electron" once the build can reach the network.');
  return false;
}

/** The Electron binary if it is installed or can be installed now; undefined otherwise. */
function findElectronRuntime() {
  const electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const binary = () => {
    const pathFile = join(electronDir, 'path.txt');
    if (!existsSync(pathFile)) return undefined;
    const path = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(path) ? path : undefined;
  };
  if (binary()) return binary();
  console.log('Looking for the Electron runtime...');
  const install = spawnSync(process.execPath, [join(electronDir, 'install.js')], { stdio: 'ignore', timeout: 120_000 });
  return install.status === 0 ? binary() : undefined;
}

function run(command, commandArgs) {
  const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
