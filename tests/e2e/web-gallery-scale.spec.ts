// A library of 25 pages: the grid scrolls to the end with a bounded DOM, one page per request.
// The same scroll through 20,000 items, with its timings, is `npm run bench -- gallery-scroll`.
import { expect, test, type Page } from '@playwright/test';
import { call } from './support/studio-calls';
import { seedLibrary } from './support/seed-library';
import { startWebMode, type WebModeStudio } from './support/web-mode';

const ITEMS = 1_500;
const ITEMS_TEXT = ITEMS.toLocaleString('en-US');
/** The most a page may ask for (the renderer's page size is 60; main allows at most 200). */
const ONE_PAGE = 60;

let studio: WebModeStudio;
let page: Page;
/** The `limit` of every page the studio asked main for. */
const limits: number[] = [];

// One studio for the file: the second test goes on from the scrolled library of the first.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  studio = await startWebMode();
  seedLibrary(studio.dataDir, ITEMS);
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // Counted from the launch: the studio readies the Gallery's first page while Create loads.
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/invoke/library.list_assets')) return;
    const body = request.postDataJSON() as { input?: { limit?: number } } | null;
    limits.push(body?.input?.limit ?? Number.POSITIVE_INFINITY);
  });
  await page.goto(studio.launchUrl);
});
test.afterAll(async () => {
  try {
    await page.close();
  } finally {
    await studio.stop();
  }
});

test(`scrolls a library of ${ITEMS_TEXT} items to the end with the DOM bounded and one page per request`, async () => {
  test.setTimeout(120_000);
  await page.goto(`${studio.url}/#/gallery`);
  const grid = page.getByRole('grid', { name: 'Results' });
  await expect(grid.getByRole('gridcell', { name: new RegExp(`^seeded prompt ${String(ITEMS - 1)} · `) })).toBeVisible();
  await expect(page.getByText(`${ITEMS_TEXT} items`, { exact: true })).toBeVisible();

  // Scroll to the bottom, wait for the next page to grow the grid, again until the oldest item is
  // in view; in the page, so the run measures the gallery rather than the test's round trips.
  const most = await grid.evaluate(async (element) => {
    const frame = (): Promise<unknown> => new Promise(requestAnimationFrame);
    const atEnd = (): boolean => element.querySelector('[role="gridcell"][aria-label^="seeded prompt 0 · "]') !== null;
    let nodes = 0;
    let cells = 0;
    for (let step = 0; step < 1000 && !atEnd(); step += 1) {
      const height = element.scrollHeight;
      element.scrollTop = height;
      const since = performance.now();
      while (element.scrollHeight === height && !atEnd() && performance.now() - since < 10_000) await frame();
      await frame();
      nodes = Math.max(nodes, document.getElementsByTagName('*').length);
      cells = Math.max(cells, element.querySelectorAll('[role="gridcell"]').length);
    }
    return { nodes, cells };
  });
  await expect(grid.getByRole('gridcell', { name: /^seeded prompt 0 · / })).toBeVisible();
  console.log(`${ITEMS_TEXT} items: ${String(limits.length)} page requests, at most ${String(most.cells)} tiles and ${String(most.nodes)} DOM nodes`);

  // Every item was reached page by page, and no request asked for more than one page.
  expect(limits.length).toBeGreaterThanOrEqual(Math.ceil(ITEMS / ONE_PAGE));
  expect(Math.max(...limits)).toBeLessThanOrEqual(ONE_PAGE);
  // Only the rows around the view are in the DOM: a few dozen tiles, not thousands.
  expect(most.cells).toBeLessThanOrEqual(120);
  expect(most.nodes).toBeLessThanOrEqual(2_500);
});

test('results of a running batch arrive at the top without moving what is in view', async () => {
  test.setTimeout(120_000);
  const grid = page.getByRole('grid', { name: 'Results' });
  const columns = Number(await grid.getAttribute('aria-colcount'));
  // Somewhere near the top, then the last tile of the first row wholly in view.
  await grid.evaluate(async (element) => {
    element.scrollTop = 1200;
    await new Promise(requestAnimationFrame);
    await new Promise(requestAnimationFrame);
  });
  const watched = await grid.evaluate((element) => {
    const top = element.getBoundingClientRect().top;
    const inView = [...element.querySelectorAll('[role="gridcell"]')]
      .map((cell) => ({ label: cell.getAttribute('aria-label') ?? '', box: cell.getBoundingClientRect() }))
      .filter((cell) => cell.box.top >= top);
    const firstRow = Math.min(...inView.map((cell) => cell.box.top));
    const last = inView.filter((cell) => cell.box.top === firstRow).sort((a, b) => b.box.left - a.box.left)[0];
    return { label: last?.label ?? '', top: last?.box.top ?? 0, scrollTop: element.scrollTop };
  });
  expect(watched.label).toMatch(/^seeded prompt \d+ · /);

  // A full row of new results (one per column) pushes every item down exactly one row.
  await call(page, 'jobs.create_batch', {
    name: 'While scrolled',
    variantIds: ['image.gen-image-2.direct'],
    prompts: ['a new result while the grid is scrolled'],
    countPerPrompt: columns,
    values: { size: '1024x1024' },
  });
  await expect(page.getByText(`${(ITEMS + columns).toLocaleString('en-US')} items`, { exact: true })).toBeVisible({ timeout: 90_000 });
  const tile = grid.getByRole('gridcell', { name: watched.label, exact: true });
  await expect.poll(async () => Math.round((await tile.boundingBox())?.y ?? -1)).toBe(Math.round(watched.top));
  expect(await grid.evaluate((element) => element.scrollTop)).toBeGreaterThan(watched.scrollTop);
  // Scrolled back to the top, the new results are there first.
  await grid.evaluate((element) => {
    element.scrollTop = 0;
  });
  await expect(grid.getByRole('gridcell').first()).toHaveAccessibleName(/^a new result while the grid is scrolled · /);
});
