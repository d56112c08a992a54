import { expect, test } from '@playwright/test';
import { dropFiles, quarteredPng } from './support/create-flow';
import { electronRuntime } from './support/electron-runtime';
import { invoke, launchElectronStudio } from './support/electron-app';

const runtime = electronRuntime();

test.describe('Create in the Electron shell', () => {
  test.skip(runtime === undefined, 'The Electron runtime is not installed on this machine (it cannot be downloaded here).');

  test('a dropped reference crosses the preload bridge as bytes, and Ctrl+Enter makes an image that lands in the recent strip', async () => {
    const { app, window: page } = await launchElectronStudio(runtime ?? '');
    try {
      await expect(page.getByRole('button', { name: /^Model Image 2/ })).toBeEnabled();
      const tray = page.getByRole('region', { name: /^Reference images/ });
      await dropFiles(tray, [await quarteredPng(512, 384, 'window.png')]);
      await expect(tray.getByRole('list').getByRole('listitem').filter({ hasText: 'window.png' })).toContainText('512×384 · PNG');
      await page.getByLabel('Prompt', { exact: true }).fill('a window on the sea');
      await page.keyboard.press('Control+Enter');
      const item = page.getByRole('region', { name: 'Results' }).getByRole('listitem', { name: /a window on the sea · Done/ });
      await expect(item).toBeVisible({ timeout: 60_000 });
      const listed = await invoke(page, 'library.list_assets', { text: 'window on the sea' });
      expect(listed).toMatchObject({ ok: true, value: { items: [{ prompt: 'a window on the sea' }] } });
    } finally {
      await app.close();
    }
  });
});
