// The frame holds at 1440x900 and at 1024x700: the window never scrolls as a page, Create's form,
// its hint and the assistant fit beside Results, a toast stays clear of the gallery's selection
// bar, and Compare's buttons stay clear of a video's controls. Screenshots of each, in both themes
// and languages, go to test-results/screens/.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Asset } from '../../src/main/core/library';
import { seedLibraryAssets } from '../helpers/seed-assets';
import { call } from './support/studio-calls';
import { startWebMode, type WebModeStudio } from './support/web-mode';
import { saveScreenshot } from './support/screenshots';

const sizes = [
  { name: 'large', width: 1440, height: 900 },
  { name: 'small', width: 1024, height: 700 },
] as const;

const words = (language: string): Record<string, Record<string, Record<string, string>>> =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../../src/renderer/src/i18n/${language}.json`), 'utf8')) as never;

let studio: WebModeStudio;
let page: Page;
let assets: Asset[];

/** Real pictures on disk, so the gallery and Compare show pixels: two landscape, three square, and a video's poster. */
async function seed(dataDir: string): Promise<Asset[]> {
  const folder = join(dataDir, 'library', '2026', '01', '01');
  mkdirSync(folder, { recursive: true });
  const shapes = [
    [1536, 864],
    [1536, 864],
    [1024, 1024],
    [1024, 1024],
    [1024, 1024],
  ] as const;
  for (const [index, [width, height]] of shapes.entries()) {
    const colour = { r: 40 + index * 40, g: 120, b: 200 - index * 30 };
    await sharp({ create: { width, height, channels: 3, background: colour } })
      .png()
      .toFile(join(folder, `seed-${index}.png`));
  }
  await sharp({ create: { width: 1280, height: 720, channels: 3, background: { r: 20, g: 60, b: 90 } } })
    .png()
    .toFile(join(folder, 'poster.png'));
  return seedLibraryAssets({ dataDir, libraryRoot: join(dataDir, 'library') }, 6, (index) => {
    if (index === 5)
      return {
        kind: 'video',
        filePath: join('2026', '01', '01', 'seed-5.mp4'),
        thumbPath: join('2026', '01', '01', 'poster.png'),
        mime: 'video/mp4',
        width: 1280,
        height: 720,
        durationMs: 4000,
        prompt: 'a lantern drifting over water',
      };
    const [width, height] = shapes[index] ?? [1024, 1024];
    return { width, height, prompt: index < 2 ? `a wide harbour ${index}` : `a square still life ${index}` };
  });
}

test.beforeAll(async ({ browser }) => {
  studio = await startWebMode();
  assets = await seed(studio.dataDir);
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(studio.launchUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Create' })).toBeVisible();
});
test.afterAll(async () => {
  try {
    await page.close();
  } finally {
    await studio.stop();
  }
});

/** Whether two boxes share any area. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [first, second] = [await a.boundingBox(), await b.boundingBox()];
  if (!first || !second) throw new Error('a box is not on screen');
  return first.x < second.x + second.width && second.x < first.x + first.width && first.y < second.y + second.height && second.y < first.y + first.height;
}

/** The window is still the frame: nothing scrolled as a page, and the frame fills the window. */
async function expectFrameInPlace(): Promise<void> {
  const frame = await page.evaluate(() => {
    const root = document.getElementById('root')?.getBoundingClientRect();
    return { scrollTop: document.scrollingElement?.scrollTop, top: root?.top, height: root?.height, window: window.innerHeight };
  });
  expect(frame.scrollTop).toBe(0);
  expect(frame.top).toBe(0);
  expect(frame.height).toBe(frame.window);
}

async function wheelOver(region: Locator): Promise<void> {
  await region.hover({ position: { x: 10, y: 10 } });
  await page.mouse.wheel(0, 4000);
  // The wheel's scroll is applied on the next frames.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

async function openCreateWithEverything(): Promise<void> {
  await page.goto(`${studio.url}/#/create`);
  await expect(page.getByRole('heading', { level: 1, name: 'Create' })).toBeVisible();
  await page.locator('summary', { hasText: 'Also run on other models' }).click();
  const toggle = page.getByRole('button', { name: 'Assistant', exact: true });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await expect(page.getByRole('complementary', { name: 'Prompt assistant' })).toBeVisible();
}

for (const size of sizes) {
  test(`at ${size.width}x${size.height}, wheeling over every region of Create never scrolls the window as a page`, async () => {
    await page.setViewportSize(size);
    await openCreateWithEverything();
    await expectFrameInPlace();
    const regions = {
      form: page.getByRole('region', { name: 'Prompt and model' }),
      results: page.getByRole('region', { name: 'Results' }),
      sidebar: page.getByRole('navigation'),
      assistant: page.getByRole('complementary', { name: 'Prompt assistant' }),
      header: page.getByRole('heading', { level: 1, name: 'Create' }),
    };
    for (const [name, region] of Object.entries(regions)) {
      await wheelOver(region);
      await expectFrameInPlace().catch((error: unknown) => {
        throw new Error(`after wheeling over the ${name}: ${String(error)}`);
      });
    }
    // Wheeling at the form's very end, after it has scrolled all the way down.
    await wheelOver(page.getByRole('button', { name: /^Generate/ }));
    await expectFrameInPlace();
  });

  test(`at ${size.width}x${size.height}, the form fits its column, its hint is whole, and the assistant covers neither Results nor Generate`, async () => {
    await page.setViewportSize(size);
    await openCreateWithEverything();
    const form = page.getByRole('region', { name: 'Prompt and model' });
    const scroller = form.locator('.composer-body');
    const widths = await scroller.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);

    const hint = form.getByText('↑ in an empty prompt recalls the last one');
    await expect(hint).toBeVisible();
    const cut = await hint.evaluate((element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight);
    expect(cut).toBe(false);
    const [hintBox, formBox] = [await hint.boundingBox(), await scroller.boundingBox()];
    expect(hintBox && formBox && hintBox.x + hintBox.width <= formBox.x + formBox.width).toBe(true);

    const assistant = page.getByRole('complementary', { name: 'Prompt assistant' });
    expect(await overlap(assistant, page.getByRole('region', { name: 'Results' }))).toBe(false);
    expect(await overlap(assistant, page.getByRole('button', { name: /^Generate/ }))).toBe(false);
  });

  test(`at ${size.width}x${size.height}, a toast stays clear of the gallery's selection bar, and five chosen say why there is no compare`, async () => {
    await page.setViewportSize(size);
    await page.goto(`${studio.url}/#/gallery`);
    const grid = page.getByRole('grid', { name: 'Results' });
    await grid.getByRole('gridcell').first().click();
    await page.keyboard.press('ControlOrMeta+a');
    const bar = page.getByRole('toolbar', { name: '6 selected' });
    await expect(bar).toBeVisible();
    // Favourite or its undoing, whichever the earlier size left: either says so in a toast (the earlier size's may still show).
    const favourite = bar.getByRole('button', { name: /^(Favourite|Remove from favourites)$/ });
    const adding = (await bar.getByRole('button', { name: 'Favourite', exact: true }).count()) > 0;
    await favourite.click();
    const toast = page.getByRole('region', { name: 'Notifications' }).getByText(adding ? 'Added 6 to favourites.' : 'Removed 6 from favourites.');
    await expect(toast).toBeVisible();
    expect(await overlap(toast, bar)).toBe(false);

    const compare = bar.getByRole('button', { name: 'Compare' });
    await expect(compare).toBeDisabled();
    await expect(compare).toHaveAccessibleDescription('Compare takes 2 to 4, or one batch');
  });

  test(`at ${size.width}x${size.height}, Compare keeps its buttons off a video's controls and a landscape picture wide`, async () => {
    await page.setViewportSize(size);
    const [wide, , square, , , video] = assets;
    await page.goto(`${studio.url}/#/gallery/compare?items=${[wide?.id, square?.id, video?.id].join(',')}`);
    const table = page.getByRole('table', { name: 'Compare' });
    await expect(table.getByRole('columnheader')).toHaveCount(3);

    const landscape = table.getByRole('cell').filter({ has: page.getByRole('button', { name: /^Open: .* · a wide harbour 0$/ }) });
    const shape = await landscape.boundingBox();
    expect(shape && shape.width > shape.height).toBe(true);

    const movie = table.getByRole('cell').locator('video');
    const box = await movie.boundingBox();
    if (!box) throw new Error('no video on screen');
    // Chromium's controls take the bottom 48 px of the video.
    const controls = { x: box.x, y: box.y + box.height - 48, width: box.width, height: 48 };
    for (const name of ['Mark as the winner', 'Drop', 'Open']) {
      const button = await table.getByRole('button', { name: new RegExp(`^${name}: .* · a lantern drifting over water$`) }).boundingBox();
      if (!button) throw new Error(`no ${name} button`);
      const clear = button.y + button.height <= controls.y || button.y >= controls.y + controls.height;
      expect(clear, `${name} is clear of the video's controls`).toBe(true);
    }
  });
}

/** Closes the toasts an earlier step left, so a screenshot shows its own page. */
async function dismissToasts(): Promise<void> {
  const close = page.getByRole('region').locator('.toast').getByRole('button').last();
  while ((await close.count()) > 0) await close.click();
}

// One test per size, language and theme: each is short, so a loaded machine never runs one past its deadline.
for (const size of sizes) {
  for (const language of ['en', 'zh-CN'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      const shot = (name: string): string => `test-results/screens/frame-${name}-${size.name}-${language}-${theme}.png`;
      test(`screenshots of Create, the gallery with a toast and its selection bar, and Compare with a video, at ${size.width}x${size.height}, ${language}, ${theme}`, async () => {
        mkdirSync('test-results/screens', { recursive: true });
        const [wide, , square, , , video] = assets;
        const text = words(language);
        await page.setViewportSize(size);
        await call(page, 'settings.update', { language, theme });
        try {
          await page.goto(`${studio.url}/#/create`);
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await dismissToasts();
          await page.locator('summary', { hasText: text.create?.batch?.fanOut }).click();
          const assistant = page.getByRole('button', { name: text.assistant?.tools?.assistant, exact: true });
          if ((await assistant.getAttribute('aria-pressed')) !== 'true') await assistant.click();
          await saveScreenshot(page, shot('create'));

          await page.goto(`${studio.url}/#/gallery`);
          await page.getByRole('grid').getByRole('gridcell').first().click();
          await page.keyboard.press('ControlOrMeta+a');
          const bar = page.getByRole('toolbar');
          await bar.getByRole('button').first().click();
          await expect(page.getByRole('region').locator('.toast').first()).toBeVisible();
          await saveScreenshot(page, shot('gallery-toast'));
          await bar.getByRole('button').first().click();

          await page.goto(`${studio.url}/#/gallery/compare?items=${[wide?.id, square?.id, video?.id].join(',')}`);
          await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(3);
          await dismissToasts();
          await saveScreenshot(page, shot('compare'));
        } finally {
          await call(page, 'settings.update', { language: 'en', theme: 'light' });
        }
      });
    }
  }
}
