/**
 * The gallery as it feels in Chromium (web mode, built), over the shared library (100,000
 * assets; 20,000 with --quick) with a real thumbnail file behind every asset: the time from
 * opening the page to the first screen of thumbnails; frame times from the browser's own
 * timeline (requestAnimationFrame) while wheel-scrolling and after jumps to the end; long tasks;
 * DOM nodes and JS heap; thumbnails fetched against thumbnails on screen; and a Chinese search to
 * its first thumbnails (`gallery-turn.ts`, `gallery-search.ts`, `gallery-tables.ts`). Baseline: a bare virtualised grid of the same files (`bare-grid.ts`) in
 * the same browser, scrolled the same way, in alternating turns with the gallery.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { libraryDatabaseFile } from '../src/main/core/library/database-location';
import { fullChromium } from '../tests/helpers/browsers';
import { startBareGrid } from './bare-grid';
import { sized, type BenchContext } from './context';
import { searches, SEARCHES } from './gallery-search';
import { framesTable, openTable, scrollSearchTable, SCROLL_SEARCH_STEPS } from './gallery-tables';
import { turn, VIEWPORT, type Plan, type Side, type Turn } from './gallery-turn';
import { LIBRARY_SIZE, QUICK_LIBRARY_SIZE, sharedLibrary } from './library-fixture';
import { elapsedMs } from './measure';
import { openToGallery, type OpenToGallery } from './open-to-gallery';
import { scrollThenSearch } from './scroll-search';
import type { Table } from './table';
import { writeThumbnailFiles, type ThumbnailSet } from './thumbnail-files';
import { startWebStudio } from './web-studio';

/** Wheel steps and jumps of a full run (`--quick`: half the steps, two jumps). */
const WHEEL_STEPS = { full: 200, quick: 100 };
const JUMPS = { full: 6, quick: 2 };
/** Scroll-then-search runs, each in a fresh context. */
const SCROLL_SEARCH_RUNS = { full: 6, quick: 3 };
/** Runs from the launch address to the Gallery's first thumbnails, each in a fresh browser context. */
const OPEN_RUNS = { full: 6, quick: 3 };

/** The browser session's cookies, from the launch address (it sends the browser on to the run's own host name). */
async function session(browser: Browser, launchUrl: string): Promise<{ origin: string; storageState: Side['storageState'] }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(launchUrl);
    return { origin: new URL(page.url()).origin, storageState: await context.storageState() };
  } finally {
    await context.close();
  }
}

/** The library paths of the thumbnails a gallery request fetches: a screen of them (`/media-thumbnails`), or one (`/media`). */
function galleryThumbnails(url: string): string[] {
  const { pathname, searchParams } = new URL(url);
  if (pathname === '/media-thumbnails') return searchParams.getAll('path');
  return pathname.startsWith('/media/') && pathname.endsWith('.thumb.webp') ? [decodeURIComponent(pathname.slice('/media/'.length))] : [];
}

export async function run(context: BenchContext): Promise<Table[]> {
  const size = sized(context, LIBRARY_SIZE, QUICK_LIBRARY_SIZE);
  const rounds = sized(context, 2, 1);
  const plan: Plan = { wheelSteps: sized(context, WHEEL_STEPS.full, WHEEL_STEPS.quick), jumps: sized(context, JUMPS.full, JUMPS.quick) };
  const seedingStarted = process.hrtime.bigint();
  const fixture = sharedLibrary(size);
  let thumbnails: ThumbnailSet | undefined;
  let libraryRoot = '';
  const studio = await startWebStudio(async (dataDir) => {
    libraryRoot = join(dataDir, 'library');
    mkdirSync(libraryRoot, { recursive: true, mode: 0o700 });
    fixture.copyTo(libraryDatabaseFile(dataDir, libraryRoot));
    thumbnails = await writeThumbnailFiles(fixture.db, libraryRoot, join(dataDir, 'thumbnail-pictures'), sized(context, 75, 25));
  });
  const seedingMs = elapsedMs(seedingStarted);
  if (!thumbnails) throw new Error('no thumbnails were written');
  const bare = await startBareGrid(thumbnails.entries, libraryRoot);
  const browser = await chromium.launch(fullChromium);
  try {
    const { origin, storageState } = await session(browser, studio.launchUrl);
    const gallerySide: Side = {
      name: 'gallery',
      url: `${origin}/#/gallery`,
      storageState,
      grid: '[role="grid"].asset-grid',
      images: 'img.tile-media',
      // Shown through object URLs of the screen's one answer (`/media-thumbnails`), `data:` addresses for a new first screen, or `/media` itself for a picture it did not serve.
      isThumbnail: (url) => url.startsWith('blob:') || url.startsWith('data:image/') || galleryThumbnails(url).length > 0,
      thumbnailsOf: galleryThumbnails,
    };
    const bareSide: Side = {
      name: 'bare grid',
      url: bare.url,
      grid: '#grid',
      images: '#grid img',
      isThumbnail: (url) => url.includes('/thumb/'),
      thumbnailsOf: (url) => (url.includes('/thumb/') ? [url] : []),
    };
    const gallery: Turn[] = [];
    const baseline: Turn[] = [];
    // Alternating turns, so the machine's drift falls on both alike.
    for (let round = 0; round < rounds; round++) {
      baseline.push(await turn(browser, bareSide, plan));
      gallery.push(await turn(browser, gallerySide, plan));
    }
    const search = await searches(browser, gallerySide);
    const afterScroll = await scrollThenSearch(browser, gallerySide, {
      runs: sized(context, SCROLL_SEARCH_RUNS.full, SCROLL_SEARCH_RUNS.quick),
      steps: SCROLL_SEARCH_STEPS,
      terms: SEARCHES,
    });
    const opened: OpenToGallery[] = [];
    let openFailed: string | undefined;
    try {
      for (let index = 0; index < sized(context, OPEN_RUNS.full, OPEN_RUNS.quick); index++) {
        opened.push(await openToGallery(browser, await studio.newLaunchUrl(), gallerySide.images));
      }
    } catch (error) {
      openFailed = error instanceof Error ? error.message : String(error);
    }
    return [
      framesTable(size, plan, gallery, baseline, search, seedingMs, thumbnails, context),
      scrollSearchTable(size, afterScroll, search, context, openFailed),
      ...(opened.length > 0 ? [openTable(size, opened, gallery, baseline)] : []),
    ];
  } finally {
    await browser.close();
    await bare.close();
    await studio.close();
  }
}
