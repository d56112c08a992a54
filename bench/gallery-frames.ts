/**
 * The gallery as it feels in Chromium (web mode, built), over the shared library (100,000
 * assets; 20,000 with --quick) with a real thumbnail file behind every asset: the time from
 * opening the page to the first screen of thumbnails; frame times from the browser's own
 * timeline (requestAnimationFrame) while wheel-scrolling and after jumps to the end; long tasks;
 * DOM nodes and JS heap; thumbnails fetched against thumbnails on screen; and a Chinese search to
 * its first thumbnails. Baseline: a bare virtualised grid of the same files (`bare-grid.ts`) in
 * the same browser, scrolled the same way, in alternating turns with the gallery.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { libraryDatabaseFile } from '../src/main/core/library/database-location';
import { fullChromium } from '../tests/helpers/browsers';
import { startBareGrid } from './bare-grid';
import { sized, type BenchContext } from './context';
import {
  installProbe,
  startRecording,
  stopRecording,
  type Recording,
  firstScreenAt,
  domNodes,
  resetSeen,
  seenThumbnails,
  afterInputReady,
} from './frame-probe';
import { LIBRARY_SIZE, QUICK_LIBRARY_SIZE, sharedLibrary } from './library-fixture';
import { elapsedMs, percentile, summarise } from './measure';
import { distributionPlot, timeSeriesPlot } from './plot';
import { openToGallery, type OpenToGallery } from './open-to-gallery';
import { fetchTimeline, scrollThenSearch, type ScrollSearchRun } from './scroll-search';
import type { FigureRow, Table } from './table';
import { writeThumbnailFiles, type ThumbnailSet } from './thumbnail-files';
import { startWebStudio } from './web-studio';

const VIEWPORT = { width: 1440, height: 900 };
/** Wheel steps and jumps of a full run (`--quick`: half the steps, two jumps). */
const WHEEL_STEPS = { full: 200, quick: 100 };
const WHEEL_PX = 900;
const WHEEL_EVERY_MS = 16;
/** Jumps to the end (and back to the top between them), and how long frames are recorded after each. */
const JUMPS = { full: 6, quick: 2 };
const AFTER_JUMP_MS = 800;
/** Searches typed into the gallery, each a term of the Chinese prompts, as typed: pinyin composed, then the word committed. */
const SEARCHES = [
  { term: '霓虹灯', pinyin: 'nihongdeng' },
  { term: '水墨山水', pinyin: 'shuimoshanshui' },
  { term: '熊猫', pinyin: 'xiongmao' },
];
const LONG_FRAME_MS = 50;
/** Scroll-then-search runs (each in a fresh context) and the fast wheel steps before each search (a few thousand thumbnails). */
const SCROLL_SEARCH_RUNS = { full: 6, quick: 3 };
const SCROLL_SEARCH_STEPS = 120;
/** Runs from the launch address to the Gallery's first thumbnails, each in a fresh browser context. */
const OPEN_RUNS = { full: 6, quick: 3 };

/** How each side is opened and where its thumbnails live. */
interface Side {
  name: 'gallery' | 'bare grid';
  url: string;
  /** The session's cookies (the gallery); none for the bare grid. */
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
  /** The scrolling element. */
  grid: string;
  /** The tiles' pictures. */
  images: string;
  /** A thumbnail's address. */
  isThumbnail: (url: string) => boolean;
}

/** How much each turn does. */
interface Plan {
  wheelSteps: number;
  jumps: number;
}

/** What one turn on one side measured. */
interface Turn {
  firstScreenMs: number | null;
  wheel: Recording;
  jump: Recording;
  nodes: number;
  heapMb: number;
  fetched: number;
  fetchedBytes: number;
  onScreen: number;
}

interface Network {
  reset(): void;
  thumbnails(): { count: number; bytes: number };
}

/** Counts thumbnails fetched over the network (bytes on the wire) from the browser's own events. */
async function watchNetwork(
  page: Page,
  isThumbnail: (url: string) => boolean,
): Promise<Network & { metrics: () => Promise<{ nodes: number; heapMb: number }> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Performance.enable');
  const urls = new Map<string, string>();
  let count = 0;
  let bytes = 0;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (isThumbnail(event.request.url)) urls.set(event.requestId, event.request.url);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (!urls.delete(event.requestId)) return;
    count += 1;
    bytes += event.encodedDataLength;
  });
  return {
    reset: () => {
      count = 0;
      bytes = 0;
    },
    thumbnails: () => ({ count, bytes }),
    metrics: async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
      return { nodes: await domNodes(page), heapMb: heap / 1e6 };
    },
  };
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** 200 wheel steps of 900 px, one every 16 ms (as long as the browser takes each), over the grid. */
async function wheelScroll(page: Page, steps: number, sample: () => Promise<void>): Promise<void> {
  const started = performance.now();
  for (let step = 0; step < steps; step++) {
    const due = started + step * WHEEL_EVERY_MS - performance.now();
    if (due > 0) await pause(due);
    await page.mouse.wheel(0, WHEEL_PX);
    if (step % 50 === 49) await sample();
  }
  await pause(500);
}

/** One turn on one side, in a fresh browser context (cold cache): open, first screen, wheel, jumps. */
async function turn(browser: Browser, side: Side, plan: Plan): Promise<Turn> {
  const context = await browser.newContext({ viewport: VIEWPORT, ...(side.storageState ? { storageState: side.storageState } : {}) });
  try {
    const page = await context.newPage();
    await installProbe(page);
    const network = await watchNetwork(page, side.isThumbnail);
    await page.goto(side.url);
    const firstScreenMs = await firstScreenAt(page, side.images, 60_000);
    const grid = page.locator(side.grid).first();
    const box = await grid.boundingBox();
    if (!box) throw new Error(`the ${side.name} shows no grid`);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    let nodes = 0;
    let heapMb = 0;
    const sample = async (): Promise<void> => {
      const now = await network.metrics();
      nodes = Math.max(nodes, now.nodes);
      heapMb = Math.max(heapMb, now.heapMb);
    };
    await sample();
    await resetSeen(page);
    network.reset();
    await startRecording(page);
    await wheelScroll(page, plan.wheelSteps, sample);
    const wheel = await stopRecording(page);
    const onScreen = (await seenThumbnails(page)).filter(side.isThumbnail).length;
    const { count: fetched, bytes: fetchedBytes } = network.thumbnails();
    await startRecording(page);
    for (let jump = 0; jump < plan.jumps; jump++) {
      await grid.evaluate(
        (element, toEnd) => {
          const scroller = element as unknown as { scrollTop: number; scrollHeight: number };
          scroller.scrollTop = toEnd ? scroller.scrollHeight : 0;
        },
        jump % 2 === 0,
      );
      await pause(AFTER_JUMP_MS);
    }
    const jump = await stopRecording(page);
    await sample();
    return { firstScreenMs, wheel, jump, nodes, heapMb, fetched, fetchedBytes, onScreen };
  } finally {
    await context.close();
  }
}

/** Chinese searches typed into the gallery's box: to the first screen of matching thumbnails, and the request alone. */
async function searches(browser: Browser, side: Side): Promise<{ toThumbnails: number[]; request: number[]; matched: number[] }> {
  const context = await browser.newContext({ viewport: VIEWPORT, ...(side.storageState ? { storageState: side.storageState } : {}) });
  try {
    const page = await context.newPage();
    await installProbe(page);
    await page.goto(side.url);
    await firstScreenAt(page, side.images, 60_000);
    // Typed into a settled page: the count of the whole library shown (its counting done).
    const count = page.locator('.gallery-count');
    const shownCount = async (): Promise<number> => {
      await count.filter({ hasText: /\d/ }).waitFor({ timeout: 30_000 });
      return Number(((await count.textContent()) ?? '').replace(/[^\d]/g, ''));
    };
    await shownCount();
    const toThumbnails: number[] = [];
    const request: number[] = [];
    const matched: number[] = [];
    const cdp = await context.newCDPSession(page);
    const box = page.getByRole('searchbox', { name: 'Search prompts' });
    for (const { term, pinyin } of SEARCHES) {
      const asked = page.waitForRequest(
        (candidate) => candidate.url().endsWith('/api/invoke/library.list_assets') && (candidate.postData() ?? '').includes(term),
      );
      // As an input method types it: the pinyin composed over the box's text, then the word committed.
      await box.selectText();
      await cdp.send('Input.imeSetComposition', { text: pinyin, selectionStart: pinyin.length, selectionEnd: pinyin.length });
      await cdp.send('Input.insertText', { text: term });
      const ready = await afterInputReady(page, side.images, term, 30_000);
      if (ready === null) throw new Error(`the search for ${term} showed no thumbnails within 30 s`);
      if ((await box.inputValue()) !== term) throw new Error(`the search box holds "${await box.inputValue()}", not ${term}`);
      toThumbnails.push(ready);
      const sent = await asked;
      // The same request again from the page: what the server and the network take, nothing drawn.
      const replayed = await page.evaluate(
        async ({ url, headers, body }) => {
          const since = performance.now();
          const answer = await fetch(url, { method: 'POST', headers, body });
          await answer.json();
          return performance.now() - since;
        },
        { url: sent.url(), headers: sent.headers(), body: sent.postData() ?? '' },
      );
      request.push(replayed);
      // The search's own count, once counted (blank until then), so the next search starts on a settled page too.
      matched.push(await shownCount());
    }
    return { toThumbnails, request, matched };
  } finally {
    await context.close();
  }
}

const median = (values: readonly number[]): number =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const p95 = (values: readonly number[]): number =>
  percentile(
    [...values].sort((a, b) => a - b),
    95,
  );
const frames = (turns: readonly Turn[], phase: 'wheel' | 'jump'): number[] => turns.flatMap((one) => one[phase].frames);
const over = (values: readonly number[], limit: number): number => values.filter((value) => value > limit).length;

function figure(label: string, value: number, unit: string, raw?: number, target?: FigureRow['target']): FigureRow {
  return { figure: { label, value, unit }, ...(raw === undefined ? {} : { raw: { label, value: raw, unit } }), ...(target ? { target } : {}) };
}

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
      isThumbnail: (url) => url.includes('/media/') && url.endsWith('.thumb.webp'),
    };
    const bareSide: Side = { name: 'bare grid', url: bare.url, grid: '#grid', images: '#grid img', isThumbnail: (url) => url.includes('/thumb/') };
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

function framesTable(
  size: number,
  plan: Plan,
  gallery: readonly Turn[],
  baseline: readonly Turn[],
  search: Awaited<ReturnType<typeof searches>>,
  seedingMs: number,
  thumbnails: ThumbnailSet,
  context: BenchContext,
): Table {
  const wheel = { gallery: frames(gallery, 'wheel'), bare: frames(baseline, 'wheel') };
  const jump = { gallery: frames(gallery, 'jump'), bare: frames(baseline, 'jump') };
  const firstScreen = (turns: readonly Turn[]): number => median(turns.map((one) => one.firstScreenMs ?? Number.POSITIVE_INFINITY));
  const most = (turns: readonly Turn[], key: 'nodes' | 'heapMb'): number => Math.max(...turns.map((one) => one[key]));
  const perScreen = (turns: readonly Turn[]): number =>
    turns.reduce((sum, one) => sum + one.fetched, 0) /
    Math.max(
      1,
      turns.reduce((sum, one) => sum + one.onScreen, 0),
    );
  const longTasks = (turns: readonly Turn[]): number[] => turns.flatMap((one) => [...one.wheel.longTasks, ...one.jump.longTasks]);
  const mb = (turns: readonly Turn[]): number => turns.reduce((sum, one) => sum + one.fetchedBytes, 0) / 1e6 / turns.length;
  const plot = context.plot(
    'frames',
    distributionPlot({
      title: `Frame times in Chromium, ${size.toLocaleString('en-US')} items: gallery vs a bare grid`,
      valueLabel: 'frame time (ms, requestAnimationFrame deltas)',
      logScale: true,
      legendAt: 'bottom-right',
      series: [
        { name: 'gallery, wheel', values: wheel.gallery },
        { name: 'bare grid, wheel', values: wheel.bare },
        { name: 'gallery, jumps', values: jump.gallery },
        { name: 'bare grid, jumps', values: jump.bare },
      ],
    }),
  );
  const total = gallery.length;
  return {
    title: `Gallery frames in Chromium (web mode), ${size.toLocaleString('en-US')} items with thumbnails, vs a bare virtualised grid`,
    rows: [
      {
        stats: summarise(
          'bare grid frame, wheel',
          wheel.bare.map((ms) => ms * 1e6),
        ),
      },
      {
        stats: summarise(
          'gallery frame, wheel',
          wheel.gallery.map((ms) => ms * 1e6),
        ),
        raw: summarise(
          'bare',
          wheel.bare.map((ms) => ms * 1e6),
        ),
      },
    ],
    figures: [
      figure('p95 frame, wheel-scrolling', p95(wheel.gallery), 'ms', p95(wheel.bare), { ratioAtMost: 1.2 }),
      figure('median frame, wheel-scrolling', median(wheel.gallery), 'ms', median(wheel.bare)),
      figure(
        `frames over ${String(LONG_FRAME_MS)} ms, wheel-scrolling, per turn`,
        over(wheel.gallery, LONG_FRAME_MS) / total,
        'frames',
        over(wheel.bare, LONG_FRAME_MS) / baseline.length,
      ),
      figure('p95 frame, after jumps to the end', p95(jump.gallery), 'ms', p95(jump.bare), { ratioAtMost: 1.2 }),
      figure('first thumbnails after opening the page', firstScreen(gallery), 'ms', firstScreen(baseline), { atMost: 1000 }),
      figure('long tasks (> 50 ms), scroll and jumps, per turn', longTasks(gallery).length / total, 'tasks', longTasks(baseline).length / baseline.length),
      figure(
        'time in long tasks, per turn',
        longTasks(gallery).reduce((a, b) => a + b, 0) / total,
        'ms',
        longTasks(baseline).reduce((a, b) => a + b, 0) / baseline.length,
      ),
      figure('most DOM nodes', most(gallery, 'nodes'), 'nodes', most(baseline, 'nodes')),
      figure('most JS heap', most(gallery, 'heapMb'), 'MB', most(baseline, 'heapMb')),
      figure('thumbnails fetched per thumbnail on screen, wheel', perScreen(gallery), 'x', perScreen(baseline)),
      figure('thumbnail bytes fetched, wheel, per turn', mb(gallery), 'MB', mb(baseline)),
      figure('Chinese search to first thumbnails (median)', median(search.toThumbnails), 'ms', median(search.request), { atMost: 300 }),
    ],
    notes: [
      `${String(gallery.length)} turn(s) per side, alternating, each in a fresh browser context (cold cache); wheel: ${String(plan.wheelSteps)} steps of ${String(WHEEL_PX)} px, one every ${String(WHEEL_EVERY_MS)} ms; jumps: ${String(plan.jumps)}, to the end and back to the top, ${String(AFTER_JUMP_MS)} ms each`,
      `frames: ${String(wheel.gallery.length)} gallery and ${String(wheel.bare.length)} bare grid while wheeling; the gallery's end is the end of the pages loaded so far (it grows a page at a time), the bare grid knows every item`,
      `thumbnails on screen (gallery / bare, wheel, all turns): ${String(gallery.reduce((s, t) => s + t.onScreen, 0))} / ${String(baseline.reduce((s, t) => s + t.onScreen, 0))}; fetched: ${String(gallery.reduce((s, t) => s + t.fetched, 0))} / ${String(baseline.reduce((s, t) => s + t.fetched, 0))}`,
      `searches: ${SEARCHES.map(({ term }, index) => `${term} ${String(search.matched[index] ?? '?')} results, ${String(Math.round(search.toThumbnails[index] ?? 0))} ms to thumbnails, request ${String(Math.round(search.request[index] ?? 0))} ms`).join('; ')}; typed through an input method (pinyin composed, the word committed), from the committing input event to every tile in view matching with its thumbnail complete; raw: the same list_assets request replayed from the page`,
      `${String(thumbnails.distinct)} distinct WebP thumbnails (${(thumbnails.distinctBytes / 1e6).toFixed(1)} MB) hard-linked at ${thumbnails.entries.length.toLocaleString('en-US')} thumbnail paths; library, files and studio ready in ${(seedingMs / 1000).toFixed(1)} s`,
      `frame-time distribution: ${plot}`,
    ],
  };
}

/** The search right after fast scrolling, beside the fresh page's search, with a timeline of the slowest run's thumbnail fetches. */
function scrollSearchTable(
  size: number,
  runs: readonly ScrollSearchRun[],
  fresh: Awaited<ReturnType<typeof searches>>,
  context: BenchContext,
  openFailed?: string,
): Table {
  const times = runs.map((run) => run.toThumbnails);
  const slowest = runs.reduce((worst, run) => (run.toThumbnails > worst.toThumbnails ? run : worst));
  const timeline = fetchTimeline(slowest);
  const plot = context.plot(
    'scroll-search',
    timeSeriesPlot({
      title: `Thumbnails around a search after fast scrolling (${slowest.term}, slowest of ${String(runs.length)} runs, ${size.toLocaleString('en-US')} items)`,
      xLabel: 'ms from the committed word',
      yLabel: 'thumbnail fetches (cumulative)',
      series: [
        { name: 'finished: tiles scrolled past', points: timeline.scrolledPast, style: 'step' },
        { name: "finished: the search's own", points: timeline.searched, style: 'step' },
        { name: 'cancelled', points: timeline.cancelled, style: 'step' },
        ...(slowest.answeredMs === null
          ? []
          : [
              {
                name: `search answered (${String(Math.round(slowest.answeredMs))} ms)`,
                points: [
                  [slowest.answeredMs, 0],
                  [slowest.answeredMs, timeline.scrolledPast.length + timeline.searched.length],
                ] as [number, number][],
                style: 'dashed' as const,
              },
            ]),
        {
          name: `first screen of matches (${String(Math.round(slowest.toThumbnails))} ms)`,
          points: [
            [slowest.toThumbnails, 0],
            [slowest.toThumbnails, timeline.scrolledPast.length + timeline.searched.length],
          ],
          style: 'dashed',
        },
      ],
    }),
  );
  const sum = (key: 'fetchedWhileScrolling' | 'pendingAtSearch' | 'staleFinishedAfter' | 'cancelled'): number =>
    runs.reduce((total, run) => total + run[key], 0) / runs.length;
  return {
    title: `Gallery search right after fast scrolling (web mode, Chromium), ${size.toLocaleString('en-US')} items`,
    rows: [],
    figures: [
      figure('search after fast scrolling to first thumbnails (median)', median(times), 'ms', median(fresh.toThumbnails), { atMost: 300 }),
      figure('search after fast scrolling to first thumbnails (slowest)', Math.max(...times), 'ms', Math.max(...fresh.toThumbnails), { atMost: 300 }),
      figure('thumbnails of tiles scrolled past finishing after the word, per run', sum('staleFinishedAfter'), 'fetches'),
      figure('thumbnail fetches cancelled, per run', sum('cancelled'), 'fetches'),
      figure('thumbnails fetched while wheeling, per run', sum('fetchedWhileScrolling'), 'fetches'),
    ],
    notes: [
      `${String(runs.length)} runs, each in a fresh browser context (cold cache): first screen, ${String(SCROLL_SEARCH_STEPS)} wheel steps of 900 px one every 16 ms, then a Chinese word typed through an input method at once; raw: the fresh page's search (the table above), each figure beside its like (median, slowest)`,
      `per run: ${runs.map((run) => `${run.term} ${String(Math.round(run.toThumbnails))} ms (page asked at ${String(Math.round(run.askedMs ?? NaN))} ms, answered at ${String(Math.round(run.answeredMs ?? NaN))} ms; ${String(run.pendingAtSearch)} thumbnails on their way at the word, ${String(run.staleFinishedAfter)} of tiles scrolled past finished after it, ${String(run.cancelled)} cancelled)`).join('; ')}`,
      `timeline of the slowest run: ${plot}`,
      ...(openFailed === undefined ? [] : [`the launch address to the Gallery did not finish: ${openFailed}`]),
    ],
  };
}

/** From opening the launch address to the Gallery's first thumbnails, beside the bare grid's first screen (the least a page of thumbnails takes). */
function openTable(size: number, opened: readonly OpenToGallery[], gallery: readonly Turn[], baseline: readonly Turn[]): Table {
  const bare = median(baseline.map((one) => one.firstScreenMs ?? Number.POSITIVE_INFINITY));
  const direct = median(gallery.map((one) => one.firstScreenMs ?? Number.POSITIVE_INFINITY));
  return {
    title: `From the launch address to the Gallery's first thumbnails (web mode, Chromium), ${size.toLocaleString('en-US')} items`,
    rows: [],
    figures: [
      figure("launch address to the Gallery's first thumbnails (median)", median(opened.map((one) => one.totalMs)), 'ms', bare, { atMost: 1000 }),
      figure("launch address to the Gallery's first thumbnails (slowest)", Math.max(...opened.map((one) => one.totalMs)), 'ms', bare, { atMost: 1000 }),
      figure('launch address to the navigation shown (Create loaded), median', median(opened.map((one) => one.navigationMs)), 'ms'),
      figure("the Gallery's own address (with a session) to first thumbnails", direct, 'ms', bare),
    ],
    notes: [
      `${String(opened.length)} runs, each a fresh browser context: the one-time launch address opened (code traded for a session, redirect to the studio's host name, Create loading), the Gallery chosen in the navigation as soon as it shows, until every thumbnail of its first screen is complete; raw: the bare grid's first screen of the same thumbnails`,
      `per run (ms): ${opened.map((one) => `${String(Math.round(one.totalMs))} (navigation at ${String(Math.round(one.navigationMs))})`).join(', ')}`,
    ],
  };
}
