// The packed desktop app, launched as an artist's system launches it: the packaged executable, the
// default environment (a fresh home folder, no ATELIER_* or ELECTRON_* variables, no --no-sandbox).
// Playwright's Electron launcher needs Node's inspector, which the app's fuses switch off, so the
// window is driven over Chromium's DevTools protocol instead (--remote-debugging-port).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { endWithThisProcess, stopProcess } from '../../helpers/processes';
import { projectRoot } from './electron-app';
import { pressReturn } from './system-keys';

const run = promisify(execFile);

/** The executable electron-builder's unpacked folder holds for this platform. */
function executableIn(dist: string): string {
  if (process.platform === 'darwin') return join(dist, process.arch === 'arm64' ? 'mac-arm64' : 'mac', 'Atelier.app', 'Contents', 'MacOS', 'Atelier');
  if (process.platform === 'win32') return join(dist, 'win-unpacked', 'Atelier.exe');
  return join(dist, 'linux-unpacked', 'atelier');
}

/**
 * The packed app's executable: `ATELIER_PACKED_APP` if given, else `dist/` after `npm run dist`,
 * else packed now (`--dir`) with the installed runtime. Packing builds better-sqlite3 for Electron.
 */
export async function packedExecutable(runtime: string): Promise<string> {
  const given = process.env.ATELIER_PACKED_APP;
  if (given !== undefined && given !== '') return given;
  const dist = join(projectRoot, 'dist');
  if (existsSync(executableIn(dist))) return executableIn(dist);
  const electronDist = process.platform === 'darwin' ? dirname(dirname(dirname(dirname(runtime)))) : dirname(runtime);
  await run(join(projectRoot, 'node_modules/.bin/electron-builder'), ['--dir', '--publish', 'never', `-c.electronDist=${electronDist}`], {
    cwd: projectRoot,
    maxBuffer: 16 * 1024 * 1024,
  });
  return executableIn(dist);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address !== null ? address.port : 0;
}

export interface PackedStudio {
  process: ChildProcess;
  browser: Browser;
  window: Page;
  /** The fresh home folder the app runs in: its data folder, ~/Pictures/Atelier and ~/Downloads are inside. */
  home: string;
  /** Resolves with the exit code once the app has ended. */
  exited: Promise<number | null>;
}

/** A fresh user's environment: their own home, and nothing that steers Atelier or Electron. */
function defaultEnvironment(home: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(ATELIER_|ELECTRON_)/.test(name)));
  return { ...env, HOME: home, USERPROFILE: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_DATA_HOME: join(home, '.local', 'share') };
}

/** Starts the packed app in a fresh home folder (or `home`) and connects to its window. */
export async function launchPackedStudio(executable: string, home = mkdtempSync(join(tmpdir(), 'atelier-home-'))): Promise<PackedStudio> {
  for (const folder of ['Pictures', 'Downloads']) mkdirSync(join(home, folder), { recursive: true });
  const port = await freePort();
  const child = spawn(executable, [`--remote-debugging-port=${port}`], { env: defaultEnvironment(home), stdio: ['ignore', 'inherit', 'inherit'] });
  endWithThisProcess(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    return await connectToWindow(child, port, home, exited);
  } catch (error) {
    // No window to drive: the app does not outlive the failed start.
    await stopProcess(child);
    throw error;
  }
}

/** Connects to the packed app's window over Chromium's DevTools protocol, once the app listens. */
async function connectToWindow(child: ChildProcess, port: number, home: string, exited: Promise<number | null>): Promise<PackedStudio> {
  let browser: Browser | undefined;
  for (let attempt = 0; browser === undefined; attempt++) {
    try {
      browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    } catch (error) {
      if (attempt > 60 || child.exitCode !== null) throw new Error(`the packed app did not open its window: ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  const context = browser.contexts()[0];
  const window = context?.pages().find((page) => page.url().startsWith('atelier-app://')) ?? (await context?.waitForEvent('page'));
  if (window === undefined) throw new Error('the packed app has no window');
  return { process: child, browser, window, home, exited };
}

/** Accepts the system's save dialog with the name it suggests (Return), as a person would. */
export function acceptSaveDialog(): Promise<void> {
  return pressReturn();
}
