/**
 * What the frame benchmark reads from inside the page, from the browser's own timeline:
 * requestAnimationFrame deltas, long tasks and long animation frames while recording, the
 * thumbnails that were on screen (an IntersectionObserver on every <img>), and the moment the
 * first screen of thumbnails is complete. Installed before any of the page's own code runs
 * (`addInitScript`), the same in the gallery and in the bare grid. Kept as page source text, not
 * a compiled function, so nothing of the bench's build (helpers, names) leaks into the page.
 */
import type { Page } from '@playwright/test';

/** One recording: every frame's duration (ms), long tasks (ms) and long animation frames. */
export interface Recording {
  frames: number[];
  longTasks: number[];
  /** Long animation frames: their duration and the part of it that blocked input (ms). */
  longFrames: { duration: number; blocking: number }[];
}

const PROBE = String.raw`
(() => {
  const state = { generation: 0, last: 0, frames: [], longTasks: [], longFrames: [], recording: false, seen: new Set(), lastInputAt: 0, firstScreenAt: null };
  const observeLong = (type, take) => {
    try {
      new PerformanceObserver((list) => { if (state.recording) for (const entry of list.getEntries()) take(entry); }).observe({ type, buffered: false });
    } catch (error) { /* not in this browser */ }
  };
  observeLong('longtask', (entry) => state.longTasks.push(entry.duration));
  observeLong('long-animation-frame', (entry) => state.longFrames.push({ duration: entry.duration, blocking: entry.blockingDuration || 0 }));
  const visibility = new IntersectionObserver((entries) => {
    for (const entry of entries) if (entry.isIntersecting && entry.target.src) state.seen.add(entry.target.src);
  });
  const watchImages = (root) => {
    if (root.tagName === 'IMG') visibility.observe(root);
    if (root.querySelectorAll) for (const image of root.querySelectorAll('img')) visibility.observe(image);
  };
  // A picture given its address after it came into view (the gallery's, once its screen's answer is in) is looked at again.
  new MutationObserver((changes) => {
    for (const change of changes) {
      if (change.type === 'attributes') { visibility.unobserve(change.target); visibility.observe(change.target); }
      else for (const node of change.addedNodes) if (node.nodeType === 1) watchImages(node);
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['src'] });
  document.addEventListener('input', (event) => { state.lastInputAt = event.timeStamp; }, true);
  // The first screen of thumbnails: every <img> of 'selector' in view complete and drawn, and at least one.
  const screenReady = (selector, cellsInclude) => {
    const images = [...document.querySelectorAll(selector)].filter((image) => {
      const box = image.getBoundingClientRect();
      return box.width > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
    });
    if (images.length === 0 || !images.every((image) => image.complete && image.naturalWidth > 0)) return false;
    if (cellsInclude === null) return true;
    const cells = [...document.querySelectorAll('[role="gridcell"]')].filter((cell) => {
      const box = cell.getBoundingClientRect();
      return box.bottom > 0 && box.top < innerHeight;
    });
    return cells.length > 0 && cells.every((cell) => (cell.getAttribute('aria-label') || '').includes(cellsInclude));
  };
  const untilReady = (selector, cellsInclude, since, timeoutMs) => new Promise((resolve) => {
    const check = (now) => {
      if (now >= since && screenReady(selector, cellsInclude)) resolve(now);
      else if (performance.now() - since > timeoutMs) resolve(null);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  const tick = (generation) => (now) => {
    if (!state.recording || generation !== state.generation) return;
    if (state.last > 0) state.frames.push(now - state.last);
    state.last = now;
    requestAnimationFrame(tick(generation));
  };
  globalThis.__benchProbe = {
    start() {
      state.generation += 1;
      Object.assign(state, { frames: [], longTasks: [], longFrames: [], last: 0, recording: true });
      requestAnimationFrame(tick(state.generation));
    },
    stop() {
      state.recording = false;
      return { frames: state.frames, longTasks: state.longTasks, longFrames: state.longFrames };
    },
    seen() { return [...state.seen]; },
    nodes() { return document.getElementsByTagName('*').length; },
    resetSeen() { state.seen.clear(); },
    firstScreen(selector, timeoutMs) { return untilReady(selector, null, 0, timeoutMs); },
    drawn(selector, timeoutMs) {
      return new Promise((resolve) => {
        const check = (now) => {
          if (document.querySelector(selector) !== null) resolve(now);
          else if (performance.now() > timeoutMs) resolve(null);
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
    },
    afterInput(selector, cellsInclude, timeoutMs) {
      const since = state.lastInputAt;
      return untilReady(selector, cellsInclude, since, timeoutMs).then((at) => (at === null ? null : at - since));
    },
  };
})();
`;

/** Installs the probe in every document the page opens from now on. */
export async function installProbe(page: Page): Promise<void> {
  await page.addInitScript(PROBE);
}

export function startRecording(page: Page): Promise<void> {
  return page.evaluate('globalThis.__benchProbe.start()');
}

export function stopRecording(page: Page): Promise<Recording> {
  return page.evaluate('globalThis.__benchProbe.stop()');
}

/** Milliseconds from navigation start to the first screen of thumbnails complete (null: not within the time). */
export function firstScreenAt(page: Page, selector: string, timeoutMs: number): Promise<number | null> {
  return page.evaluate(`globalThis.__benchProbe.firstScreen(${JSON.stringify(selector)}, ${String(timeoutMs)})`);
}

/**
 * Milliseconds from navigation start to the first frame with an element of `selector` (null: not
 * by `timeoutMs` after navigation start). Looked for every frame: a locator's wait asks again after
 * 0, 20, 50, 100 and 100 ms, then every 500 ms, and saw the Gallery's link 100-500 ms after it was drawn.
 */
export function drawnAt(page: Page, selector: string, timeoutMs: number): Promise<number | null> {
  return page.evaluate(`globalThis.__benchProbe.drawn(${JSON.stringify(selector)}, ${String(timeoutMs)})`);
}

/**
 * Milliseconds from the last input event (typing in a box) to a screen of thumbnails complete
 * whose every cell's label includes `text` (null: not within the time). Call right after typing.
 */
export function afterInputReady(page: Page, selector: string, text: string, timeoutMs: number): Promise<number | null> {
  return page.evaluate(`globalThis.__benchProbe.afterInput(${JSON.stringify(selector)}, ${JSON.stringify(text)}, ${String(timeoutMs)})`);
}

/** The addresses of thumbnails that were on screen since the last reset. */
export function seenThumbnails(page: Page): Promise<string[]> {
  return page.evaluate('globalThis.__benchProbe.seen()');
}

/** Elements in the document now (the DOM's size; detached nodes not yet collected are not counted). */
export function domNodes(page: Page): Promise<number> {
  return page.evaluate('globalThis.__benchProbe.nodes()');
}

export function resetSeen(page: Page): Promise<void> {
  return page.evaluate('globalThis.__benchProbe.resetSeen()');
}
