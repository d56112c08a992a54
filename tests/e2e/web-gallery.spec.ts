// The gallery and the detail view in web mode against the demo gateway, as an artist uses them.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { dismissToasts } from './support/create-flow';
import { call } from './support/studio-calls';
import { startWebMode, type WebModeStudio } from './support/web-mode';
import { saveScreenshot } from './support/screenshots';

let studio: WebModeStudio;
let page: Page;

// One studio for the file: each test goes on from the library the one before left.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  studio = await startWebMode();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
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
const filters = () => page.getByRole('complementary', { name: 'Filters' });

test('results of a running batch appear in the gallery; search in English and Chinese and filters narrow it', { tag: '@smoke' }, async () => {
  await page.getByRole('navigation').getByRole('link', { name: 'Gallery' }).click();
  await expect(page.getByRole('heading', { name: 'No results yet' })).toBeVisible();
  // A fan-out batch: every prompt to two models, run while the gallery is open.
  await call(page, 'jobs.create_batch', {
    name: 'Lighthouses',
    variantIds: ['image.nova-3.1-flash-image', 'image.gen-image-2.direct'],
    prompts: ['a lighthouse at dusk', '海边的灯塔 at dawn', 'a red fox in the snow'],
    countPerPrompt: 1,
    values: { size: '1024x1024' },
  });
  await expect(cells()).toHaveCount(6, { timeout: 30_000 });
  await expect(page.getByText('6 items', { exact: true })).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search prompts' });
  await search.fill('lighthouse');
  await expect(cells()).toHaveCount(2);
  await expect(cells().first()).toHaveAccessibleName(/a lighthouse at dusk/);
  await search.fill('灯塔');
  await expect(cells()).toHaveCount(2);
  await expect(cells().first()).toHaveAccessibleName(/海边的灯塔 at dawn/);
  await expect(page).toHaveURL(/q=%E7%81%AF%E5%A1%94/);
  // The filter is in the address: a reload keeps it.
  await page.reload();
  await expect(search).toHaveValue('灯塔');
  await expect(cells()).toHaveCount(2);
  await search.fill('');
  await expect(cells()).toHaveCount(6);

  await filters().getByRole('button', { name: 'Nova 3.1 Flash (3)' }).click();
  await expect(cells()).toHaveCount(3);
  await filters().getByRole('button', { name: 'Videos (0)' }).click();
  await expect(page.getByRole('heading', { name: 'Nothing matches' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(cells()).toHaveCount(6);
});

test('the detail view shows the parameters of the request, the model and its timings; copy and export keep the recipe', async () => {
  await grid().getByRole('gridcell', { name: 'a red fox in the snow · Image 2' }).dblclick();
  await expect(page.getByRole('heading', { level: 1, name: 'a red fox in the snow' })).toBeVisible();
  const parameters = page.getByRole('region', { name: 'Parameters' });
  // The request's own field names are technical details, one click away.
  await parameters.getByText('Technical details').click();
  await expect(parameters.getByRole('row', { name: /size\s+1024x1024/ })).toBeVisible();
  await expect(parameters.getByRole('row', { name: /model\s+gen-image-2/ })).toBeVisible();
  const details = page.getByRole('complementary', { name: 'Details' });
  await expect(details.getByRole('term').filter({ hasText: 'Total time' })).toBeVisible();
  await expect(details.getByRole('definition').filter({ hasText: /^about \d+$|^\d+ charged$/ })).toBeVisible();
  // The model and the way it ran as the artist knows them; the gateway's model id is only in the request above.
  await expect(details.getByRole('definition').filter({ hasText: /^Image 2$/ })).toBeVisible();
  await expect(details.getByRole('definition').filter({ hasText: 'Image 2 (direct)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reuse settings' })).toHaveAttribute('href', /#\/create\?reuse=/);

  await page.getByRole('button', { name: 'Copy prompt' }).click();
  await expect(page.getByText('Prompt copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('a red fox in the snow');
  // The exported PNG carries the recipe in its text chunks.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export with recipe' }).click();
  const file = readFileSync(await (await download).path());
  expect(file.subarray(1, 4).toString()).toBe('PNG');
  expect(file.includes(Buffer.from('iTXt'))).toBe(true);
  expect(file.includes(Buffer.from('a red fox in the snow'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(grid()).toBeVisible();
});

test("reuse settings fills the Create form with the result's prompt", async () => {
  await grid().getByRole('gridcell', { name: 'a lighthouse at dusk · Image 2' }).dblclick();
  await page.getByRole('link', { name: 'Reuse settings' }).click();
  await expect(page).toHaveURL(/#\/create\?reuse=/);
  // The prompt's text box, not the detail view's "Prompt" still on screen while Create loads.
  await expect(page.getByRole('textbox', { name: 'Prompt', exact: true })).toHaveValue('a lighthouse at dusk');
});

test('select all, rubber band, keyboard moves, Space preview, F favourite, Delete then undo, Enter opens', async () => {
  await page.goto(`${studio.url}/#/gallery`);
  await expect(cells()).toHaveCount(6);
  await grid().focus();
  await page.keyboard.press('Control+a');
  await expect(page.getByRole('toolbar', { name: '6 selected' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('toolbar')).toHaveCount(0);
  // A rubber band from the empty space below the results up to the far end of the first row takes them all.
  const box = await grid().boundingBox();
  const first = await cells().first().boundingBox();
  if (!box || !first) throw new Error('the grid is not laid out');
  await page.mouse.move(box.x + 20, box.y + box.height - 20);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 30, first.y + first.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByRole('toolbar', { name: '6 selected' })).toBeVisible();
  await grid().focus();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('toolbar')).toHaveCount(0);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  const preview = page.getByRole('dialog');
  await expect(preview.getByRole('img')).toBeVisible();
  const previewed = await preview.getAttribute('aria-label');
  await expect(cells().nth(1)).toHaveAccessibleName(new RegExp(`^${previewed ?? ''} · `));
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);
  await page.keyboard.press('Home');
  await page.keyboard.press('f');
  await expect(page.getByText('Added 1 item to favourites.')).toBeVisible();
  await expect(filters().getByRole('button', { name: 'Favourites (1)' })).toBeVisible();

  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.getByRole('toolbar', { name: '2 selected' })).toBeVisible();
  await page.keyboard.press('Delete');
  await expect(page.getByText('Deleted 2 items.')).toBeVisible();
  await expect(cells()).toHaveCount(4);
  // In web mode the files wait in the library's .trash folder.
  const trash = join(studio.dataDir, 'library', '.trash');
  const waiting = (): string[] => (existsSync(trash) ? readdirSync(trash, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.png')) : []);
  expect(waiting().length).toBeGreaterThanOrEqual(2);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Restored 2 items.')).toBeVisible();
  expect(waiting()).toEqual([]);
  await expect(cells()).toHaveCount(6);
  await expect(filters().getByRole('button', { name: 'Favourites (1)' })).toBeVisible();

  // Enter opens the item in view; Escape comes back to the grid.
  await grid().focus();
  await page.keyboard.press('End');
  const last = (await cells().last().getAttribute('aria-label'))?.split(' · ')[0] ?? '';
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: last })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(grid()).toBeVisible();
});

test('compare shows one batch side by side, model by model, with one zoom for every picture', async () => {
  const batch = (await call<{ items: { batchId: string }[] }>(page, 'library.list_assets', { text: 'fox' })).items[0];
  await page.goto(`${studio.url}/#/gallery/compare/${batch?.batchId ?? ''}`);
  const table = page.getByRole('table', { name: 'Compare' });
  await expect(table.getByRole('columnheader')).toHaveText([/Nova 3\.1 Flash/, /Image 2/]);
  const panes = table.getByRole('img');
  await expect(panes).toHaveCount(6);
  const transforms = () => table.locator('.zoom-picture').evaluateAll((pictures) => pictures.map((picture) => (picture as HTMLElement).style.transform));
  const before = await transforms();
  await table.getByRole('img', { name: 'Image 2 · a red fox in the snow' }).focus();
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await expect.poll(async () => (await transforms())[0]).not.toBe(before[0]);
  // Every picture took the same zoom.
  expect(new Set(await transforms()).size).toBe(1);
  await table.getByRole('button', { name: 'Open: Image 2 · a red fox in the snow' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'a red fox in the snow' })).toBeVisible();
});

async function useLanguageAndTheme(language: 'en' | 'zh-CN', theme: 'light' | 'dark'): Promise<void> {
  await call(page, 'settings.update', { language, theme });
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

// The grid in whichever language is shown.
const anyCells = () => page.getByRole('gridcell');

test('screenshots of gallery, detail and compare, light and dark, English and Chinese, at 1440x900 and 1024x700', async () => {
  mkdirSync('test-results/screens', { recursive: true });
  // The toasts of the tests before are not part of these screens.
  await dismissToasts(page);
  const batch = (await call<{ items: { batchId: string; id: string }[] }>(page, 'library.list_assets', { text: 'fox' })).items[0];
  for (const [size, viewport] of [
    ['large', { width: 1440, height: 900 }],
    ['small', { width: 1024, height: 700 }],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const language of ['en', 'zh-CN'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        await useLanguageAndTheme(language, theme);
        await page.goto(`${studio.url}/#/gallery`);
        await expect(anyCells()).toHaveCount(6);
        await anyCells().nth(1).click();
        await anyCells()
          .nth(2)
          .click({ modifiers: ['Shift'] });
        // The pointer rests on a tile: its next steps show.
        await anyCells().nth(4).hover();
        await page.waitForLoadState('networkidle');
        await saveScreenshot(page, `test-results/screens/gallery-${size}-${language}-${theme}.png`);
        if (size === 'small' && (language !== 'en' || theme !== 'light')) continue;
        await page.goto(`${studio.url}/#/gallery/asset/${batch?.id ?? ''}`);
        await expect(page.locator('.zoom-pane img')).toBeVisible();
        await saveScreenshot(page, `test-results/screens/detail-${size}-${language}-${theme}.png`);
        await page.goto(`${studio.url}/#/gallery/compare/${batch?.batchId ?? ''}`);
        await expect(page.locator('.compare-cell img')).toHaveCount(6);
        await saveScreenshot(page, `test-results/screens/compare-${size}-${language}-${theme}.png`);
      }
    }
  }
  await useLanguageAndTheme('en', 'light');
  await page.setViewportSize({ width: 1440, height: 900 });
});
