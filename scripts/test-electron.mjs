#!/usr/bin/env node
// `npm run test:electron`: the Electron end-to-end specs (tests/e2e/electron-*.spec.ts), on a
// developer's desktop or a CI machine with the Electron runtime. Builds the app and Electron's
// SQLite module, starts a virtual display (xvfb-run) on Linux where there is none, and runs the specs
// with Chromium's sandbox on. Where the runtime is missing (it cannot be downloaded everywhere), the
// specs run anyway and report themselves skipped: never passed.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { appArmorRestricted, findElectronRuntime } from './electron-runtime.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The command that runs the Electron specs: Playwright on its own where there is a display (or no
 * runtime, when every spec skips), inside xvfb-run on Linux without one.
 * @param {{ platform: string, env: Record<string, string | undefined>, runtime: string | undefined, xvfbRun: string | undefined, root: boolean }} facts
 * @returns {{ command: string, args: string[] } | { problem: string }}
 */
export function electronTestCommand(facts) {
  const playwright = [join(root, 'node_modules/@playwright/test/cli.js'), 'test', 'tests/e2e/electron-'];
  if (facts.platform === 'linux' && facts.runtime !== undefined && facts.root) {
    return { problem: 'Chromium does not run as root with its sandbox, and these tests keep it on: run them as a normal user (in a CI container too).' };
  }
  const hasDisplay = (facts.env.DISPLAY ?? '') !== '' || (facts.env.WAYLAND_DISPLAY ?? '') !== '';
  if (facts.platform !== 'linux' || facts.runtime === undefined || hasDisplay) return { command: process.execPath, args: playwright };
  if (facts.xvfbRun === undefined) {
    return {
      problem:
        'There is no display, and xvfb-run is not installed to start a virtual one: install it (Debian and Ubuntu: "sudo apt install xvfb"), or run from a desktop session.',
    };
  }
  // -a: a free display number; a screen as large as a laptop's, with colour, as Chromium expects.
  return { command: facts.xvfbRun, args: ['-a', '--server-args=-screen 0 1440x900x24', process.execPath, ...playwright] };
}

function which(command) {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

function step(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function main() {
  step(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build']);
  const runtime = findElectronRuntime();
  if (runtime === undefined) {
    console.log('The Electron runtime is not installed here and could not be downloaded: the Electron specs report themselves skipped.');
  } else {
    // Electron's build of better-sqlite3 in .native/ (node_modules keeps Node's).
    step(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/native-electron.ts')]);
    if (appArmorRestricted())
      console.log(
        'AppArmor limits user namespaces here: Electron from node_modules needs a profile for its sandbox ("npm start" prints the commands when it is missing).',
      );
  }
  const plan = electronTestCommand({ platform: process.platform, env: process.env, runtime, xvfbRun: which('xvfb-run'), root: process.getuid?.() === 0 });
  if ('problem' in plan) {
    console.error(plan.problem);
    process.exit(1);
  }
  const result = spawnSync(plan.command, plan.args, { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
