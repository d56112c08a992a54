import { expect, test, type Page } from '@playwright/test';
import { chooseSegment, freshCreate, screenshotLooks } from './support/create-flow';
import type { WebModeStudio } from './support/web-mode';
import { openStudioForFile } from './support/studio-per-file';

/**
 * Create before a submission, while its jobs run and with their results, in both languages and
 * themes at a laptop's window and a small one (`test-results/create/create-loop-*.png`). The demo
 * gateway's queued tasks take ten minutes of its clock here, so the running cards hold still to be
 * photographed; then its clock moves on and they finish.
 */
const TASK_MS = 600_000;
let studio: WebModeStudio;
let page: Page;
test.describe.configure({ mode: 'serial' });
openStudioForFile({ env: { ATELIER_DEMO_TASK_MS: String(TASK_MS) }, demoAdmin: true }, (open) => ({ studio, page } = open));

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
];

test('Create before, during and after a submission, in every look', async () => {
  test.slow();
  await freshCreate(page, studio.url);
  const results = page.getByRole('region', { name: 'Results' });
  await page.getByLabel('Prompt', { exact: true }).fill('a lighthouse at dusk, loose watercolour, warm light in the windows');
  await expect(page.getByText(/^1 request · /)).toBeVisible();
  await screenshotLooks(page, 'create-loop-before', SIZES);

  // One result right away, then two queued that take a while.
  await page.keyboard.press('Control+Enter');
  await expect(results.getByRole('listitem', { name: /a lighthouse at dusk.* · Done/ })).toBeVisible({ timeout: 30_000 });
  await chooseSegment(page, 'How it runs', 'Queued');
  await chooseSegment(page, 'Prompts', 'One per line');
  await page.getByLabel('Prompt', { exact: true }).fill('a lighthouse at dawn in thick fog\na lighthouse in a storm, waves over the rocks');
  await page.keyboard.press('Control+Enter');
  const running = results.getByRole('listitem', { name: /^a lighthouse (at dawn|in a storm).* · (Queued|Sending|Sent|Running)$/ });
  await expect(running.first()).toBeVisible({ timeout: 10_000 });
  // Both at the gateway, then a third of the way through (a task queues for its first fifth), so the cards show their progress.
  await expect(results.getByRole('listitem', { name: /^a lighthouse (at dawn|in a storm).* · (Sent|Running)$/ })).toHaveCount(2, { timeout: 30_000 });
  const { demoAdmin } = studio;
  if (!demoAdmin) throw new Error('no demo gateway admin');
  await demoAdmin('POST', '/clock', { advanceMs: TASK_MS / 3 });
  await expect(results.getByRole('listitem', { name: /^a lighthouse (at dawn|in a storm).* · Running$/ })).toHaveCount(2, { timeout: 30_000 });
  await screenshotLooks(page, 'create-loop-during', SIZES);

  await demoAdmin('POST', '/clock', { advanceMs: TASK_MS });
  await expect(results.getByRole('listitem', { name: /^a lighthouse (at dawn|in a storm).* · Done$/ }).nth(1)).toBeVisible({ timeout: 60_000 });
  await expect(running).toHaveCount(0, { timeout: 30_000 });
  await screenshotLooks(page, 'create-loop-results', SIZES);

  await page.getByRole('button', { name: /^Model/ }).click();
  await expect(page.getByRole('dialog', { name: 'Choose a model' })).toBeVisible();
  await screenshotLooks(page, 'create-loop-picker', SIZES);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Choose a model' })).toBeHidden();
  // The options in a small window, down to the quality (found by its value: its name changes with the language).
  await screenshotLooks(page, 'create-loop-options', SIZES, page.locator('fieldset', { has: page.locator('input[value="high"]') }));
});
