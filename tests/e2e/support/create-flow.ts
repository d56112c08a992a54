import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import sharp from 'sharp';
import { saveScreenshot } from './screenshots';

/** A file as a test hands it to the page. */
export interface TestFile {
  name: string;
  mimeType: string;
  bytes: Buffer;
}

/** A picture with a different colour in each quarter, so a repainted area is easy to tell. */
export async function quarteredPng(width: number, height: number, name: string): Promise<TestFile> {
  const halfW = Math.floor(width / 2);
  const halfH = Math.floor(height / 2);
  const square = (w: number, h: number, r: number, g: number, b: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .composite([
      { input: await square(halfW, halfH, 230, 80, 40), left: 0, top: 0 },
      { input: await square(width - halfW, height - halfH, 40, 180, 90), left: halfW, top: halfH },
    ])
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', bytes };
}

/** Drops files on a drop zone as the desktop does (a drag carrying files). */
export async function dropFiles(target: Locator, files: readonly TestFile[]): Promise<void> {
  // Bytes cross as Base64: an array of numbers of a file of megabytes takes minutes to serialise on a busy machine.
  const dataTransfer = await target.page().evaluateHandle(
    (list) => {
      const transfer = new DataTransfer();
      for (const file of list) {
        const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: file.mimeType }));
      }
      return transfer;
    },
    files.map((file) => ({ name: file.name, mimeType: file.mimeType, base64: Buffer.from(file.bytes).toString('base64') })),
  );
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

/** Calls a studio route the way the window does (its session cookie), to read what a user cannot see on screen. */
export async function callStudio<T>(page: Page, route: string, input: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ route: name, input: body }) => {
      const response = await fetch(`/api/invoke/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ input: body }),
      });
      return (await response.json()) as { ok: boolean; value?: unknown; error?: unknown };
    },
    { route, input },
  );
  if (!answer.ok) throw new Error(`${route} failed: ${JSON.stringify(answer.error)}`);
  return answer.value as T;
}

/**
 * Fetches bytes the window can fetch: library media with its session cookie (from the page, since
 * the studio's own `*.localhost` name is resolved by the browser only), anything else as is.
 */
export async function fetchBytes(page: Page, url: string): Promise<Buffer> {
  const target = new URL(url, page.url());
  if (target.origin !== new URL(page.url()).origin) {
    const response = await page.request.get(target.href);
    expect(response.ok()).toBe(true);
    return Buffer.from(await response.body());
  }
  const base64 = await page.evaluate(async (address) => {
    const response = await fetch(address);
    if (!response.ok) throw new Error(`${address} answered ${String(response.status)}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    let binary = '';
    for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    return btoa(binary);
  }, target.href);
  return Buffer.from(base64, 'base64');
}

/** Opens the model picker and chooses the entry whose name starts with `name`. */
export async function chooseModel(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: /^Model/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a model' });
  await dialog.getByRole('option', { name }).first().click();
  await expect(dialog).toBeHidden();
}

/** Chooses an option of a segmented control ("How it runs", "What to do") as a user does: by clicking it. */
export async function chooseSegment(page: Page, group: string, option: string): Promise<void> {
  const segments = page.getByRole('group', { name: group });
  // `has` is looked up inside each label.
  await segments.locator('label', { has: page.getByRole('radio', { name: option, exact: true }) }).click();
  await expect(segments.getByRole('radio', { name: option, exact: true })).toBeChecked();
}

const LOOKS = [
  { language: 'en', theme: 'light' },
  { language: 'en', theme: 'dark' },
  { language: 'zh-CN', theme: 'light' },
  { language: 'zh-CN', theme: 'dark' },
] as const;

/**
 * Closes every notification on screen. One may also close itself (its time ran out) between being
 * counted and being clicked: that one is left to go, instead of waiting for a button that is gone.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Dismiss' });
  while ((await toasts.count()) > 0) {
    await toasts
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
}

/**
 * Saves the screen as it is in both languages and both themes (`test-results/create/<name>-<language>-<theme>.png`),
 * at the laptop size and a small window, then returns to English and the light theme.
 */
export async function screenshotLooks(
  page: Page,
  name: string,
  sizes: readonly { width: number; height: number }[] = [{ width: 1440, height: 900 }],
  /** A part to bring to the bottom of the window before each picture. */
  inView?: Locator,
): Promise<void> {
  const dir = screenshotDir();
  const start = page.viewportSize();
  // A confirmation shown earlier would stay in the language it was written in.
  await dismissToasts(page);
  for (const look of LOOKS) {
    await callStudio(page, 'settings.update', look);
    await expect(page.locator('html')).toHaveAttribute('data-theme', look.theme);
    await expect(page.locator('html')).toHaveAttribute('lang', look.language);
    for (const size of sizes) {
      await page.setViewportSize(size);
      await inView?.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await saveScreenshot(page, `${dir}/${name}-${look.language}-${look.theme}-${size.width}x${size.height}.png`);
    }
  }
  await callStudio(page, 'settings.update', { language: 'en', theme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  if (start) await page.setViewportSize(start);
}

function screenshotDir(): string {
  const dir = 'test-results/create';
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * One page for a whole file: a launch address works once, so the file's tests share the session
 * and each starts on a freshly loaded Create screen (`freshCreate`).
 */
export async function openStudioPage(browser: Browser, launchUrl: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(launchUrl);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page;
}

/** Create as it opens, with nothing typed or chosen (the library and recent jobs stay). */
export async function freshCreate(page: Page, origin: string, viewport = { width: 1440, height: 900 }): Promise<void> {
  await page.setViewportSize(viewport);
  await page.goto(`${origin}/#/create`);
  await page.reload();
  await expect(page.getByRole('button', { name: /^Model / })).toBeEnabled();
}

/** Pastes files where the focus is, as a copied picture or screenshot arrives from the clipboard. */
export async function pasteFiles(target: Locator, files: readonly TestFile[]): Promise<void> {
  await target.focus();
  await target.evaluate(
    (element, list) => {
      const transfer = new DataTransfer();
      for (const file of list) transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.mimeType }));
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    },
    files.map((file) => ({ name: file.name, mimeType: file.mimeType, bytes: [...file.bytes] })),
  );
}
