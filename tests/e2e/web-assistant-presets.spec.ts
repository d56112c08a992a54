/**
 * Prompt history and style presets beside Create's prompt box, in web mode: Up in the empty
 * prompt recalls the last prompt, the history picker searches in English and Chinese and shows what
 * each prompt made (a template listed once, put back in template mode), a preset
 * saved from the form is applied from its menu, and the result it makes names the preset in its
 * recipe, which reuse brings back. Screens of the history, the presets, the menu and the recipe in both
 * languages and themes go to `test-results/assistant/`.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { AssetDetail, AssetView } from '../../src/shared/contract';
import { callStudio, chooseSegment, dismissToasts, freshCreate } from './support/create-flow';
import { FAST_DEMO_ENV, type WebModeStudio } from './support/web-mode';
import { openStudioForFile } from './support/studio-per-file';
import { saveScreenshot } from './support/screenshots';

let studio: WebModeStudio;
let page: Page;
test.describe.configure({ mode: 'serial' });
openStudioForFile({ env: FAST_DEMO_ENV }, (open) => ({ studio, page } = open));

const promptBox = (): Locator => page.getByRole('textbox', { name: 'Prompt', exact: true });
const tools = (): Locator => page.getByRole('group', { name: 'Prompt tools' });
const results = (): Locator => page.getByRole('region', { name: 'Results' });

async function generate(prompt: RegExp): Promise<void> {
  await promptBox().press('Control+Enter');
  await expect(
    results()
      .getByRole('listitem', { name: new RegExp(`${prompt.source}.* · Done`) })
      .first(),
  ).toBeVisible({ timeout: 30_000 });
}

/** Saves the screen in both languages and themes under `test-results/assistant/`, then returns to English and light. */
async function screenshots(name: string): Promise<void> {
  const dir = 'test-results/assistant';
  mkdirSync(dir, { recursive: true });
  for (const look of [
    { language: 'en', theme: 'light' },
    { language: 'en', theme: 'dark' },
    { language: 'zh-CN', theme: 'light' },
    { language: 'zh-CN', theme: 'dark' },
  ] as const) {
    await callStudio(page, 'settings.update', look);
    await expect(page.locator('html')).toHaveAttribute('lang', look.language);
    await expect(page.locator('html')).toHaveAttribute('data-theme', look.theme);
    await saveScreenshot(page, `${dir}/${name}-${look.language}-${look.theme}.png`);
  }
  await callStudio(page, 'settings.update', { language: 'en', theme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

test('Up in the empty prompt recalls the last prompt; the history picker searches in English and Chinese', async () => {
  await freshCreate(page, studio.url);
  await promptBox().fill('雪地里奔跑的橘猫');
  await generate(/雪地里奔跑的橘猫/);
  await freshCreate(page, studio.url);
  await promptBox().fill('a copper teapot on a windowsill');
  await generate(/a copper teapot on a windowsill/);

  await freshCreate(page, studio.url);
  await promptBox().focus();
  await promptBox().press('ArrowUp');
  await expect(promptBox()).toHaveValue('a copper teapot on a windowsill');
  await promptBox().press('ArrowUp');
  await expect(promptBox()).toHaveValue('雪地里奔跑的橘猫');
  await promptBox().press('ArrowDown');
  await expect(promptBox()).toHaveValue('a copper teapot on a windowsill');
  // Up in the artist's own text moves the caret as usual.
  await promptBox().fill('my own words');
  await promptBox().press('ArrowUp');
  await expect(promptBox()).toHaveValue('my own words');

  await tools().getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'Prompt history' });
  // Each entry names the model it was last used with, as the form's picker names it.
  await expect(history.getByRole('button', { name: /^a copper teapot on a windowsill Image 2 \(direct\) · used once · / })).toBeVisible();
  await history.getByLabel('Search prompts').fill('橘猫');
  await expect(history.getByRole('button', { name: /^雪地里奔跑的橘猫/ })).toBeVisible();
  await expect(history.getByRole('button', { name: /copper teapot/ })).toHaveCount(0);
  await screenshots('history');
  await history.getByRole('button', { name: /^雪地里奔跑的橘猫/ }).click();
  await expect(history).toBeHidden();
  await expect(promptBox()).toHaveValue('雪地里奔跑的橘猫');
});

test('a preset saved from the form and applied from its menu is named in the recipe of the result, and reuse brings it back', async () => {
  await freshCreate(page, studio.url);
  await promptBox().focus();
  await promptBox().press('ArrowUp');
  await expect(promptBox()).toHaveValue('a copper teapot on a windowsill');
  await page.getByRole('radio', { name: /^16:9/ }).check();

  const presetsMenu = tools().getByRole('button', { name: 'Presets' });
  await presetsMenu.click();
  await page.getByRole('menuitem', { name: 'Save the form as a preset…' }).click();
  const dialog = page.getByRole('dialog', { name: 'New preset' });
  await dialog.getByLabel('Name').fill('Film noir');
  await dialog.getByLabel('Text', { exact: true }).fill('black and white, hard shadows');
  await expect(dialog.getByRole('radio', { name: 'After the prompt' })).toBeChecked();
  await expect(dialog.getByText('Size: 1K · 16:9')).toBeVisible();
  await screenshots('preset-form');
  await dialog.getByRole('button', { name: 'Save preset' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Preset “Film noir” saved.')).toBeVisible();

  // Another look for the menu: the options go back to the default before the preset is applied.
  await page.getByRole('radio', { name: /^1:1/ }).check();
  await dismissToasts(page);
  await presetsMenu.click();
  const menu = page.getByRole('menu', { name: 'Presets' });
  await expect(menu.getByRole('menuitemradio', { name: 'No preset' })).toHaveAttribute('aria-checked', 'true');
  await screenshots('preset-menu');
  await menu.getByRole('menuitemradio', { name: 'Film noir' }).focus();
  await page.keyboard.press('Enter');
  await expect(promptBox()).toHaveValue('a copper teapot on a windowsill, black and white, hard shadows');
  await expect(tools().getByText('Preset: Film noir')).toBeVisible();
  await expect(page.getByRole('radio', { name: /^16:9/ })).toBeChecked();

  await generate(/a copper teapot on a windowsill, black and white, hard shadows/);
  const assets = await callStudio<{ items: AssetView[] }>(page, 'library.list_assets', { text: 'copper teapot hard shadows' });
  const made = assets.items[0];
  if (!made) throw new Error('the result is not in the library');
  expect(made.preset?.name).toBe('Film noir');
  expect(made).toMatchObject({ width: 1280, height: 720 });
  const detail = await callStudio<AssetDetail>(page, 'library.get_asset_detail', { id: made.id });
  expect(detail.asset.preset?.name).toBe('Film noir');

  // Removing the preset takes its text out of the prompt again.
  await tools().getByRole('button', { name: 'Remove the preset Film noir' }).click();
  await expect(promptBox()).toHaveValue('a copper teapot on a windowsill');

  // Reusing the result from the gallery brings its recipe back, preset included.
  await page.goto(`${studio.url}/#/gallery/asset/${made.id}`);
  const details = page.getByRole('region', { name: 'Details' }).getByRole('definition');
  await expect(page.getByRole('term').filter({ hasText: 'Style preset' })).toBeVisible();
  await expect(details.filter({ hasText: /^Film noir$/ })).toBeVisible();
  await dismissToasts(page);
  await screenshots('recipe');
  await page.getByRole('link', { name: 'Reuse settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create' })).toBeVisible();
  await expect(promptBox()).toHaveValue('a copper teapot on a windowsill, black and white, hard shadows');
  await expect(tools().getByText('Preset: Film noir')).toBeVisible();
});

test('presets are edited and deleted from their list', async () => {
  await freshCreate(page, studio.url);
  await tools().getByRole('button', { name: 'Presets' }).click();
  await page.getByRole('menuitem', { name: 'Edit presets…' }).click();
  const list = page.getByRole('dialog', { name: 'Style presets' });
  await expect(list.getByText('Film noir')).toBeVisible();
  await screenshots('preset-list');
  await list.getByRole('button', { name: 'Edit Film noir' }).click();
  const form = page.getByRole('dialog', { name: 'Edit “Film noir”' });
  await form.getByLabel('Name').fill('Noir');
  await form.getByText('Before the prompt', { exact: true }).click();
  await expect(form.getByRole('radio', { name: 'Before the prompt' })).toBeChecked();
  await form.getByRole('button', { name: 'Save preset' }).click();
  const back = page.getByRole('dialog', { name: 'Style presets' });
  await expect(back.getByText('Noir', { exact: true })).toBeVisible();
  await back.getByRole('button', { name: 'Delete Noir' }).click();
  await expect(back.getByText(/No preset yet/)).toBeVisible();
  await back.getByRole('button', { name: 'Close' }).click();
});

test('the history shows what each prompt made, and lists a template once, which it puts back in template mode', async () => {
  await freshCreate(page, studio.url);
  await chooseSegment(page, 'Prompts', 'Template');
  await promptBox().fill('a {jade|amber} teapot');
  await generate(/a (jade|amber) teapot/);
  await freshCreate(page, studio.url);
  await chooseSegment(page, 'Prompts', 'One prompt');

  await tools().getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'Prompt history' });
  await history.getByLabel('Search prompts').fill('teapot');
  const template = history.getByRole('button', { name: /^Template a \{jade\|amber\} teapot / });
  await expect(template).toBeVisible();
  // Listed once by its template, not by the prompts it expanded to.
  await expect(history.getByRole('button', { name: /a (jade|amber) teapot/ })).toHaveCount(0);
  for (const entry of [template, history.getByRole('button', { name: /^a copper teapot on a windowsill / })]) {
    const thumbnail = entry.locator('img');
    await expect(thumbnail).toHaveAttribute('loading', 'lazy');
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  }
  await template.click();
  await expect(history).toBeHidden();
  await expect(promptBox()).toHaveValue('a {jade|amber} teapot');
  await expect(page.getByRole('group', { name: 'Prompts' }).getByRole('radio', { name: 'Template', exact: true })).toBeChecked();

  // Up in the empty prompt recalls it as a template too.
  await freshCreate(page, studio.url);
  await chooseSegment(page, 'Prompts', 'One prompt');
  await promptBox().focus();
  await promptBox().press('ArrowUp');
  await expect(promptBox()).toHaveValue('a {jade|amber} teapot');
  await expect(page.getByRole('group', { name: 'Prompts' }).getByRole('radio', { name: 'Template', exact: true })).toBeChecked();
});
