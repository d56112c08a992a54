import { expect, test, type Page } from '@playwright/test';
import { callStudio, chooseModel, chooseSegment, dropFiles, freshCreate, quarteredPng, screenshotLooks } from './support/create-flow';
import { FAST_DEMO_ENV, type WebModeStudio } from './support/web-mode';
import { openStudioForFile } from './support/studio-per-file';

/**
 * The artist's loop on Create, at a laptop's window and a small one: each submission appears in
 * view and its result takes its place; an edit with a painted mask ends with an edited image
 * without leaving the page; the picker names each model once; a problem is shown at its field.
 */
let studio: WebModeStudio;
let page: Page;
test.describe.configure({ mode: 'serial' });
openStudioForFile({ env: FAST_DEMO_ENV }, (open) => ({ studio, page } = open));

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
] as const;

interface Asset {
  variantId: string | null;
  prompt: string;
  request: Record<string, unknown>;
}
const assetsWith = async (text: string): Promise<Asset[]> => (await callStudio<{ items: Asset[] }>(page, 'library.list_assets', { text })).items;
const results = () => page.getByRole('region', { name: 'Results' });
const prompt = () => page.getByLabel('Prompt', { exact: true });

test('the picker names each model once, with what it is good at, and finds models by what they do', async () => {
  await freshCreate(page, studio.url);
  await page.getByRole('button', { name: /^Model/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a model' });
  const names = await dialog.getByRole('option').evaluateAll((options) => options.map((option) => option.getAttribute('aria-label') ?? ''));
  expect(names).toEqual(
    expect.arrayContaining(['Image 2', 'Nova 3.1 Flash', 'Nova 3 Pro', 'Vid 2', 'Vid 2 VVIP', 'Clip 3', 'Clip O3', 'Clip 3.0 Turbo', 'Clip V3 Omni']),
  );
  expect(new Set(names).size).toBe(names.length);
  // Nothing of how the interface is called shows in the list.
  await expect(dialog).not.toContainText(/channel|direct|official|variant/i);
  await expect(dialog.getByRole('option', { name: 'Image 2', exact: true })).toHaveAccessibleDescription(/edits with a painted mask/);

  const search = dialog.getByRole('combobox', { name: 'Search models' });
  const found = async (words: string): Promise<string[]> => {
    await search.fill(words);
    return dialog.getByRole('option').evaluateAll((options) => options.map((option) => option.getAttribute('aria-label') ?? ''));
  };
  expect(await found('video with sound')).toEqual(['Clip V3 Omni']);
  expect(await found('edit')).toContain('Image 2');
  expect(await found('portrait')).toEqual(expect.arrayContaining(['Nova 3 Pro', 'Vid 2']));
  // The keyboard chooses: the first match on Enter.
  await search.fill('sound');
  await search.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^Model Clip V3 Omni/ })).toBeVisible();
});

test('the versions of a model sit under Version among the advanced options, not in the picker', async () => {
  await freshCreate(page, studio.url);
  await chooseModel(page, /^Clip 3$/);
  await page.locator('summary', { hasText: 'More options' }).click();
  const version = page.getByRole('combobox', { name: 'Version' });
  const labels = await version.locator('option').allTextContents();
  expect(labels).toEqual([expect.stringMatching(/720p/), expect.stringMatching(/1080p/)]);
  await version.selectOption({ label: labels[1] ?? '' });
  await expect(page.getByRole('button', { name: /^Model Clip 3/ })).toBeVisible();
  // What runs is the chosen version, as the details say.
  await page.locator('summary', { hasText: 'Details' }).click();
  await expect(page.getByText('(video.clip3-1080p)')).toBeVisible();
});

for (const size of SIZES) {
  test(`at ${size.width}×${size.height}, a submission appears in view at once and its result takes the card’s place`, async () => {
    await freshCreate(page, studio.url, size);
    const words = `a paper lantern on a still lake, ${size.width} wide`;
    await prompt().fill(words);
    await page.getByRole('button', { name: /^Generate/ }).click();
    // Without scrolling or leaving the page: a card at the top of Results, "Sending…" until main answers,
    // then the job's own card. (No deadline of its own: on a loaded machine even the first paint can take seconds.)
    await expect(
      results()
        .getByRole('listitem', { name: new RegExp(`^(Sending…|${words} · )`) })
        .first(),
    ).toBeInViewport();
    const card = results().getByRole('listitem', { name: new RegExp(`^${words} · `) });
    await expect(card).toBeInViewport();
    const queuedAt = await card.boundingBox();
    const done = results().getByRole('listitem', { name: `${words} · Done` });
    await expect(done).toBeVisible({ timeout: 30_000 });
    await expect(done).toBeInViewport();
    await expect.poll(() => done.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // The same card, in the same place: newest first, at the top of Results.
    expect((await done.boundingBox())?.y).toBeCloseTo(queuedAt?.y ?? Number.NaN, 0);
    // The next step in one click: on the result, and all of them in the view over Create.
    for (const action of ['Vary: the same prompt with this as the reference', 'Add to favourites']) {
      await expect(done.getByRole('button', { name: action })).toBeVisible();
    }
    await done.getByRole('button', { name: `Open “${words}”` }).click();
    const view = page.getByRole('dialog', { name: words });
    for (const action of ['Use as reference', 'Re-roll', 'Vary (subtle)', 'Favourite']) await expect(view.getByRole('button', { name: action })).toBeVisible();

    // Re-roll: a second card for the same recipe, again at the top, again in view.
    await view.getByRole('button', { name: 'Re-roll' }).click();
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();
    await expect(results().getByRole('listitem', { name: `${words} · Done` })).toHaveCount(2, { timeout: 30_000 });
    await expect(results().getByRole('listitem').first()).toBeInViewport();
    await results()
      .getByRole('listitem', { name: `${words} · Done` })
      .first()
      .getByRole('button', { name: 'Add to favourites' })
      .click();
    await expect(
      results()
        .getByRole('listitem', { name: `${words} · Done` })
        .first()
        .getByRole('button', { name: 'Remove from favourites' }),
    ).toBeVisible();
    expect(page.url()).toMatch(/#\/create/);
  });

  test(`at ${size.width}×${size.height}, a problem is shown beside its field, listed beside Generate, and the field is focused`, async () => {
    await freshCreate(page, studio.url, size);
    await chooseModel(page, /^Clip 3\.0 Turbo$/);
    await prompt().fill('waves rolling onto a black sand beach');
    const duration = page.getByRole('spinbutton', { name: 'Duration' }).or(page.getByRole('textbox', { name: 'Duration' }));
    await duration.fill('20');
    await prompt().focus();
    await page.keyboard.press('Control+Enter');
    await expect(duration).toBeFocused();
    await expect(duration).toBeInViewport();
    // Beside the field: the message is the field's own description.
    await expect(duration).toHaveAccessibleDescription(/Choose a whole number from 3 to 15 seconds$/);
    const listed = page.getByRole('alert').getByRole('link', { name: 'Duration: Choose a whole number from 3 to 15 seconds' });
    await expect(listed).toBeVisible();
    await prompt().focus();
    await listed.click();
    await expect(duration).toBeFocused();
    await expect(results().getByRole('listitem', { name: /waves rolling onto a black sand beach/ })).toHaveCount(0);
  });
}

test('a new user who picks Edit, adds two images and paints a mask ends with the edited image, without leaving Create', async () => {
  await freshCreate(page, studio.url, SIZES[1]);
  await chooseModel(page, /^Image 2$/);
  await chooseSegment(page, 'What to do', 'Edit');
  // Editing runs queued by default, the way that returns the edited image: no warning.
  await expect(page.getByRole('radio', { name: 'Queued', exact: true })).toBeChecked();
  const warning = page.getByRole('note').filter({ hasText: 'no image comes back' });
  await expect(warning).toHaveCount(0);

  const tray = page.getByRole('region', { name: /^Images to edit/ });
  await dropFiles(tray, [await quarteredPng(640, 480, 'harbour.png'), await quarteredPng(320, 320, 'boat.png')]);
  const tiles = tray.getByRole('list').getByRole('listitem');
  await expect(tiles.filter({ hasText: /(harbour|boat)\.png/ })).toHaveCount(2);
  await tiles.filter({ hasText: 'harbour.png' }).getByRole('button', { name: 'Paint mask' }).click();
  const painter = page.getByRole('dialog', { name: 'Paint the mask' });
  await painter.getByRole('slider', { name: 'Size' }).fill('120');
  const box = await painter.locator('canvas').boundingBox();
  if (!box) throw new Error('no canvas');
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.9, { steps: 8 });
  await page.mouse.up();
  await painter.getByRole('button', { name: 'Use this mask' }).click();
  await expect(page.getByText(/^Mask ready/)).toBeVisible();
  await prompt().fill('put the boat in the harbour');

  // Chosen to run right away, the form says before paying that no image would come back, and offers the way that returns one.
  await chooseSegment(page, 'How it runs', 'Right away');
  await expect(warning).toBeVisible();
  await expect(warning).toBeInViewport();
  // Sent anyway: the card says what happened, shows how the gateway read the prompt, and runs it queued in one click.
  await page.keyboard.press('Control+Enter');
  const summary = results().getByRole('listitem', { name: /^put the boat in the harbour · Done/ });
  await expect(summary.getByText(/sends back only a description of it, no image/)).toBeVisible({ timeout: 30_000 });
  await expect(summary.getByText('The gateway read your prompt as:')).toBeVisible();
  await screenshotLooks(page, 'create-loop-summary-only', SIZES);
  await summary.getByRole('button', { name: 'Run it queued to get the image' }).click();
  await expect(
    results()
      .getByRole('listitem', { name: /^put the boat in the harbour · Done/ })
      .locator('img'),
  ).toHaveCount(1, { timeout: 40_000 });

  // Back to the way that returns images, in one click from the warning.
  await warning.getByRole('button', { name: 'Queue it to get the image' }).click();
  await expect(page.getByRole('radio', { name: 'Queued', exact: true })).toBeChecked();
  await expect(warning).toHaveCount(0);
  await page.keyboard.press('Control+Enter');
  await expect(
    results()
      .getByRole('listitem', { name: /^put the boat in the harbour · Done/ })
      .locator('img'),
  ).toHaveCount(2, { timeout: 40_000 });

  const edited = await assetsWith('boat in the harbour');
  expect(edited).toHaveLength(2);
  for (const asset of edited) {
    expect(asset.variantId).toBe('image.gen-image-2.task');
    expect(asset.request.image_urls).toHaveLength(2);
    expect(String(asset.request.mask_url)).toMatch(/^https?:/);
  }
  expect(page.url()).toMatch(/#\/create/);
});

test('the demo notice is one line at 1024×700 in both languages, and once closed stays closed for the session', async () => {
  await freshCreate(page, studio.url, SIZES[1]);
  const banner = page.getByRole('complementary', { name: 'About the demo gateway' });
  // By its class while the language changes: its name changes with it.
  const anyLanguage = page.locator('aside.demo-banner');
  for (const language of ['en', 'zh-CN'] as const) {
    await callStudio(page, 'settings.update', { language });
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    // One line: no taller than its tallest control.
    const heights = await anyLanguage.evaluate((element) => ({
      banner: element.getBoundingClientRect().height,
      text: element.querySelector('p')?.getBoundingClientRect().height ?? 0,
      line: parseFloat(getComputedStyle(element.querySelector('p') ?? element).lineHeight),
    }));
    expect(heights.text).toBeLessThanOrEqual(heights.line + 1);
    expect(heights.banner).toBeLessThan(48);
  }
  await callStudio(page, 'settings.update', { language: 'en' });
  await banner.getByRole('button', { name: 'Hide this notice until the studio is opened again' }).click();
  await expect(banner).toHaveCount(0);
  await page.getByRole('link', { name: 'Gallery', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gallery');
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
});
