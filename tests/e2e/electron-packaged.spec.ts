// The packed desktop app as an artist runs it: the packaged executable with the default environment
// (no --no-sandbox, no ATELIER_* overrides, a fresh home), one demo image made in Create, its
// thumbnail in the gallery, exported through the system's save dialog, and a quit with a job still
// queued that leaves it queued, not lost or "unknown". Reported as skipped where the Electron runtime
// is not installed (it cannot be downloaded on every machine).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { stopProcess } from '../helpers/processes';
import { electronRuntime } from './support/electron-runtime';
import { acceptSaveDialog, launchPackedStudio, packedExecutable } from './support/electron-packaged';

const runtime = electronRuntime();

/** The data folder Electron gives a fresh user (`app.getPath('userData')`, after package.json's name), by platform. */
function dataFolder(home: string): string {
  if (process.platform === 'darwin') return join(home, 'Library', 'Application Support', 'atelier');
  if (process.platform === 'win32') return join(home, 'AppData', 'Roaming', 'atelier');
  return join(home, '.config', 'atelier');
}

test.describe('the packed desktop app', () => {
  test.skip(runtime === undefined, 'The Electron runtime is not installed on this machine (it cannot be downloaded here).');
  test.setTimeout(600_000);

  test('starts with the default environment, makes a demo image, shows and exports it, and quits with a job queued', { tag: '@smoke' }, async () => {
    const executable = await packedExecutable(runtime ?? '');
    const studio = await launchPackedStudio(executable);
    const page = studio.window;
    try {
      try {
        await expect(page.getByRole('navigation')).toBeVisible({ timeout: 60_000 });
        // The demo gateway, since no profile is set; one image from Create.
        await page.getByRole('navigation').getByRole('link', { name: 'Create' }).click();
        await page.getByLabel('Prompt', { exact: true }).fill('a lighthouse at dusk');
        await page.getByRole('button', { name: /^Generate/ }).click();
        await expect(page.getByText('Queued 1 request.')).toBeVisible();

        // Its thumbnail in the gallery, decoded: the image library loaded in the packed app.
        await page.getByRole('navigation').getByRole('link', { name: 'Gallery' }).click();
        const tile = page.getByRole('grid', { name: 'Results' }).getByRole('gridcell', { name: /a lighthouse at dusk/ });
        await expect(tile).toBeVisible({ timeout: 120_000 });
        await expect.poll(() => tile.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
        // The media stay in ~/Pictures/Atelier; the database is in the data folder.
        expect(readdirSync(join(studio.home, 'Pictures', 'Atelier')).filter((name) => name.startsWith('.atelier'))).toEqual([]);
        expect(existsSync(join(dataFolder(studio.home), 'libraries'))).toBe(true);

        // Export: main asks where (the save dialog, in ~/Downloads) and writes the PNG with its recipe.
        await tile.dblclick();
        await page.getByRole('button', { name: 'Export with recipe' }).click();
        await page.waitForTimeout(1500);
        await acceptSaveDialog();
        const downloads = join(studio.home, 'Downloads');
        await expect.poll(() => readdirSync(downloads).filter((name) => name.endsWith('.png')), { timeout: 30_000 }).toHaveLength(1);
        const exported = readFileSync(join(downloads, readdirSync(downloads).find((name) => name.endsWith('.png')) ?? ''));
        expect(exported.subarray(1, 4).toString()).toBe('PNG');
        expect(exported.includes(Buffer.from('a lighthouse at dusk'))).toBe(true);
        await page.keyboard.press('Escape');

        // A job left queued: the queue paused (Timeline), one more request made.
        await page.getByRole('navigation').getByRole('link', { name: 'Timeline' }).click();
        await page.getByRole('button', { name: 'Pause all' }).click();
        await page.getByRole('navigation').getByRole('link', { name: 'Create' }).click();
        await page.getByLabel('Prompt', { exact: true }).fill('a heron at dawn');
        await page.getByRole('button', { name: /^Generate/ }).click();
        await expect(page.getByText('Queued 1 request.')).toBeVisible();
      } finally {
        await studio.browser.close();
      }

      // Quit as the system asks an app to (SIGTERM on logout): the studio stops cleanly and the app exits.
      studio.process.kill('SIGTERM');
      expect(await studio.exited).toBe(0);
      const libraries = join(dataFolder(studio.home), 'libraries');
      const [library] = readdirSync(libraries);
      const db = new Database(join(libraries, library ?? '', 'library.sqlite'), { readonly: true });
      const states = db.prepare('SELECT state, COUNT(*) AS n FROM jobs GROUP BY state ORDER BY state').all();
      db.close();
      expect(states).toEqual([
        { state: 'done', n: 1 },
        { state: 'queued', n: 1 },
      ]);
    } finally {
      // Already ended after a clean quit; stopped here when something above failed.
      await stopProcess(studio.process);
    }
  });
});
