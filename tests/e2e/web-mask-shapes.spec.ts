import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { callStudio, chooseModel, chooseSegment, dropFiles, fetchBytes, freshCreate, quarteredPng, screenshotLooks } from './support/create-flow';
import { FAST_DEMO_ENV, type WebModeStudio } from './support/web-mode';
import { openStudioForFile } from './support/studio-per-file';

let studio: WebModeStudio;
let page: Page;
test.describe.configure({ mode: 'serial' });
openStudioForFile({ env: FAST_DEMO_ENV }, (open) => ({ studio, page } = open));

/** Drags the pointer through `points` (fractions of `box`), pressed from the first to the last. */
async function drag(points: readonly (readonly [number, number])[], box: { x: number; y: number; width: number; height: number }): Promise<void> {
  const [start, ...rest] = points;
  if (!start) return;
  await page.mouse.move(box.x + box.width * start[0], box.y + box.height * start[1]);
  await page.mouse.down();
  for (const [x, y] of rest) await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 8 });
  await page.mouse.up();
}

/** Chooses a shape of the painter as a user does: by clicking its label. */
async function chooseShape(painter: Locator, name: string): Promise<void> {
  await painter.locator('label', { has: page.getByRole('radio', { name, exact: true }) }).click();
  await expect(painter.getByRole('radio', { name, exact: true })).toBeChecked();
}

/** The mask's alpha at a fraction of its size: 0 is repainted, 255 kept. */
const alphaAt = (alpha: { data: Buffer; width: number; height: number }, fx: number, fy: number): number =>
  alpha.data[Math.floor(fy * alpha.height) * alpha.width + Math.floor(fx * alpha.width)] ?? -1;

test('a rectangle and a feathered lasso make the mask the gateway gets; a first image of another size is said at once', async () => {
  await freshCreate(page, studio.url);
  await chooseModel(page, /^Image 2/);
  await chooseSegment(page, 'What to do', 'Edit');
  await page.getByLabel('Prompt', { exact: true }).fill('turn the marked corners into ivy');
  const tray = page.getByRole('region', { name: /^Images to edit/ });
  await dropFiles(tray, [await quarteredPng(640, 480, 'wall.png'), await quarteredPng(320, 320, 'ivy.png')]);
  const tiles = tray.getByRole('list').getByRole('listitem');
  await expect(tiles.filter({ hasText: 'wall.png' })).toContainText('640×480 · PNG');
  await expect(tiles.filter({ hasText: 'ivy.png' })).toContainText('320×320 · PNG');

  await tiles.filter({ hasText: 'wall.png' }).getByRole('button', { name: 'Paint mask' }).click();
  const painter = page.getByRole('dialog', { name: 'Paint the mask' });
  await expect(painter).toBeVisible();
  // Image 2 takes up to 16 images and masks only the first: the painter says so.
  await expect(painter.getByText('This model repaints only the first image with a mask')).toBeVisible();
  const canvas = await painter.locator('canvas').boundingBox();
  if (!canvas) throw new Error('no canvas');

  // A hard rectangle over the upper left, dragged from its lower right corner.
  await chooseShape(painter, 'Rectangle');
  await expect(painter.getByRole('slider', { name: 'Feather' })).toBeVisible();
  await expect(painter.getByRole('slider', { name: 'Size' })).toBeHidden();
  await drag(
    [
      [0.4, 0.45],
      [0.05, 0.05],
    ],
    canvas,
  );
  await expect(painter.getByText(/^1[0-9]% to repaint/)).toBeVisible();

  // A lasso (a triangle in the lower right) with a soft edge.
  await chooseShape(painter, 'Lasso');
  await painter.getByRole('slider', { name: 'Feather' }).fill('24');
  await drag(
    [
      [0.6, 0.55],
      [0.95, 0.95],
      [0.55, 0.95],
    ],
    canvas,
  );
  await expect(painter.getByText(/^2[0-9]% to repaint/)).toBeVisible();
  // Undo takes the lasso back whole, redo brings it again.
  await painter.getByRole('button', { name: 'Undo' }).click();
  await expect(painter.getByText(/^1[0-9]% to repaint/)).toBeVisible();
  await painter.getByRole('button', { name: 'Redo' }).click();
  await expect(painter.getByText(/^2[0-9]% to repaint/)).toBeVisible();
  await screenshotLooks(page, 'mask-shapes', [
    { width: 1440, height: 900 },
    { width: 1024, height: 700 },
  ]);

  // Kept for later under the image's name; a mask of this image's size can be chosen again.
  const saved = painter.getByRole('region', { name: 'Saved masks' });
  await expect(saved.getByRole('textbox', { name: 'Mask name' })).toHaveValue('wall');
  await saved.getByRole('button', { name: 'Save mask' }).click();
  await expect(saved.getByRole('status')).toHaveText('Mask saved.');
  await expect(saved.getByRole('button', { name: 'wall (640×480)' })).toBeEnabled();

  await painter.getByRole('button', { name: 'Use this mask' }).click();
  await expect(painter).toBeHidden();
  await expect(page.getByText(/^Mask ready/)).toBeVisible();
  await page.keyboard.press('Control+Enter');
  const item = page.getByRole('region', { name: 'Results' }).getByRole('listitem', { name: /turn the marked corners into ivy · Done/ });
  await expect(item).toBeVisible({ timeout: 40_000 });

  // The mask the request carried: transparent inside the rectangle and the lasso, opaque elsewhere, soft at the lasso's edge.
  const { items } = await callStudio<{ items: { request: Record<string, unknown> }[] }>(page, 'library.list_assets', { text: 'marked corners' });
  const maskUrl = String(items[0]?.request.mask_url);
  expect(maskUrl).toMatch(/^https?:/);
  const png = await sharp(await fetchBytes(page, maskUrl)).metadata();
  expect(png).toMatchObject({ format: 'png', width: 640, height: 480, hasAlpha: true });
  const raw = await sharp(await fetchBytes(page, maskUrl))
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const alpha = { data: raw.data, width: raw.info.width, height: raw.info.height };
  expect(alphaAt(alpha, 0.2, 0.25)).toBe(0);
  expect(alphaAt(alpha, 0.7, 0.85)).toBe(0);
  expect(alphaAt(alpha, 0.9, 0.2)).toBe(255);
  expect(alphaAt(alpha, 0.3, 0.8)).toBe(255);
  const soft = [...raw.data].filter((value) => value > 0 && value < 255).length;
  expect(soft).toBeGreaterThan(500);

  // Removing the first image makes the 320×320 one first: the mask no longer fits, said before Generate.
  await tiles.filter({ hasText: 'wall.png' }).getByRole('button', { name: 'Remove wall.png' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The mask was painted at 640×480, but the first image is now ivy.png at 320×320' })).toBeVisible();
});

test('a saved mask loads back into the painter to be seen and edited, scaled to an image of its shape, and is checked again when the image is replaced', async () => {
  await freshCreate(page, studio.url);
  await chooseModel(page, /^Image 2/);
  await chooseSegment(page, 'What to do', 'Edit');
  await page.getByLabel('Prompt', { exact: true }).fill('a window where the wall was');
  const tray = page.getByRole('region', { name: /^Images to edit/ });
  await dropFiles(tray, [await quarteredPng(640, 480, 'facade.png')]);
  const tiles = tray.getByRole('list').getByRole('listitem');
  await expect(tiles.filter({ hasText: 'facade.png' })).toContainText('640×480 · PNG');

  await tiles.filter({ hasText: 'facade.png' }).getByRole('button', { name: 'Paint mask' }).click();
  const painter = page.getByRole('dialog', { name: 'Paint the mask' });
  const canvas = await painter.locator('canvas').boundingBox();
  if (!canvas) throw new Error('no canvas');
  // The left half (near enough), as a rectangle dragged corner to corner over the image fitted in the canvas.
  await painter.locator('label', { has: page.getByRole('radio', { name: 'Rectangle', exact: true }) }).click();
  const fitted = { width: Math.min(canvas.width, (canvas.height * 640) / 480), height: Math.min(canvas.height, (canvas.width * 480) / 640) };
  const left = canvas.x + (canvas.width - fitted.width) / 2;
  const top = canvas.y + (canvas.height - fitted.height) / 2;
  await page.mouse.move(left + 1, top + 1);
  await page.mouse.down();
  await page.mouse.move(left + fitted.width / 2, top + fitted.height - 1, { steps: 8 });
  await page.mouse.up();
  await expect(painter.getByText(/^(4[7-9]|50|51)% to repaint/)).toBeVisible();

  const saved = painter.getByRole('region', { name: 'Saved masks' });
  await saved.getByRole('button', { name: 'Save mask' }).click();
  await expect(saved.getByRole('status')).toHaveText('Mask saved.');
  await painter.getByRole('button', { name: 'Clear' }).click();
  await expect(painter.getByText(/^0% to repaint/)).toBeVisible();

  // Loaded back: the painter shows it again and stays open to edit it.
  await saved.getByRole('button', { name: 'facade (640×480)' }).click();
  await expect(saved.getByRole('status')).toHaveText('Loaded “facade”. Edit it if you like, then use it.');
  await expect(painter.getByText(/^(4[7-9]|50|51)% to repaint/)).toBeVisible();
  // Edited on: the upper right quarter's right half too, an eighth more.
  await page.mouse.move(left + fitted.width * 0.75, top + 1);
  await page.mouse.down();
  await page.mouse.move(left + fitted.width - 1, top + fitted.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(painter.getByText(/^(5[89]|6[0-3])% to repaint/)).toBeVisible();
  await painter.getByRole('button', { name: 'Use this mask' }).click();
  await expect(painter).toBeHidden();
  await expect(page.getByText(/^Mask ready/)).toBeVisible();

  // The image replaced by one of another size: the loaded mask is checked again at once.
  await tiles.filter({ hasText: 'facade.png' }).getByRole('button', { name: 'Remove facade.png' }).click();
  await dropFiles(tray, [await quarteredPng(960, 720, 'bigger facade.png')]);
  await expect(tiles.filter({ hasText: 'bigger facade.png' })).toContainText('960×720 · PNG');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The mask was painted at 640×480, but the first image is now bigger facade.png at 960×720: it no longer fits.' }),
  ).toBeVisible();

  // On the new image the saved mask, of the same shape, loads scaled to it.
  await page.getByRole('button', { name: 'Remove mask' }).click();
  await tiles.filter({ hasText: 'bigger facade.png' }).getByRole('button', { name: 'Paint mask' }).click();
  await expect(saved.getByRole('listitem').filter({ hasText: 'facade (640×480)' })).toContainText('Scaled to 960×720 when loaded.');
  await saved.getByRole('button', { name: 'facade (640×480)' }).click();
  await expect(saved.getByRole('status')).toHaveText('Loaded “facade”, scaled from 640×480 to 960×720. Edit it if you like, then use it.');
  await expect(painter.getByText(/^(4[7-9]|50|51)% to repaint/)).toBeVisible();
  await painter.getByRole('button', { name: 'Use this mask' }).click();
  await expect(painter).toBeHidden();

  // Replaced by an image of another shape: said at once, and the saved mask is refused there with the reason.
  await tiles.filter({ hasText: 'bigger facade.png' }).getByRole('button', { name: 'Remove bigger facade.png' }).click();
  await dropFiles(tray, [await quarteredPng(320, 480, 'tower.png')]);
  await expect(
    page.getByRole('alert').filter({ hasText: 'The mask was painted at 960×720, but the first image is now tower.png at 320×480: it no longer fits.' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Remove mask' }).click();
  await tiles.filter({ hasText: 'tower.png' }).getByRole('button', { name: 'Paint mask' }).click();
  await saved.getByRole('button', { name: 'facade (640×480)' }).click();
  await expect(saved.getByRole('alert')).toHaveText(
    '“facade” is 640×480, another shape than this image (320×480): stretched, it would mark the wrong places, so it was not loaded.',
  );
  await expect(painter.getByText(/^0% to repaint/)).toBeVisible();
});
