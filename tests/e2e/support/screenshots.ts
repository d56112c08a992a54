import type { Page } from '@playwright/test';

/**
 * Saves the page as a picture for people to look at (no test compares them). `npm test` turns
 * this off (`ATELIER_E2E_SCREENSHOTS=off`): capturing and encoding them was a fifth of the
 * browser's CPU time there, and every look is still switched to and checked. `npm run test:e2e`
 * saves them.
 */
export async function saveScreenshot(page: Page, path: string): Promise<void> {
  if (process.env.ATELIER_E2E_SCREENSHOTS === 'off') return;
  await page.screenshot({ path });
}
