import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { chooseModel, chooseSegment, dropFiles, freshCreate } from './support/create-flow';
import { FAST_DEMO_ENV, type WebModeStudio } from './support/web-mode';
import { openStudioForFile } from './support/studio-per-file';

let studio: WebModeStudio;
let page: Page;
openStudioForFile({ env: FAST_DEMO_ENV }, (open) => ({ studio, page } = open));

test('a 4 MB PNG dropped to edit with Image 2 right away is fitted to its 2 MB, the tile says so, and the edit is made', async () => {
  await freshCreate(page, studio.url);
  await chooseModel(page, /^Image 2$/);
  await chooseSegment(page, 'What to do', 'Edit');
  await chooseSegment(page, 'How it runs', 'Right away');

  // Grain: as incompressible as a detailed render, over 4 MB as a PNG.
  const bytes = await sharp(randomBytes(1600 * 900 * 3), { raw: { width: 1600, height: 900, channels: 3 } })
    .png()
    .toBuffer();
  expect(bytes.length).toBeGreaterThan(4 * 1024 * 1024);
  const tray = page.getByRole('region', { name: /^Images to edit/ });
  await dropFiles(tray, [{ name: 'render.png', mimeType: 'image/png', bytes }]);
  const tile = tray.getByRole('list').getByRole('listitem').filter({ hasText: 'render.png' });
  await expect(tile.getByText(/^Fitted for Image 2: 4\.\d MB PNG → [01]\.\d MB JPEG, /)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/At most 2 MB per image/)).toHaveCount(0);

  await page.getByLabel('Prompt', { exact: true }).fill('a lantern on the table');
  await page.keyboard.press('Control+Enter');
  const card = page.locator('section.results').getByRole('listitem', { name: /^a lantern on the table · Done/ });
  await expect(card.getByText(/sends back only a description of it, no image/)).toBeVisible({ timeout: 30_000 });
  await card.getByRole('button', { name: 'Run it queued to get the image' }).click();
  await expect(
    page
      .locator('section.results')
      .getByRole('listitem', { name: /^a lantern on the table · Done/ })
      .locator('img'),
  ).toHaveCount(1, { timeout: 40_000 });
});
