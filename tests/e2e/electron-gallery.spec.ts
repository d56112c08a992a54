// The Gallery in the Electron shell: results shown through the app's media protocol, "show in
// folder", and a deletion undone before its files reach the system trash. Reported as skipped
// where the Electron runtime is not installed (it cannot be downloaded on every machine).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { electronRuntime } from './support/electron-runtime';
import { invoke, launchElectronStudio } from './support/electron-app';

const runtime = electronRuntime();

test.describe('the Electron shell', () => {
  test.skip(runtime === undefined, 'The Electron runtime is not installed on this machine (it cannot be downloaded here).');

  test('shows results in the gallery and undoes a deletion before the files go to the system trash', async () => {
    const { app, window: page, libraryDir } = await launchElectronStudio(runtime ?? '');
    try {
      await expect(page.getByRole('navigation')).toBeVisible();
      const batch = await invoke(page, 'jobs.create_batch', {
        name: 'Gallery',
        variantIds: ['image.gen-image-2.direct'],
        prompts: ['a lighthouse at dusk'],
        countPerPrompt: 1,
        values: { size: '1024x1024' },
      });
      expect(batch.ok).toBe(true);
      await page.getByRole('navigation').getByRole('link', { name: 'Gallery' }).click();
      const tile = page.getByRole('grid', { name: 'Results' }).getByRole('gridcell', { name: /a lighthouse at dusk/ });
      await expect(tile).toBeVisible({ timeout: 60_000 });
      // The thumbnail came through the app's media protocol (the page's policy admits it).
      await expect.poll(() => tile.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      expect(await tile.locator('img').getAttribute('src')).toMatch(/^atelier-media:/);

      await tile.dblclick();
      await expect(page.getByRole('button', { name: 'Show in folder' })).toBeVisible();
      const listed = await invoke(page, 'library.list_assets', {});
      const mediaPath = (listed.value as { items: { mediaPath: string }[] }).items[0]?.mediaPath ?? '';
      const file = join(libraryDir, mediaPath);
      expect(existsSync(file)).toBe(true);

      await page.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Deleted 1 item.')).toBeVisible();
      expect(existsSync(file)).toBe(false);
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect(page.getByText('Restored 1 item.')).toBeVisible();
      expect(existsSync(file)).toBe(true);
      await expect(page.getByRole('grid', { name: 'Results' }).getByRole('gridcell')).toHaveCount(1);
    } finally {
      await app.close();
    }
  });
});
