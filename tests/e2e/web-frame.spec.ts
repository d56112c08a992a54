import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startWebMode, type WebModeStudio } from './support/web-mode';
import { saveScreenshot } from './support/screenshots';

let studio: WebModeStudio;

test.beforeEach(async () => {
  studio = await startWebMode();
});
test.afterEach(async () => {
  await studio.stop();
});

/** Calls a route of the studio contract as the page would (the session cookie is the page's). */
async function invoke(page: Page, route: string, input: unknown): Promise<unknown> {
  return page.evaluate(
    async ({ route, input }) => {
      const response = await fetch(`/api/invoke/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ input }),
      });
      return (await response.json()) as unknown;
    },
    { route, input },
  );
}

const currentLink = (page: Page) => page.getByRole('navigation').locator('a[aria-current="page"]');

test('addresses carry the page and its parameters through Back, Forward and a reload', async ({ page }) => {
  await page.goto(studio.launchUrl);
  const nav = page.getByRole('navigation');
  await nav.getByRole('link', { name: 'Gallery' }).click();
  await expect(page).toHaveURL(/#\/gallery$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeFocused();
  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
  await expect(currentLink(page)).toHaveText('Gallery');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Create' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();

  // A gallery filter and an asset in the address survive a reload.
  await page.goto(`${studio.url}/#/gallery/asset/a1?kind=video&q=%E7%8B%90%E7%8B%B8`);
  await page.reload();
  await expect(page).toHaveURL(/#\/gallery\/asset\/a1\?kind=video&q=%E7%8B%90%E7%8B%B8$/);
  await expect(currentLink(page)).toHaveText('Gallery');

  await page.goto(`${studio.url}/#/timeline/batch/b7`);
  await expect(currentLink(page)).toHaveText('Timeline');
  // An address the studio does not know opens Create rather than an empty window.
  await page.goto(`${studio.url}/#/no/such/page`);
  await expect(page.getByRole('heading', { level: 1, name: 'Create' })).toBeVisible();
});

test('the Timeline link counts the jobs in progress, live', async ({ page }) => {
  await page.goto(studio.launchUrl);
  const timeline = page.getByRole('navigation').getByRole('link', { name: 'Timeline' });
  await expect(timeline).toHaveAccessibleDescription('');
  // Held in the queue, so the count can be read before the demo gateway finishes them.
  await invoke(page, 'jobs.pause_queue', {});
  const created = await invoke(page, 'jobs.create_batch', {
    name: 'Lighthouses',
    variantIds: ['image.nova-3.1-flash-image'],
    prompts: ['a lighthouse at dusk', 'a lighthouse at dawn'],
    countPerPrompt: 1,
    values: {},
  });
  expect(created).toMatchObject({ ok: true, value: { jobCount: 2 } });
  await expect(timeline).toHaveAccessibleDescription('2 jobs in progress');
  await expect(timeline).toContainText('2');
  await page.reload();
  await expect(timeline).toHaveAccessibleDescription('2 jobs in progress');
  // Let them run: the demo gateway finishes them and the badge goes away without a reload.
  await invoke(page, 'jobs.resume_queue', {});
  await expect(timeline).toHaveAccessibleDescription('', { timeout: 30_000 });
});

test('screenshots of the frame and Settings, light and dark, English and Chinese', async ({ page }) => {
  mkdirSync('test-results/screens', { recursive: true });
  await page.setViewportSize({ width: 1280, height: 820 });
  await page.goto(studio.launchUrl);
  for (const language of ['en', 'zh-CN'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await invoke(page, 'settings.update', { language, theme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.getByRole('navigation').getByRole('link').first().click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await saveScreenshot(page, `test-results/screens/frame-${language}-${theme}.png`);
      await page.getByRole('navigation').getByRole('link').last().click();
      await expect(page.getByRole('radio').first()).toBeVisible();
      await saveScreenshot(page, `test-results/screens/settings-${language}-${theme}.png`);
    }
  }
});

test('screenshots of the UI kit in both themes, with a toast and a dialog open', async ({ page }) => {
  mkdirSync('test-results/screens', { recursive: true });
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto(studio.launchUrl);
  for (const theme of ['light', 'dark'] as const) {
    await invoke(page, 'settings.update', { theme });
    await page.goto(`${studio.url}/#/kit`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.getByRole('button', { name: 'Show a toast' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Batch queued' }).first()).toBeVisible();
    await saveScreenshot(page, `test-results/screens/kit-${theme}.png`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Delete 3 items?' })).toBeVisible();
    await saveScreenshot(page, `test-results/screens/kit-dialog-${theme}.png`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
});
