/**
 * Chinese searches typed into the gallery's box of a settled page, as an input method types them
 * (pinyin composed, the word committed): to the first screen of matching thumbnails, and the same
 * `library.list_assets` request replayed from the page (what the server and network take).
 */
import type { Browser } from '@playwright/test';
import { afterInputReady, firstScreenAt, installProbe } from './frame-probe';
import { VIEWPORT, type Side } from './gallery-turn';

/** Searches typed into the gallery, each a term of the Chinese prompts, as typed: pinyin composed, then the word committed. */
export const SEARCHES = [
  { term: '霓虹灯', pinyin: 'nihongdeng' },
  { term: '水墨山水', pinyin: 'shuimoshanshui' },
  { term: '熊猫', pinyin: 'xiongmao' },
];

export interface FreshSearches {
  toThumbnails: number[];
  request: number[];
  matched: number[];
}

/** Chinese searches typed into the gallery's box: to the first screen of matching thumbnails, and the request alone. */
export async function searches(browser: Browser, side: Side): Promise<FreshSearches> {
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
