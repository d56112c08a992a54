import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { addProfileWithKey, everythingThePageHolds, SECRET_KEY } from './support/profile-flow';
import { readFolderText } from '../helpers/files';
import { startWebMode, type WebModeStudio } from './support/web-mode';
import { saveScreenshot } from './support/screenshots';

let studio: WebModeStudio;

test.beforeEach(async () => {
  studio = await startWebMode();
});
test.afterEach(async () => {
  await studio.stop();
});

test('opens the studio frame in demo mode', async ({ page }) => {
  await page.goto(studio.launchUrl);
  // The launch token is gone from the address; the studio opens on Create.
  await expect(page).toHaveURL(`${studio.url}/#/create`);
  const nav = page.getByRole('navigation');
  for (const item of ['Create', 'Gallery', 'Timeline', 'Account', 'Settings']) {
    await expect(nav.getByRole('link', { name: item })).toBeVisible();
  }
  await expect(page.getByText('Demo gateway', { exact: true })).toBeVisible();
  mkdirSync('.tmp/screenshots', { recursive: true });
  await saveScreenshot(page, '.tmp/screenshots/web-app-frame.png');
});

test('adds a profile with a key and lists it, the key never reaching the page, storage or any response', async ({ page }) => {
  const bodies: string[] = [];
  page.on('response', (response) => {
    if (response.headers()['content-type']?.includes('text/event-stream')) return;
    void response.text().then(
      (text) => bodies.push(text),
      () => undefined,
    );
  });

  await page.goto(studio.launchUrl);
  await addProfileWithKey(page);
  await page.reload();
  await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Night studio' })).toContainText('Key stored');

  expect(await everythingThePageHolds(page)).not.toContain(SECRET_KEY);
  expect(bodies.length).toBeGreaterThan(3);
  expect(bodies.filter((b) => b.includes(SECRET_KEY))).toEqual([]);
  const onDisk = readFolderText(studio.dataDir);
  expect(onDisk).toContain('Night studio');
  expect(onDisk).not.toContain(SECRET_KEY);
});

test('switches the whole studio to Simplified Chinese and dark theme, and keeps the choice', async ({ page }) => {
  await page.goto(studio.launchUrl);
  await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Theme').selectOption({ label: 'Dark' });
  await page.getByLabel('Language').selectOption({ label: '简体中文' });
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Settings');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('uses a real gateway profile once it is made active', async ({ page }) => {
  await page.goto(studio.launchUrl);
  await addProfileWithKey(page, 'Main', 'https://gw.example.org');
  await page.getByRole('radio', { name: /Main/ }).check();
  await expect(page.getByText('Gateway: https://gw.example.org')).toBeVisible();
  await expect(page.getByText('Demo gateway', { exact: true })).toHaveCount(1);
  await page.getByRole('radio', { name: /Demo gateway/ }).check();
  await expect(page.getByText('Results are made on this computer; nothing is charged.')).toBeVisible();
});

test('saves results in a folder the artist chooses and confirms in the terminal, from the next start on', async ({ page }) => {
  await studio.stop();
  studio = await startWebMode(undefined, { console: true });
  const chosen = join(studio.dataDir, 'my-art');
  await page.goto(studio.launchUrl);
  await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Library folder' });
  await expect(section).toContainText(join(studio.dataDir, 'library'));
  await section.getByLabel('Folder').fill('relative/folder');
  await section.getByRole('button', { name: 'Use this folder' }).click();
  await expect(page.getByRole('alert')).toContainText('full path');

  // The browser only proposes: the person at the terminal declines, then confirms.
  await section.getByLabel('Folder').fill(chosen);
  await section.getByRole('button', { name: 'Use this folder' }).click();
  await expect(section.getByRole('status')).toContainText('Confirm in the terminal where Atelier runs');
  await expect.poll(() => studio.printed()).toContain(`A browser asks to keep the studio's results in:\n  ${chosen}`);
  studio.typeOnConsole('no');
  await expect(section.getByRole('status')).toContainText('Not changed: the folder was not confirmed in the terminal.');
  await section.getByRole('button', { name: 'Use this folder' }).click();
  await expect.poll(() => studio.printed().split('A browser asks').length).toBe(3);
  studio.typeOnConsole('yes');
  await expect(section.getByRole('status')).toContainText(`${chosen} will be used the next time the studio starts`);

  await studio.stop();
  studio = await startWebMode(studio.dataDir);
  await page.goto(studio.launchUrl);
  await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('region', { name: 'Library folder' })).toContainText(`Results are saved in ${chosen}`);
  await expect(page.getByRole('region', { name: 'Library folder' }).getByRole('status')).toHaveCount(0);
});
