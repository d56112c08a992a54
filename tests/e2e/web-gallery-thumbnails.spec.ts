// Fast scrolling through the gallery, then a search: the thumbnails of tiles that flew past are
// not fetched (or stop being fetched once they leave), so the search's own thumbnails do not wait
// behind them in the browser's six connections. The network is slowed (each request 150 ms) so
// fetches take as long as they do on a busy machine with a large library.
// Its timings are `npm run bench -- gallery-frames` (search after fast scrolling).
import { linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { seedLibraryAssets } from '../helpers/seed-assets';
import { startWebMode, type WebModeStudio } from './support/web-mode';

const ITEMS = 1_200;
/** Every tenth result is a lantern: the search finds 120. */
const isLantern = (index: number): boolean => index % 10 === 0;

let studio: WebModeStudio;
let page: Page;

test.beforeAll(async ({ browser }) => {
  studio = await startWebMode();
  const libraryRoot = join(studio.dataDir, 'library');
  const picture = join(studio.dataDir, 'thumbnail.webp');
  writeFileSync(
    picture,
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#4080c0' } })
      .webp()
      .toBuffer(),
  );
  seedLibraryAssets({ dataDir: studio.dataDir, libraryRoot }, ITEMS, (index) => {
    const thumbPath = `.thumbs/2026/01/01/seed-${String(index)}.webp`;
    mkdirSync(dirname(join(libraryRoot, thumbPath)), { recursive: true });
    linkSync(picture, join(libraryRoot, thumbPath));
    return { thumbPath, prompt: isLantern(index) ? `a paper lantern ${String(index)}` : `seeded prompt ${String(index)}` };
  });
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(studio.launchUrl);
});
test.afterAll(async () => {
  await page.close();
  await studio.stop();
});

test('a search after fast scrolling is not kept waiting by the thumbnails of tiles scrolled past', async () => {
  test.setTimeout(120_000);
  await page.goto(`${studio.url}/#/gallery`);
  const grid = page.getByRole('grid', { name: 'Results' });
  await expect(grid.getByRole('gridcell').first()).toBeVisible();
  await expect(page.getByText(`${ITEMS.toLocaleString('en-US')} items`, { exact: true })).toBeVisible();

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: -1, uploadThroughput: -1 });
  const seedOf = (url: string): number => Number(/seed-(\d+)\.webp$/.exec(url)?.[1] ?? -1);
  const requested: number[] = [];
  const finished: { seed: number; at: number }[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/media/')) requested.push(seedOf(request.url()));
  });
  page.on('requestfinished', (request) => {
    if (request.url().includes('/media/')) finished.push({ seed: seedOf(request.url()), at: Date.now() });
  });

  // Wheel through the library as fast as frames come, counting the tiles that passed through the grid.
  const passed = await grid.evaluate(async (element) => {
    const seen = new Set<string>();
    const frame = (): Promise<unknown> => new Promise(requestAnimationFrame);
    for (let step = 0; step < 90; step++) {
      element.scrollTop += 900;
      await frame();
      for (const cell of element.querySelectorAll('[role="gridcell"]')) seen.add(cell.id);
    }
    return seen.size;
  });
  const requestedWhileScrolling = requested.length;

  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/invoke/library.list_assets') && (response.request().postData() ?? '').includes('lantern'),
  );
  await page.getByRole('searchbox', { name: 'Search prompts' }).fill('lantern');
  await answered;
  const searchedAt = Date.now();
  // The search's first screen: every tile in view a lantern, with its picture drawn.
  await expect
    .poll(
      () =>
        grid.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const cells = [...element.querySelectorAll('[role="gridcell"]')].filter((cell) => {
            const own = cell.getBoundingClientRect();
            return own.bottom > box.top && own.top < box.bottom;
          });
          return (
            cells.length > 0 &&
            cells.every((cell) => (cell.getAttribute('aria-label') ?? '').includes('lantern') && (cell.querySelector('img')?.naturalWidth ?? 0) > 0)
          );
        }),
      { timeout: 30_000 },
    )
    .toBe(true);

  // Far fewer thumbnails were fetched than tiles flew past: only those that stayed long enough for a turn.
  expect(passed).toBeGreaterThan(300);
  expect(requestedWhileScrolling).toBeLessThan(passed / 3);
  // After the search answered, what finished loading was the search's own (at most the few already on their way before it).
  const staleAfter = finished.filter(({ seed, at }) => at > searchedAt && !isLantern(seed));
  expect(staleAfter.length).toBeLessThanOrEqual(4);
});
