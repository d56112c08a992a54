import { expect, test, type Page } from '@playwright/test';
import { chooseModel, chooseSegment, dropFiles, freshCreate, openStudioPage, quarteredPng } from './support/create-flow';
import { FAST_DEMO_ENV, startWebMode, type WebModeStudio } from './support/web-mode';

let studio: WebModeStudio;
let page: Page;
test.beforeAll(async ({ browser }) => {
  studio = await startWebMode(undefined, { env: FAST_DEMO_ENV });
  page = await openStudioPage(browser, studio.launchUrl);
});
test.afterAll(async () => {
  try {
    await page.close();
  } finally {
    await studio.stop();
  }
});

test('a saved mask loads back into the painter to be seen and edited, scaled to an image of its shape, and is checked again when the image is replaced', async () => {
  await freshCreate(page, studio.url);
  await chooseModel(page, /^Image 2/);
  await chooseSegment(page, 'What to do', 'Edit');
  await page.getByLabel('Prompt', { exact: true }).fill('a window where the wall was');
  const tray = page.getByRole('region', { name: /^Images to edit/ });
  await dropFiles(tray, [await quarteredPng(640, 480, 'wall.png')]);
  const tiles = tray.getByRole('list').getByRole('listitem');
  await expect(tiles.filter({ hasText: 'wall.png' })).toContainText('640×480 · PNG');

  await tiles.filter({ hasText: 'wall.png' }).getByRole('button', { name: 'Paint mask' }).click();
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
  await saved.getByRole('button', { name: 'wall (640×480)' }).click();
  await expect(saved.getByRole('status')).toHaveText('Loaded “wall”. Edit it if you like, then use it.');
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
  await tiles.filter({ hasText: 'wall.png' }).getByRole('button', { name: 'Remove wall.png' }).click();
  await dropFiles(tray, [await quarteredPng(960, 720, 'bigger wall.png')]);
  await expect(tiles.filter({ hasText: 'bigger wall.png' })).toContainText('960×720 · PNG');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The mask was painted at 640×480, but the first image is now bigger wall.png at 960×720: it no longer fits.' }),
  ).toBeVisible();

  // On the new image the saved mask, of the same shape, loads scaled to it.
  await page.getByRole('button', { name: 'Remove mask' }).click();
  await tiles.filter({ hasText: 'bigger wall.png' }).getByRole('button', { name: 'Paint mask' }).click();
  await expect(saved.getByText('Scaled to 960×720 when loaded.')).toBeVisible();
  await saved.getByRole('button', { name: 'wall (640×480)' }).click();
  await expect(saved.getByRole('status')).toHaveText('Loaded “wall”, scaled from 640×480 to 960×720. Edit it if you like, then use it.');
  await expect(painter.getByText(/^(4[7-9]|50|51)% to repaint/)).toBeVisible();
  await painter.getByRole('button', { name: 'Use this mask' }).click();
  await expect(painter).toBeHidden();

  // Replaced by an image of another shape: said at once, and the saved mask is refused there with the reason.
  await tiles.filter({ hasText: 'bigger wall.png' }).getByRole('button', { name: 'Remove bigger wall.png' }).click();
  await dropFiles(tray, [await quarteredPng(320, 480, 'tower.png')]);
  await expect(
    page.getByRole('alert').filter({ hasText: 'The mask was painted at 960×720, but the first image is now tower.png at 320×480: it no longer fits.' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Remove mask' }).click();
  await tiles.filter({ hasText: 'tower.png' }).getByRole('button', { name: 'Paint mask' }).click();
  await saved.getByRole('button', { name: 'wall (640×480)' }).click();
  await expect(saved.getByRole('alert')).toHaveText(
    '“wall” is 640×480, another shape than this image (320×480): stretched, it would mark the wrong places, so it was not loaded.',
  );
  await expect(painter.getByText(/^0% to repaint/)).toBeVisible();
});
