/**
 * The tables of `gallery-frames`: frames, first screen and search against the bare grid; the
 * search right after fast scrolling with its fetch timeline; the launch address to the Gallery.
 */
import type { BenchContext } from './context';
import { percentile, summarise } from './measure';
import type { OpenToGallery } from './open-to-gallery';
import { distributionPlot, timeSeriesPlot } from './plot';
import { fetchTimeline, type ScrollSearchRun } from './scroll-search';
import { SEARCHES, type FreshSearches } from './gallery-search';
import { AFTER_JUMP_MS, WHEEL_EVERY_MS, WHEEL_PX, type Plan, type Turn } from './gallery-turn';
import type { FigureRow, Table } from './table';
import type { ThumbnailSet } from './thumbnail-files';

const LONG_FRAME_MS = 50;
/** Fast wheel steps before each search after scrolling (a few thousand thumbnails). */
export const SCROLL_SEARCH_STEPS = 120;

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

export function framesTable(
  size: number,
  plan: Plan,
  gallery: readonly Turn[],
  baseline: readonly Turn[],
  search: FreshSearches,
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
export function scrollSearchTable(size: number, runs: readonly ScrollSearchRun[], fresh: FreshSearches, context: BenchContext, openFailed?: string): Table {
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
  const sum = (key: 'fetchedWhileScrolling' | 'pendingAtSearch' | 'staleFinishedAfter' | 'cancelled' | 'requests'): number =>
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
      figure('thumbnail requests per run (a screen of thumbnails is one)', sum('requests'), 'requests'),
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
export function openTable(size: number, opened: readonly OpenToGallery[], gallery: readonly Turn[], baseline: readonly Turn[]): Table {
  const bare = median(baseline.map((one) => one.firstScreenMs ?? Number.POSITIVE_INFINITY));
  const direct = median(gallery.map((one) => one.firstScreenMs ?? Number.POSITIVE_INFINITY));
  return {
    title: `From the launch address to the Gallery's first thumbnails (web mode, Chromium), ${size.toLocaleString('en-US')} items`,
    rows: [],
    figures: [
      figure("launch address to the Gallery's first thumbnails (median)", median(opened.map((one) => one.totalMs)), 'ms', bare, { atMost: 1000 }),
      figure("launch address to the Gallery's first thumbnails (slowest)", Math.max(...opened.map((one) => one.totalMs)), 'ms', bare, { atMost: 1000 }),
      figure('launch address to the navigation shown (drawn while the first page loads), median', median(opened.map((one) => one.navigationMs)), 'ms'),
      figure("the Gallery's own address (with a session) to first thumbnails", direct, 'ms', bare),
    ],
    notes: [
      `${String(opened.length)} runs, each a fresh browser context: the one-time launch address opened (code traded for a session, redirect to the studio's host name, the window's code; the frame and its navigation are drawn while Create's page code loads), the Gallery chosen in the navigation as soon as it shows, until every thumbnail of its first screen is complete; raw: the bare grid's first screen of the same thumbnails`,
      `per run (ms): ${opened.map((one) => `${String(Math.round(one.totalMs))} (navigation at ${String(Math.round(one.navigationMs))})`).join(', ')}`,
    ],
  };
}
