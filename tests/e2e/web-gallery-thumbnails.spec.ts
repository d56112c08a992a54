// Fast scrolling through the gallery, then a search: a screen of thumbnails comes in one request
// (`/media-thumbnails`), tiles that flew past are never asked for (or their request is cancelled
// once they have all left), so the search's own thumbnails do not wait behind them. The network
// is slowed (each request 150 ms) so fetches take as long as they do on a busy machine with a
// large library. Its timings are `npm run bench -- gallery-frames` (search after fast scrolling).
import { linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { seedLibraryAssets } from '../helpers/seed-assets';
import { startWebMode, type WebModeStudio } from './support/web-mode';

const ITEMS = 1_200;
/** Every tenth result is a lantern: the search finds 120. */
const isLantern = (index: number): boolean => index % 10 === 0;

/**
 * Installed in the page before its code: each thumbnail request as the window sends it, with the
 * results it asks for and the results whose tiles are in the grid at that moment (both by the
 * seed number in the prompt), and how it ended.
 */
const WATCH_THUMBNAIL_REQUESTS = String.raw`
(() => {
  const seedsOf = (texts, pattern) => texts.map((text) => Number(pattern.exec(text)?.[1] ?? -1));
  const requests = [];
  globalThis.__thumbnailRequests = requests;
  const fetchBefore = globalThis.fetch;
  globalThis.fetch = function (input, init) {
    const url = new URL(typeof input === 'string' ? input : input.url, location.href);
    if (url.pathname !== '/media-thumbnails') return fetchBefore.call(this, input, init);
    const record = {
      asked: seedsOf(url.searchParams.getAll('path'), /seed-(\d+)\.webp$/),
      inGrid: seedsOf([...document.querySelectorAll('[role="gridcell"]')].map((cell) => cell.getAttribute('aria-label') || ''), /(?:lantern|prompt) (\d+)/),
      outcome: 'pending',
    };
    requests.push(record);
    const answer = fetchBefore.call(this, input, init);
    answer.then((response) => response.clone().arrayBuffer()).then(() => { record.outcome = 'finished'; }, () => { record.outcome = init?.signal?.aborted ? 'cancelled' : 'failed'; });
    return answer;
  };
})();
`;

interface ThumbnailRequest {
  asked: number[];
  inGrid: number[];
  outcome: 'pending' | 'finished' | 'cancelled' | 'failed';
}

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
  await page.addInitScript(WATCH_THUMBNAIL_REQUESTS);
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
  // The first screen shows its pictures, each from the screen's one answer.
  const firstScreen = await grid.locator('img').evaluateAll((images) => images.map((image) => ({ src: image.getAttribute('src') ?? '' })));
  expect(firstScreen.length).toBeGreaterThan(10);
  await expect.poll(() => grid.locator('img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0))).toBe(true);
  expect(await grid.locator('img').evaluateAll((images) => images.every((image) => /^(data:image\/|blob:)/.test(image.getAttribute('src') ?? '')))).toBe(true);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: -1, uploadThroughput: -1 });
  const requests = (): Promise<ThumbnailRequest[]> =>
    page.evaluate(() => (globalThis as unknown as { __thumbnailRequests: ThumbnailRequest[] }).__thumbnailRequests);
  const before = (await requests()).length;

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
  const whileScrolling = (await requests()).slice(before);

  await page.getByRole('searchbox', { name: 'Search prompts' }).fill('lantern');
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
  const all = (await requests()).slice(before);

  // Far fewer thumbnails were asked for than tiles flew past, a screen a request: only those that stayed long enough to ask.
  // A screen a request, and few of them while the wheel flew (it asked a picture a tile before); tiles
  // passing through the grid for a frame or two are asked for by none.
  expect(passed).toBeGreaterThan(300);
  expect(whileScrolling.length).toBeLessThan(passed / 10);
  const askedWhileScrolling = whileScrolling.reduce((sum, request) => sum + request.asked.length, 0);
  expect(askedWhileScrolling).toBeLessThan(passed);
  // No request ever named a tile no longer in the grid; one whose tiles all left was cancelled, and
  // none for the tiles the search replaced still goes on once its screen is drawn.
  for (const request of all) expect(request.asked.filter((seed) => !request.inGrid.includes(seed))).toEqual([]);
  expect(whileScrolling.some((request) => request.outcome === 'cancelled')).toBe(true);
  expect(all.filter((request) => !request.asked.every(isLantern)).map((request) => request.outcome)).not.toContain('pending');
  // The search's own screen came in its own request(s), naming lanterns only.
  const searched = all.filter((request) => request.asked.some(isLantern) && request.asked.every(isLantern));
  expect(searched.length).toBeGreaterThan(0);
});
