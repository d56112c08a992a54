import { test, type Page } from '@playwright/test';
import { openStudioPage } from './create-flow';
import { startWebMode, type WebModeOptions, type WebModeStudio } from './web-mode';

/** A studio in web mode on a fresh data folder, and a page signed in to it. */
export interface OpenStudio {
  studio: WebModeStudio;
  page: Page;
}

/**
 * The set-up most web specs share: before the file's first test, a studio in web mode (`options`) and
 * a page open on it, handed to `opened`; after its last test the page is closed and the studio stopped,
 * whatever failed. Call it at the top of a spec file.
 */
export function openStudioForFile(options: WebModeOptions, opened: (open: OpenStudio) => unknown): void {
  let started: Partial<OpenStudio> = {};
  test.beforeAll(async ({ browser }) => {
    const studio = await startWebMode(undefined, options);
    started = { studio };
    const page = await openStudioPage(browser, studio.launchUrl);
    started = { studio, page };
    await opened({ studio, page });
  });
  test.afterAll(async () => {
    try {
      await started.page?.close();
    } finally {
      await started.studio?.stop();
    }
  });
}
