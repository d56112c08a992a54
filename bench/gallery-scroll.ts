/**
 * The gallery of a 20,000-item library (2,500 with `--quick`) scrolled to its end in Chromium (web mode, built with
 * `npm run build`): each step scrolls to the bottom and waits until the next page has grown the
 * grid. Compared with the raw cost of one page: the same `library.list_assets` request replayed
 * from the page, with nothing drawn. The notes give the DOM's high-water mark against the bounds
 * the gallery keeps (a few dozen tiles, not thousands) and how many pages were asked for.
 */
import { join } from 'node:path';
import { chromium, type Page, type Request } from '@playwright/test';
import { fullChromium } from '../tests/helpers/browsers';
import { seedLibraryAssets } from '../tests/helpers/seed-assets';
import { elapsedMs, summarise } from './measure';
import type { Table } from './table';
import { sized, type BenchContext } from './context';
import { startWebStudio } from './web-studio';

/** Items in the library (`--quick`: an eighth, so the quick run stays short). */
const ITEMS = { full: 20_000, quick: 2_500 };
/** The renderer's page size; main allows at most 200. */
const ONE_PAGE = 60;
/** What the gallery promises at any scroll position, whatever the library's size. */
const MOST_TILES = 120;
const MOST_DOM_NODES = 2_500;
const PAGE_ROUTE = '/api/invoke/library.list_assets';
/** Times the first-page request is replayed for the raw baseline. */
const REPLAYS = { full: 200, quick: 100 };

interface ScrollRun {
  /** Milliseconds from a scroll to the bottom to the grid having grown (or reached the end). */
  stepsMs: number[];
  totalMs: number;
  nodes: number;
  tiles: number;
}

/** The browser APIs the in-page code uses (the benchmarks compile without the DOM library). */
interface InPage {
  requestAnimationFrame(callback: () => void): number;
  document: { getElementsByTagName(name: string): { length: number } };
}
interface GridElement {
  scrollHeight: number;
  scrollTop: number;
  querySelector(selector: string): unknown;
  querySelectorAll(selector: string): { length: number };
}

/**
 * Scrolls the grid to its oldest item, in the page so the figures are the gallery's, not the
 * driver's round trips. (No named functions inside: tsx would wrap them in a helper the page lacks.)
 */
function scrollToEnd(page: Page): Promise<ScrollRun> {
  return page.getByRole('grid', { name: 'Results' }).evaluate(async (gridElement) => {
    const element = gridElement as unknown as GridElement;
    const browser = globalThis as unknown as InPage;
    const oldest = '[role="gridcell"][aria-label^="seeded prompt 0 · "]';
    const stepsMs: number[] = [];
    let nodes = 0;
    let tiles = 0;
    const started = performance.now();
    for (let step = 0; step < 1000 && element.querySelector(oldest) === null; step += 1) {
      const height = element.scrollHeight;
      element.scrollTop = height;
      const since = performance.now();
      do await new Promise((resolve) => browser.requestAnimationFrame(() => resolve(undefined)));
      while (element.scrollHeight === height && element.querySelector(oldest) === null && performance.now() - since < 10_000);
      // One more frame, so the new rows are drawn.
      await new Promise((resolve) => browser.requestAnimationFrame(() => resolve(undefined)));
      stepsMs.push(performance.now() - since);
      nodes = Math.max(nodes, browser.document.getElementsByTagName('*').length);
      tiles = Math.max(tiles, element.querySelectorAll('[role="gridcell"]').length);
    }
    return { stepsMs, totalMs: performance.now() - started, nodes, tiles };
  });
}

/** Replays a captured page request `times` times from the page; the milliseconds of each. */
function replay(page: Page, request: Request, times: number): Promise<number[]> {
  const captured = { url: request.url(), headers: request.headers(), body: request.postData() ?? '' };
  return page.evaluate(
    async ({ url, headers, body, times: count }) => {
      const samples: number[] = [];
      for (let index = 0; index < count; index += 1) {
        const since = performance.now();
        const answer = await fetch(url, { method: 'POST', headers, body });
        await answer.json();
        if (!answer.ok) throw new Error(`${url} answered ${String(answer.status)}`);
        samples.push(performance.now() - since);
      }
      return samples;
    },
    { ...captured, times },
  );
}

const toNs = (ms: number[]): number[] => ms.map((value) => value * 1e6);

export async function run(context: BenchContext): Promise<Table[]> {
  const items = sized(context, ITEMS.full, ITEMS.quick);
  const seedingStarted = process.hrtime.bigint();
  const studio = await startWebStudio((dataDir) => {
    seedLibraryAssets({ dataDir, libraryRoot: join(dataDir, 'library') }, items, (index) => ({
      model: index % 2 === 0 ? 'gen-image-2' : 'nova-3.1-flash-image-preview',
    }));
  });
  const seedingMs = elapsedMs(seedingStarted);
  const browser = await chromium.launch(fullChromium);
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const pageRequests: Request[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(PAGE_ROUTE)) pageRequests.push(request);
    });
    await page.goto(studio.launchUrl);
    // The launch address sends the browser on to the run's own host name, where its session lives.
    await page.goto(`${new URL(page.url()).origin}/#/gallery`);
    // Generous: on shared, busy cores the studio's first answers have taken over 30 s.
    await page.getByRole('gridcell', { name: new RegExp(`^seeded prompt ${String(items - 1)} · `) }).waitFor({ timeout: 120_000 });
    const first = pageRequests[0];
    if (first === undefined) throw new Error('the gallery asked for no page');

    const scrolled = await scrollToEnd(page);
    if (scrolled.stepsMs.length === 0) throw new Error('the gallery did not scroll');
    const limits = pageRequests.map((request) => (request.postDataJSON() as { input?: { limit?: number } } | null)?.input?.limit ?? Number.POSITIVE_INFINITY);
    const raw = summarise(
      `one page of ${String(ONE_PAGE)} over HTTP, nothing drawn (replayed request)`,
      toNs(await replay(page, first, sized(context, REPLAYS.full, REPLAYS.quick))),
    );
    const steps = summarise('scroll step: next page fetched, grid grown and drawn', toNs(scrolled.stepsMs));
    const within = (value: number, bound: number): string =>
      `${value.toLocaleString('en-US')} (bound ${bound.toLocaleString('en-US')}${value > bound ? ', EXCEEDED' : ''})`;
    return [
      {
        title: `Gallery scroll through ${items.toLocaleString('en-US')} items in Chromium (web mode)`,
        rows: [{ stats: raw }, { stats: steps, raw }],
        notes: [
          `to the end: ${(scrolled.totalMs / 1000).toFixed(1)} s, ${String(scrolled.stepsMs.length)} steps; library seeded and studio started in ${(seedingMs / 1000).toFixed(1)} s`,
          `page requests: ${String(pageRequests.length)} (at least ${String(Math.ceil(items / ONE_PAGE))} needed), largest limit asked ${String(Math.max(...limits))} (bound ${String(ONE_PAGE)})`,
          `most tiles in the DOM: ${within(scrolled.tiles, MOST_TILES)}; most DOM nodes: ${within(scrolled.nodes, MOST_DOM_NODES)}`,
        ],
      },
    ];
  } finally {
    await browser.close();
    await studio.close();
  }
}
