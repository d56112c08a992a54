import { expect, test } from '@playwright/test';
import { electronRuntime } from './support/electron-runtime';
import { launchElectronStudio } from './support/electron-app';
import { addProfileWithKey, everythingThePageHolds, SECRET_KEY } from './support/profile-flow';
import { readFolderText } from '../helpers/files';

const runtime = electronRuntime();

test.describe('the Electron shell', () => {
  test.skip(runtime === undefined, 'The Electron runtime is not installed on this machine (it cannot be downloaded here).');

  test('adds a profile with a key and lists it without the key reaching the window or disk', async () => {
    const { app, window: page, dataDir } = await launchElectronStudio(runtime ?? '');
    try {
      await expect(page.getByRole('navigation')).toBeVisible();
      const exposed = await page.evaluate(() => Object.keys((window as unknown as { atelier: object }).atelier).sort());
      expect(exposed).toEqual(['invoke', 'on']);
      expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
      await addProfileWithKey(page);
      expect(await everythingThePageHolds(page)).not.toContain(SECRET_KEY);
      expect(readFolderText(dataDir)).not.toContain(SECRET_KEY);
    } finally {
      await app.close();
    }
  });
});
