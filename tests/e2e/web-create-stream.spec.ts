import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { callStudio, chooseModel, dismissToasts, freshCreate } from './support/create-flow';
import { FAST_DEMO_ENV, type WebModeStudio } from './support/web-mode';
import { openStudioForFile } from './support/studio-per-file';
import { saveScreenshot } from './support/screenshots';

/**
 * Create as a stream, at a laptop's window and a small one: results grouped by job fill the space
 * beside the form, a result opens in a view over Create and Escape returns, Vary (strong) starts a
 * job, Edit opens the painter on that image, and a failed job offers "Edit and retry".
 */
let studio: WebModeStudio;
let page: Page;
test.describe.configure({ mode: 'serial', timeout: 240_000 });
openStudioForFile({ env: FAST_DEMO_ENV, demoAdmin: true }, (open) => ({ studio, page } = open));

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
] as const;
const LOOKS = [
  { language: 'en', theme: 'light' },
  { language: 'en', theme: 'dark' },
  { language: 'zh-CN', theme: 'light' },
  { language: 'zh-CN', theme: 'dark' },
] as const;

const results = () => page.getByRole('region', { name: 'Results' });
const prompt = () => page.getByLabel('Prompt', { exact: true });
const viewer = () => page.getByRole('dialog');
const openButtons = () => results().getByRole('button', { name: /^Open “/ });

/** Sends `words` with Image 2, four images per job and `jobs` jobs, and waits for every result. */
async function generate(words: string, jobs: number): Promise<void> {
  await chooseModel(page, /^Image 2/);
  await page.locator('summary', { hasText: 'More options' }).click();
  await page.getByLabel('Number of images', { exact: true }).fill('4');
  await page.getByLabel('Per prompt', { exact: true }).fill(String(jobs));
  await prompt().fill(words);
  await page.keyboard.press('Control+Enter');
  await expect(results().getByRole('listitem', { name: `${words} · Done` })).toHaveCount(jobs, { timeout: 60_000 });
  await expect(
    results()
      .getByRole('listitem', { name: `${words} · Done` })
      .first()
      .getByRole('button', { name: /^Open “/ }),
  ).toHaveCount(4);
}

/** How many results are wholly inside the window and the stream's own scrolling box. */
async function resultsInView(): Promise<number> {
  return page.locator('section.results .results-scroll').evaluate((scroller) => {
    const box = scroller.getBoundingClientRect();
    const tiles = [...scroller.querySelectorAll('.result-open')].map((tile) => tile.getBoundingClientRect());
    return tiles.filter((tile) => tile.top >= box.top - 1 && tile.bottom <= Math.min(box.bottom, window.innerHeight) + 1 && tile.width > 40).length;
  });
}

async function screenshots(name: string, size: { width: number; height: number }): Promise<void> {
  const dir = '.tmp/screens';
  mkdirSync(dir, { recursive: true });
  for (const look of LOOKS) {
    await callStudio(page, 'settings.update', look);
    await expect(page.locator('html')).toHaveAttribute('lang', look.language);
    await expect(page.locator('html')).toHaveAttribute('data-theme', look.theme);
    await saveScreenshot(page, `${dir}/${name}-${look.language}-${look.theme}-${String(size.width)}x${String(size.height)}.png`);
  }
  await callStudio(page, 'settings.update', { language: 'en', theme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

test('a stream of jobs fills the space beside the form: eight results or more in view, four of one prompt as a 2×2', async () => {
  await freshCreate(page, studio.url);
  await generate('a paper boat on a puddle', 3);
  for (const size of SIZES) {
    await freshCreate(page, studio.url, size);
    await expect(openButtons().first()).toBeVisible();
    await expect.poll(resultsInView).toBeGreaterThanOrEqual(8);
    // A 2×2: four tiles of one job, two by two.
    const group = results().getByRole('listitem', { name: 'a paper boat on a puddle · Done' }).first();
    const boxes = await group
      .getByRole('button', { name: /^Open “/ })
      .evaluateAll((tiles) => tiles.map((tile) => tile.getBoundingClientRect().toJSON() as DOMRect));
    expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(2);
    expect(new Set(boxes.map((box) => Math.round(box.left))).size).toBe(2);
    // The prompt is not repeated on every card at rest.
    await expect(group.locator('.result-caption')).toHaveCSS('opacity', '0');
    await dismissToasts(page);
    await screenshots('create-stream', size);
  }
  // With the assistant open beside the form the stream narrows, and still shows eight or more.
  await freshCreate(page, studio.url);
  const assistant = page.getByRole('button', { name: 'Assistant', exact: true });
  await assistant.click();
  await expect(assistant).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(resultsInView).toBeGreaterThanOrEqual(8);
  await screenshots('create-stream-assistant', SIZES[0]);
  await assistant.click();
});

test('a result opens in a view over Create; the arrows step through the stream, Escape and Back return to Create', async () => {
  for (const size of SIZES) {
    await freshCreate(page, studio.url, size);
    const first = openButtons().first();
    // On hover: the prompt over the job, the next steps over the result.
    await first.hover();
    await expect(results().getByRole('listitem').first().locator('.result-caption')).toHaveCSS('opacity', '1');
    await screenshots('create-hover', size);
    await first.click();
    const view = viewer();
    await expect(view).toBeVisible();
    await expect(view).toHaveAccessibleName('a paper boat on a puddle');
    await expect(page).toHaveURL(/#\/create/);
    await expect(view.getByText(`1 of ${String(await openButtons().count())}`)).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(view.getByText(/^2 of /)).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(view.getByText(/^1 of /)).toBeVisible();
    // Its first actions, named.
    for (const name of [
      'Vary (subtle)',
      'Vary (strong)',
      /^Larger version/,
      'Edit',
      'Animate',
      'Use as reference',
      'Re-roll',
      'Favourite',
      'Open in gallery',
    ]) {
      await expect(view.getByRole('button', { name })).toBeVisible();
    }
    // Focus stays inside the view.
    for (let index = 0; index < 20; index++) await page.keyboard.press('Tab');
    expect(await view.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await dismissToasts(page);
    await screenshots('create-viewer', size);

    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Create' })).toBeVisible();
    await expect(first).toBeFocused();
    await first.click();
    await viewer().getByRole('button', { name: 'Back to Create' }).click();
    await expect(viewer()).toBeHidden();
    await expect(page).toHaveURL(/#\/create/);
  }
});

test('Vary (strong) starts a job from the viewed result, at the top of the stream', async () => {
  await freshCreate(page, studio.url);
  await openButtons().first().click();
  await viewer().getByRole('button', { name: 'Vary (strong)' }).click();
  await expect(page.getByText(/^Varying “a paper boat on a puddle” strongly/).first()).toBeVisible();
  await page.keyboard.press('Escape');
  const top = results().getByRole('listitem').first();
  await expect(top).toHaveAccessibleName(/^a paper boat on a puddle\s+Make a clearly different variation/);
  await expect(top).toHaveAccessibleName(/ · Done$/, { timeout: 60_000 });
});

test('Edit opens the mask painter directly on that image', async () => {
  for (const size of SIZES) {
    await freshCreate(page, studio.url, size);
    await openButtons().first().click();
    await viewer().getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page).toHaveURL(/edit=/);
    const painter = page.getByRole('dialog', { name: 'Paint the mask' });
    await expect(painter).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('radio', { name: 'Edit', exact: true })).toBeChecked();
    const [id] = /edit=([^&]+)/.exec(page.url())?.slice(1) ?? [];
    const asset = await callStudio<{ width: number; height: number; mediaPath: string }>(page, 'library.get_asset', { id });
    // The painter paints on that image itself, at its own size.
    await expect(painter).toContainText(asset.mediaPath.split('/').pop() ?? '');
    await expect(painter).toContainText(`${String(asset.width)}×${String(asset.height)}`);
    await page.keyboard.press('Escape');
  }
});

test('a failed job is not a dead end: Edit and retry fills the form and says why beside the prompt; a canceled one says so truthfully', async () => {
  const refusal = '内容审核未通过：画面包含敏感元素，请修改提示词后重试。';
  if (!studio.demoAdmin) throw new Error('no demo gateway admin');
  await freshCreate(page, studio.url);
  await studio.demoAdmin('POST', '/faults', { kind: 'task-failure', message: refusal, count: 1 });
  await chooseModel(page, /^Image 2/);
  await page.getByRole('group', { name: 'How it runs' }).locator('label', { hasText: 'Queued' }).click();
  await prompt().fill('a neon koi pond at night');
  await page.keyboard.press('Control+Enter');
  const failed = results().getByRole('listitem', { name: 'a neon koi pond at night · Failed' });
  await expect(failed).toBeVisible({ timeout: 40_000 });
  await expect(failed.getByRole('button', { name: 'Retry “a neon koi pond at night”', exact: true })).toBeVisible();
  await expect(failed.getByRole('button', { name: 'Remove “a neon koi pond at night” from Results' })).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await screenshots('create-failed', size);
  }

  await prompt().fill('something else entirely');
  await failed.getByRole('button', { name: 'Edit and retry “a neon koi pond at night”' }).click();
  await expect(page).toHaveURL(/retry=/);
  await expect(prompt()).toHaveValue('a neon koi pond at night');
  const note = page.getByRole('status', { name: 'Why the last try ended' });
  await expect(note).toContainText(refusal);
  await expect(page.getByRole('radio', { name: 'Queued', exact: true })).toBeChecked();

  // Removed, it leaves the stream (it stays on the timeline).
  await failed.getByRole('button', { name: 'Remove “a neon koi pond at night” from Results' }).click();
  await expect(failed).toHaveCount(0);

  // A canceled job says so, not how long it usually takes, and offers the same ways forward.
  await callStudio(page, 'jobs.pause_queue', {});
  await prompt().fill('a lantern in the fog');
  await page.keyboard.press('Control+Enter');
  await expect(results().getByRole('listitem', { name: 'a lantern in the fog · Queued' })).toBeVisible({ timeout: 20_000 });
  const queued = await callStudio<{ items: { id: string }[] }>(page, 'jobs.list_jobs', { states: ['queued'] });
  for (const job of queued.items) await callStudio(page, 'jobs.cancel_job', { id: job.id });
  await callStudio(page, 'jobs.resume_queue', {});
  const canceled = results().getByRole('listitem', { name: 'a lantern in the fog · Canceled' });
  await expect(canceled).toContainText('Canceled before it finished');
  await expect(canceled).not.toContainText(/usually/);
  for (const name of ['Edit and retry “a lantern in the fog”', 'Retry “a lantern in the fog”', 'Remove “a lantern in the fog” from Results']) {
    await expect(canceled.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await canceled.getByRole('button', { name: 'Retry “a lantern in the fog”', exact: true }).click();
  await expect(results().getByRole('listitem', { name: 'a lantern in the fog · Done' })).toBeVisible({ timeout: 40_000 });
});
