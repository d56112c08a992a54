/**
 * A search right after fast scrolling, for `gallery-frames`: each run opens the gallery in a fresh
 * browser context (cold cache), waits for its first screen, wheels quickly through a few thousand
 * thumbnails and at once types a Chinese word through an input method. Measured: from the
 * committed word to a screen of matching thumbnails, and the thumbnail fetches around it (the
 * browser's own network events: finished, cancelled), for a timeline of one run.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { afterInputReady, firstScreenAt, installProbe } from './frame-probe';

export interface ScrollSearchSide {
  url: string;
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
  grid: string;
  images: string;
  /** The thumbnails (library paths) a request fetches; none for other requests. */
  thumbnailsOf: (url: string) => string[];
}

/** One thumbnail fetch as the browser saw it (a request of a screen counts each of its thumbnails), in ms from the committed word (negative: before). */
interface ThumbnailFetch {
  path: string;
  startedMs: number;
  endedMs: number | null;
  outcome: 'finished' | 'cancelled' | 'failed' | 'unfinished';
  /** A thumbnail of the search's own first page (else of a tile scrolled past). */
  matching: boolean;
}

export interface ScrollSearchRun {
  term: string;
  toThumbnails: number;
  /** When the search's first page was asked for and answered, in ms from the committed word (null: not seen). */
  askedMs: number | null;
  answeredMs: number | null;
  /** Thumbnails fetched (finished) while wheeling, and those still on their way when the word was committed. */
  fetchedWhileScrolling: number;
  pendingAtSearch: number;
  /** Fetches of tiles scrolled past that finished after the word was committed. */
  staleFinishedAfter: number;
  cancelled: number;
  /** Thumbnail requests sent in the run (a screen of thumbnails is one). */
  requests: number;
  fetches: ThumbnailFetch[];
}

const VIEWPORT = { width: 1440, height: 900 };
const WHEEL_PX = 900;
const WHEEL_EVERY_MS = 16;
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Records thumbnail fetches with the time each started and ended (ms on this process's clock). */
async function recordFetches(page: Page, thumbnailsOf: (url: string) => string[]) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  type Fetch = { path: string; started: number; ended: number | null; outcome: ThumbnailFetch['outcome'] };
  const requests = new Map<string, Fetch[]>();
  cdp.on('Network.requestWillBeSent', (event) => {
    const paths = thumbnailsOf(event.request.url);
    const started = performance.now();
    if (paths.length > 0)
      requests.set(
        event.requestId,
        paths.map((path) => ({ path, started, ended: null, outcome: 'unfinished' })),
      );
  });
  const end = (requestId: string, outcome: ThumbnailFetch['outcome']): void => {
    const ended = performance.now();
    for (const fetch of requests.get(requestId) ?? []) Object.assign(fetch, { ended, outcome });
  };
  cdp.on('Network.loadingFinished', (event) => end(event.requestId, 'finished'));
  cdp.on('Network.loadingFailed', (event) => end(event.requestId, event.canceled === true ? 'cancelled' : 'failed'));
  return { cdp, all: () => [...requests.values()].flat(), requests: () => requests.size };
}

/** One run: open, first screen, `steps` fast wheel steps, then the search typed at once. */
async function oneRun(browser: Browser, side: ScrollSearchSide, steps: number, term: { term: string; pinyin: string }): Promise<ScrollSearchRun> {
  const context = await browser.newContext({ viewport: VIEWPORT, ...(side.storageState ? { storageState: side.storageState } : {}) });
  try {
    const page = await context.newPage();
    await installProbe(page);
    const network = await recordFetches(page, side.thumbnailsOf);
    await page.goto(side.url);
    await firstScreenAt(page, side.images, 60_000);
    const box = await page.locator(side.grid).first().boundingBox();
    if (!box) throw new Error('the gallery shows no grid');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const matchingPaths = new Set<string>();
    const isSearch = (url: string, body: string | null): boolean => url.endsWith('/api/invoke/library.list_assets') && (body ?? '').includes(term.term);
    const search: { asked: number | null; answered: number | null } = { asked: null, answered: null };
    page.on('request', (request) => {
      if (search.asked === null && isSearch(request.url(), request.postData())) search.asked = performance.now();
    });
    page.on('response', (response) => {
      if (!isSearch(response.url(), response.request().postData())) return;
      search.answered ??= performance.now();
      void response
        .json()
        .then((body: { value?: { items?: { thumbPath: string | null }[] } }) => {
          for (const item of body.value?.items ?? []) if (item.thumbPath) matchingPaths.add(item.thumbPath);
        })
        .catch(() => undefined);
    });
    const started = performance.now();
    for (let step = 0; step < steps; step++) {
      const due = started + step * WHEEL_EVERY_MS - performance.now();
      if (due > 0) await pause(due);
      await page.mouse.wheel(0, WHEEL_PX);
    }
    // The wheel's last steps drawn, then the word, as an artist who stops and types.
    await pause(100);
    const searchBox = page.getByRole('searchbox', { name: 'Search prompts' });
    await searchBox.click();
    const committedAt = performance.now();
    await network.cdp.send('Input.imeSetComposition', { text: term.pinyin, selectionStart: term.pinyin.length, selectionEnd: term.pinyin.length });
    await network.cdp.send('Input.insertText', { text: term.term });
    const ready = await afterInputReady(page, side.images, term.term, 30_000);
    if (ready === null) throw new Error(`the search for ${term.term} after scrolling showed no thumbnails within 30 s`);
    await pause(300);
    const fetches: ThumbnailFetch[] = network.all().map((fetch) => ({
      path: fetch.path,
      startedMs: fetch.started - committedAt,
      endedMs: fetch.ended === null ? null : fetch.ended - committedAt,
      outcome: fetch.outcome,
      matching: [...matchingPaths].some((path) => fetch.path.includes(path)),
    }));
    const before = fetches.filter((fetch) => fetch.startedMs < 0);
    return {
      term: term.term,
      toThumbnails: ready,
      askedMs: search.asked === null ? null : search.asked - committedAt,
      answeredMs: search.answered === null ? null : search.answered - committedAt,
      fetchedWhileScrolling: before.filter((fetch) => fetch.outcome === 'finished' && (fetch.endedMs ?? 0) < 0).length,
      pendingAtSearch: before.filter((fetch) => fetch.endedMs === null || fetch.endedMs >= 0).length,
      staleFinishedAfter: fetches.filter((fetch) => !fetch.matching && fetch.outcome === 'finished' && (fetch.endedMs ?? -1) >= 0).length,
      cancelled: fetches.filter((fetch) => fetch.outcome === 'cancelled').length,
      requests: network.requests(),
      fetches,
    };
  } finally {
    await context.close();
  }
}

/** `runs` scroll-then-search runs, each in a fresh context, the terms taken in turn. */
export async function scrollThenSearch(
  browser: Browser,
  side: ScrollSearchSide,
  options: { runs: number; steps: number; terms: readonly { term: string; pinyin: string }[] },
): Promise<ScrollSearchRun[]> {
  const runs: ScrollSearchRun[] = [];
  for (let index = 0; index < options.runs; index++) {
    const term = options.terms[index % options.terms.length];
    if (term) runs.push(await oneRun(browser, side, options.steps, term));
  }
  return runs;
}

/** Cumulative thumbnails finished over time around the search (one run): tiles scrolled past, and the search's own. */
export function fetchTimeline(run: ScrollSearchRun): { scrolledPast: [number, number][]; searched: [number, number][]; cancelled: [number, number][] } {
  const cumulative = (fetches: readonly ThumbnailFetch[]): [number, number][] => {
    const ends = fetches.map((fetch) => fetch.endedMs ?? 0).sort((a, b) => a - b);
    return ends.map((at, index) => [at, index + 1]);
  };
  const finished = run.fetches.filter((fetch) => fetch.outcome === 'finished');
  return {
    scrolledPast: cumulative(finished.filter((fetch) => !fetch.matching)),
    searched: cumulative(finished.filter((fetch) => fetch.matching)),
    cancelled: cumulative(run.fetches.filter((fetch) => fetch.outcome === 'cancelled')),
  };
}
