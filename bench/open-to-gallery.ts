/**
 * From opening the studio to the Gallery's first thumbnails, as an artist does it in web mode: a
 * fresh browser opens the one-time launch address (the code traded for a session, the redirect
 * to the studio's own host name, the window's code), then the Gallery is chosen in the navigation as
 * soon as it shows (drawn while Create's page code loads), until the Gallery's first screen of
 * thumbnails is complete. (In Electron the
 * same is measured from the window shown; not here, as its runtime cannot be installed.)
 */
import type { Browser } from '@playwright/test';
import { drawnAt, firstScreenAt, installProbe } from './frame-probe';

const VIEWPORT = { width: 1440, height: 900 };

export interface OpenToGallery {
  /** From asking for the launch address to the Gallery's first thumbnails complete. */
  totalMs: number;
  /** From asking for the launch address to the navigation showing (the frame, drawn while the first page's code loads). */
  navigationMs: number;
}

export async function openToGallery(browser: Browser, launchUrl: string, images: string): Promise<OpenToGallery> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await installProbe(page);
    const started = performance.now();
    await page.goto(launchUrl, { waitUntil: 'commit' });
    if ((await drawnAt(page, 'nav a[href="#/gallery"]', 60_000)) === null) throw new Error('the navigation was not drawn within 60 s');
    const gallery = page.getByRole('navigation').getByRole('link', { name: 'Gallery' });
    const navigationMs = performance.now() - started;
    await gallery.click();
    if ((await firstScreenAt(page, images, 60_000)) === null) throw new Error('the Gallery showed no thumbnails within 60 s');
    return { totalMs: performance.now() - started, navigationMs };
  } finally {
    await context.close();
  }
}
