// The grid as an artist sees it: each result at its own shape (a 16:9 and a 9:16 keep their
// ratios), dense enough at both window sizes, the filter panel folding away, square tiles on
// request, and Space opening a preview that fills the window.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { call } from './support/studio-calls';
import { seedLibrary } from './support/seed-library';
import { startWebMode, type WebModeStudio } from './support/web-mode';
import { saveScreenshot } from './support/screenshots';

let studio: WebModeStudio;
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  studio = await startWebMode();
  // Forty older square results (straight into the library), under the new ones made below.
  seedLibrary(studio.dataDir, 40);
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(studio.launchUrl);
});
test.afterAll(async () => {
  try {
    await page.close();
  } finally {
    await studio.stop();
  }
});

const grid = () => page.getByRole('grid', { name: 'Results' });
const cells = () => grid().getByRole('gridcell');

/** Boxes of the tiles wholly inside the grid's visible area, grouped into rows by their top. */
async function tilesInView(): Promise<{ rows: number; widest: number }> {
  return grid().evaluate((element) => {
    const view = element.getBoundingClientRect();
    const inside = [...element.querySelectorAll('[role="gridcell"]')]
      .map((cell) => cell.getBoundingClientRect())
      .filter((box) => box.top >= view.top - 0.5 && box.bottom <= view.bottom + 0.5 && box.left >= view.left - 0.5 && box.right <= view.right + 0.5);
    const rows = new Map<number, number>();
    for (const box of inside) rows.set(Math.round(box.top), (rows.get(Math.round(box.top)) ?? 0) + 1);
    return { rows: rows.size, widest: Math.max(0, ...rows.values()) };
  });
}

test('a 16:9 and a 9:16 result keep their shape in the grid, within 2%', async () => {
  for (const [prompt, ratio] of [
    ['a wide harbour at dawn', '16:9'],
    ['a tall lighthouse at night', '9:16'],
  ] as const) {
    await call(page, 'jobs.create_batch', {
      name: prompt,
      variantIds: ['image.nova-3-pro-image'],
      prompts: [prompt],
      countPerPrompt: 1,
      values: { size: { tier: '1K', ratio } },
    });
  }
  await page.goto(`${studio.url}/#/gallery`);
  const wide = grid().getByRole('gridcell', { name: /^a wide harbour at dawn · / });
  const tall = grid().getByRole('gridcell', { name: /^a tall lighthouse at night · / });
  await expect(wide).toBeVisible({ timeout: 30_000 });
  await expect(tall).toBeVisible({ timeout: 30_000 });
  for (const [tile, expected] of [
    [wide, 1360 / 768],
    [tall, 768 / 1360],
  ] as const) {
    const box = await tile.boundingBox();
    if (!box) throw new Error('the tile is not laid out');
    expect(Math.abs(box.width / box.height - expected) / expected).toBeLessThan(0.02);
    // The picture fills its tile: no letterbox.
    const picture = await tile
      .locator('img')
      .evaluate((image: HTMLImageElement) => ({ natural: image.naturalWidth / image.naturalHeight, fit: getComputedStyle(image).objectFit }));
    expect(Math.abs(picture.natural - expected) / expected).toBeLessThan(0.02);
    expect(picture.fit).toBe('cover');
  }
  mkdirSync('test-results/screens', { recursive: true });
  await saveScreenshot(page, 'test-results/screens/gallery-shapes-large-en-light.png');
});

test('at 1440x900 at least 6 columns and 3 rows of results are in view with the default tile size', async () => {
  await expect.poll(async () => (await tilesInView()).rows).toBeGreaterThanOrEqual(3);
  const { rows, widest } = await tilesInView();
  expect(widest).toBeGreaterThanOrEqual(6);
  expect(rows).toBeGreaterThanOrEqual(3);
});

test('the filter panel folds away and the grid takes the width', async () => {
  const toggle = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const before = (await tilesInView()).widest;
  await toggle.click();
  await expect(page.getByRole('complementary', { name: 'Filters' })).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(async () => (await tilesInView()).widest).toBeGreaterThan(before);
  // A filter set while the panel is folded shows on its button.
  await page.goto(`${studio.url}/#/gallery?kind=image`);
  await expect(page.getByRole('button', { name: 'Filters (1 set)' })).toBeVisible();
  await page.goto(`${studio.url}/#/gallery`);
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(page.getByRole('complementary', { name: 'Filters' })).toBeVisible();
});

test('square tiles crop every result to a square, and back', async () => {
  const wide = grid().getByRole('gridcell', { name: /^a wide harbour at dawn · / });
  await page.getByRole('button', { name: 'Square tiles' }).click();
  await expect
    .poll(async () => {
      const box = await wide.boundingBox();
      return box ? Math.round((box.width / box.height) * 100) : 0;
    })
    .toBe(100);
  await page.getByRole('button', { name: 'Square tiles' }).click();
  await expect
    .poll(async () => {
      const box = await wide.boundingBox();
      return box ? Math.round((box.width / box.height) * 100) : 0;
    })
    .toBe(Math.round((1360 / 768) * 100));
});

test('Space opens a preview that fills the window; arrows move through the results, Space closes', async () => {
  await grid().focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('Space');
  const preview = page.getByRole('dialog', { name: 'a tall lighthouse at night' });
  await expect(preview).toBeVisible();
  const box = await preview.boundingBox();
  expect(box?.width).toBe(1440);
  expect(box?.height).toBe(900);
  await expect(preview.getByText('1 / 42')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'a wide harbour at dawn' })).toBeVisible();
  await expect(page.getByText('2 / 42')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('dialog', { name: 'a tall lighthouse at night' })).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The grid has the keyboard again, on the item last previewed.
  await expect(grid()).toBeFocused();
});

test('at 1024x700 at least 4 columns are in view', async () => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(`${studio.url}/#/gallery`);
  await expect(cells().first()).toBeVisible();
  // A narrow window starts with the panel folded.
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(async () => (await tilesInView()).widest).toBeGreaterThanOrEqual(4);
  await saveScreenshot(page, 'test-results/screens/gallery-shapes-small-en-light.png');
  await page.setViewportSize({ width: 1440, height: 900 });
});
