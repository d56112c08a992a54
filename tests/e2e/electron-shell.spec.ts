// The Electron shell end to end: start-up, background mode and quitting with jobs. Reported as skipped
// where the Electron runtime is not installed (it cannot be downloaded on every machine).
// Create and Gallery specs join this suite when those screens exist.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { libraryDatabaseFile } from '../../src/main/core/library/database-location';
import { stopProcess } from '../helpers/processes';
import { electronRuntime } from './support/electron-runtime';
import { invoke, launchElectronStudio } from './support/electron-app';

const runtime = electronRuntime();

test.describe('the Electron shell', () => {
  test.skip(runtime === undefined, 'The Electron runtime is not installed on this machine (it cannot be downloaded here).');

  test('starts with its library open, locked down, with the standard menu', { tag: '@smoke' }, async () => {
    const { app, window, dataDir, libraryDir } = await launchElectronStudio(runtime ?? '');
    try {
      await expect(window.getByRole('navigation')).toBeVisible();
      // The library opened through the Electron build of better-sqlite3: the database exists (in the data folder) and answers.
      expect(existsSync(libraryDatabaseFile(dataDir, libraryDir))).toBe(true);
      await expect.poll(() => invoke(window, 'library.list_assets', {})).toMatchObject({ ok: true, value: { items: [] } });
      await expect.poll(() => invoke(window, 'app.get_info', {})).toMatchObject({ ok: true, value: { shell: 'electron', libraryDir } });
      // Nothing of Node in the page; only invoke and on.
      expect(await window.evaluate(() => Object.keys((globalThis as unknown as { atelier: object }).atelier).sort())).toEqual(['invoke', 'on']);
      expect(await window.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
      // No window may be opened from the page, and no permission is granted to it.
      await window.evaluate(() => globalThis.open('https://example.com/'));
      expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
      expect(await window.evaluate(async () => (await navigator.permissions.query({ name: 'geolocation' })).state)).not.toBe('granted');
      const menu = await app.evaluate(({ Menu }) => Menu.getApplicationMenu()?.items.map((item) => item.label) ?? []);
      expect(menu).toEqual(expect.arrayContaining(['Edit', 'View', 'Window']));
    } finally {
      await app.close();
    }
  });

  test('follows the Settings item of the menu to the Desktop section and keeps its choice', async () => {
    const { app, window } = await launchElectronStudio(runtime ?? '');
    try {
      await app.evaluate(({ Menu }) => {
        const find = (items: Electron.MenuItem[]): Electron.MenuItem | undefined =>
          items.find((i) => i.accelerator === 'CmdOrCtrl+,') ?? items.map((i) => (i.submenu ? find(i.submenu.items) : undefined)).find(Boolean);
        find(Menu.getApplicationMenu()?.items ?? [])?.click();
      });
      await expect(window.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await expect(window.getByRole('heading', { name: 'Desktop' })).toBeVisible();
      await window.getByLabel('When the window closes while jobs run').selectOption('quit');
      await expect.poll(() => invoke(window, 'desktop.get_info', {})).toMatchObject({ ok: true, value: { preferences: { closeWhileRunning: 'quit' } } });
    } finally {
      await app.close();
    }
  });

  test('keeps running in the tray when the window closes with jobs queued, and a quit waits for the studio to stop', async () => {
    const first = await launchElectronStudio(runtime ?? '');
    const { app, window, dataDir, libraryDir } = first;
    try {
      const created = await invoke(window, 'jobs.create_batch', {
        name: 'Quit test',
        variantIds: ['image.gen-image-2.task'],
        prompts: ['a fox in the snow', 'a fox in the rain', 'a cat on a roof', 'a heron at dawn'],
        countPerPrompt: 3,
        values: {},
      });
      expect(created.ok).toBe(true);

      // Closing the window while jobs run hides it; the studio (and the app) keep going.
      await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.close());
      await expect.poll(() => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().map((w) => w.isVisible()))).toEqual([false]);

      // Quit as the tray's Quit does, and wait for the process to end by itself.
      const exited = new Promise<void>((resolve) => app.process().once('exit', () => resolve()));
      await app.evaluate(({ app: electronApp }) => electronApp.quit());
      await exited;

      // A clean stop: no job is left mid-submission or marked unknown, as a crash would leave them.
      const db = new Database(libraryDatabaseFile(dataDir, libraryDir), { readonly: true });
      const states = db.prepare('SELECT state, COUNT(*) AS n FROM jobs GROUP BY state').all() as { state: string; n: number }[];
      db.close();
      expect(states.find((s) => s.state === 'unknown')).toBeUndefined();
      expect(states.find((s) => s.state === 'submitting')).toBeUndefined();
    } finally {
      // Already ended after the quit above; stopped here when something before it failed.
      await stopProcess(app.process());
    }

    // And the next start resumes them.
    const second = await launchElectronStudio(runtime ?? '', { dataDir, libraryDir });
    try {
      await expect
        .poll(() => invoke(second.window, 'jobs.list_jobs', { states: ['unknown'] }), { timeout: 30_000 })
        .toMatchObject({ ok: true, value: { items: [] } });
    } finally {
      await second.app.close();
    }
  });
});
