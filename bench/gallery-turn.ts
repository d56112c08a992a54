/**
 * One turn of `gallery-frames` on one side (the gallery or the bare grid), in a fresh browser
 * context: open, the first screen of thumbnails, wheel-scrolling and jumps to the end, with the
 * frames, long tasks, DOM nodes, JS heap and thumbnails fetched (CDP network events) on the way.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { domNodes, firstScreenAt, installProbe, resetSeen, seenThumbnails, startRecording, stopRecording, type Recording } from './frame-probe';

export const VIEWPORT = { width: 1440, height: 900 };
export const WHEEL_PX = 900;
export const WHEEL_EVERY_MS = 16;
/** How long frames are recorded after each jump to the end (or back to the top). */
export const AFTER_JUMP_MS = 800;

/** How each side is opened and where its thumbnails live. */
export interface Side {
  name: 'gallery' | 'bare grid';
  url: string;
  /** The session's cookies (the gallery); none for the bare grid. */
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
  /** The scrolling element. */
  grid: string;
  /** The tiles' pictures. */
  images: string;
  /** A thumbnail's address as a tile shows it (for thumbnails on screen). */
  isThumbnail: (url: string) => boolean;
  /** The thumbnails a request fetches (the gallery asks for a screen in one), none for other requests. */
  thumbnailsOf: (url: string) => string[];
}

/** How much each turn does. */
export interface Plan {
  wheelSteps: number;
  jumps: number;
}

/** What one turn on one side measured. */
export interface Turn {
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
  thumbnailsOf: (url: string) => string[],
): Promise<Network & { metrics: () => Promise<{ nodes: number; heapMb: number }> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Performance.enable');
  const asked = new Map<string, number>();
  let count = 0;
  let bytes = 0;
  cdp.on('Network.requestWillBeSent', (event) => {
    const thumbnails = thumbnailsOf(event.request.url).length;
    if (thumbnails > 0) asked.set(event.requestId, thumbnails);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const thumbnails = asked.get(event.requestId);
    if (thumbnails === undefined) return;
    asked.delete(event.requestId);
    count += thumbnails;
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
export async function turn(browser: Browser, side: Side, plan: Plan): Promise<Turn> {
  const context = await browser.newContext({ viewport: VIEWPORT, ...(side.storageState ? { storageState: side.storageState } : {}) });
  try {
    const page = await context.newPage();
    await installProbe(page);
    const network = await watchNetwork(page, side.thumbnailsOf);
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
