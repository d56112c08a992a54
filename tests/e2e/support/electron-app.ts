import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, type ElectronApplication, type Page } from '@playwright/test';

export const projectRoot = join(import.meta.dirname, '../../..');

export interface ElectronStudio {
  app: ElectronApplication;
  window: Page;
  dataDir: string;
  libraryDir: string;
}

/**
 * Launches the built Electron shell on fresh (or given) data and library folders, as `npm start` does
 * (the Electron build of better-sqlite3 must be in .native/: `npm run native:electron`).
 */
export async function launchElectronStudio(runtime: string, folders: { dataDir?: string; libraryDir?: string } = {}): Promise<ElectronStudio> {
  const electronVersion = (JSON.parse(readFileSync(join(projectRoot, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
  const addon = join(projectRoot, '.native', `electron-v${electronVersion}-${process.platform}-${process.arch}`, 'better_sqlite3.node');
  if (!existsSync(addon)) throw new Error(`The Electron build of better-sqlite3 is missing (${addon}): run "npm run native:electron" first.`);
  const dataDir = folders.dataDir ?? mkdtempSync(join(tmpdir(), 'atelier-electron-'));
  const libraryDir = folders.libraryDir ?? mkdtempSync(join(tmpdir(), 'atelier-electron-library-'));
  const app = await electron.launch({
    executablePath: runtime,
    // With Chromium's sandbox, as the app always runs (`npm run test:electron` says what a system that refuses it needs).
    args: [projectRoot],
    env: { ...process.env, ATELIER_DATA_DIR: dataDir, ATELIER_LIBRARY_DIR: libraryDir, ATELIER_LOG: 'silent' },
  });
  try {
    const window = await app.firstWindow();
    return { app, window, dataDir, libraryDir };
  } catch (error) {
    // No window: the app does not outlive the failed start.
    await app.close();
    throw error;
  }
}

/** Calls a studio route from the window, through the preload bridge, as the renderer does. */
export function invoke(page: Page, route: string, input: unknown): Promise<{ ok: boolean; value?: unknown; error?: { code: string } }> {
  return page.evaluate(
    ([r, i]) => (globalThis as unknown as { atelier: { invoke(route: string, input: unknown): Promise<{ ok: boolean }> } }).atelier.invoke(r, i),
    [route, input] as const,
  );
}
