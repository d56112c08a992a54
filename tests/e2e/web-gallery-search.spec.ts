// New results reach the lists that were searched before they existed: a prompt search that found
// nothing, and a smart board (a saved search) that gains a result made after it was saved.
import { expect, test, type Page } from '@playwright/test';
import { call } from './support/studio-calls';
import { startWebMode, type WebModeStudio } from './support/web-mode';

let studio: WebModeStudio;
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  studio = await startWebMode();
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
const search = () => page.getByRole('searchbox', { name: 'Search prompts' });
const nav = (name: string) => page.getByRole('navigation').getByRole('link', { name });

/** An image made as Generate makes it (one job through the queue), waited for until it is in the library. */
async function makeImage(prompt: string): Promise<void> {
  await call(page, 'jobs.create_batch', {
    name: prompt,
    variantIds: ['image.gen-image-2.direct'],
    prompts: [prompt],
    countPerPrompt: 1,
    values: { size: '1024x1024' },
  });
  await expect.poll(async () => (await call<{ items: unknown[] }>(page, 'library.list_assets', { text: prompt })).items.length, { timeout: 30_000 }).toBe(1);
}

test('a search that found nothing finds the result made since: count, grid and notice agree', async () => {
  await makeImage('a lighthouse at dusk');
  await nav('Gallery').click();
  await expect(cells()).toHaveCount(1);

  await search().fill('marmot');
  await expect(page.getByRole('heading', { name: 'Nothing matches' })).toBeVisible();
  await expect(page.getByText('0 items', { exact: true })).toBeVisible();

  await nav('Create').click();
  await makeImage('a marmot on a rock');

  await nav('Gallery').click();
  await search().fill('marmot');
  await expect(cells()).toHaveCount(1);
  await expect(cells().first()).toHaveAccessibleName(/^a marmot on a rock · /);
  await expect(page.getByText('1 item', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nothing matches' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Show new results' })).toHaveCount(0);
});

test('a result matching the search on screen appears in it as soon as it reaches the library', async () => {
  await expect(search()).toHaveValue('marmot');
  await makeImage('two marmots in the grass');
  await expect(cells()).toHaveCount(2);
  await expect(cells().first()).toHaveAccessibleName(/^two marmots in the grass · /);
  await expect(page.getByText('2 items', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show new results' })).toHaveCount(0);
});

test('a smart board saved from a search gains a new matching result', async () => {
  await page.getByRole('button', { name: 'Save as smart board' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as smart board' });
  await dialog.getByLabel('Board name').fill('Marmots');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The board opens: its header says what it is and how many it holds.
  const header = page.getByRole('region', { name: 'Board: Marmots' });
  await expect(header.getByText('Smart board')).toBeVisible();
  await expect(header.getByText('2 items', { exact: true })).toBeVisible();
  await expect(search()).toHaveValue('');
  await expect(cells()).toHaveCount(2);

  await makeImage('a marmot asleep in the sun');
  await expect(cells()).toHaveCount(3);
  await expect(cells().first()).toHaveAccessibleName(/^a marmot asleep in the sun · /);
  await expect(header.getByText('3 items', { exact: true })).toBeVisible();
  // A result that does not match stays out.
  await makeImage('a heron at dawn');
  await expect(page.getByRole('complementary', { name: 'Filters' }).getByRole('button', { name: 'Marmots (3)' })).toBeVisible();
  await expect(cells()).toHaveCount(3);
});
