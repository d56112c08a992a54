#!/usr/bin/env node
// `npm start [-- --web] [--port N] [--no-open]`: builds, then opens the Electron studio when its runtime
// is present (or can be installed), and otherwise serves the same studio in web mode on 127.0.0.1.
// Each reason the window cannot open gets its own message and fix (start-diagnosis.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appArmorRestricted, findElectronRuntime } from './electron-runtime.mjs';
import { keepTail, recogniseSandboxFailure, runtimeMissingMessage, sandboxFailureMessage, sqliteBuildFailedMessage } from './start-diagnosis.mjs';

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

if (forceWeb) startWebMode();
else {
  const electronBinary = findElectronRuntime({ onDownload: () => console.log('Looking for the Electron runtime...') });
  if (electronBinary === undefined) {
    console.log(runtimeMissingMessage());
    startWebMode();
  } else if (!electronSqliteReady()) {
    console.log(sqliteBuildFailedMessage());
    startWebMode();
  } else {
    startElectron(electronBinary);
  }
}

function startWebMode() {
  run(process.execPath, [join(root, 'out/main/web.js'), ...args]);
}

/**
 * Electron cannot load node_modules' better-sqlite3 (built for Node); its own build lives in .native/.
 * Builds it when missing; the build script prints the cause when it cannot.
 */
function electronSqliteReady() {
  const result = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/native-electron.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  return result.status === 0;
}

/**
 * Runs the Electron app, passing its error output through while keeping its end: when Chromium's
 * sandbox stops it at start, the user is told why and how to fix it, and web mode opens instead.
 */
function startElectron(binary) {
  const child = spawn(binary, [root, ...args], { cwd: root, stdio: ['inherit', 'inherit', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    stderr = keepTail(stderr, chunk.toString());
  });
  forwardSignals(child);
  child.on('exit', (code, signal) => {
    if (code !== 0 && recogniseSandboxFailure(stderr) !== undefined) {
      console.error(
        `\n${sandboxFailureMessage({ electronBinary: binary, chromeSandbox: join(dirname(binary), 'chrome-sandbox'), appArmorRestricted: appArmorRestricted() })}\n`,
      );
      startWebMode();
      return;
    }
    process.exit(code ?? (signal ? 1 : 0));
  });
}

function run(command, commandArgs) {
  const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit' });
  forwardSignals(child);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function forwardSignals(child) {
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
}
