import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { callStudio, chooseSegment, dismissToasts, freshCreate } from './support/create-flow';
import type { WebModeStudio } from './support/web-mode';
import { openStudioForFile } from './support/studio-per-file';
import { saveScreenshot } from './support/screenshots';

/**
 * Paid work that waits rather than fails: a task whose key the gateway refuses while it is there
 * ("waiting for a usable key", with the gateway's words) and a result whose host is down
 * ("downloading, trying again at 14:32", with Download again), on Create's cards and on the
 * timeline, in English and Chinese (`test-results/screens/waiting-*.png`). The demo gateway's
 * queued tasks take ten minutes of its clock, so each job is held where the test wants it.
 */
const TASK_MS = 600_000;
const SPENT = '该令牌额度已用尽';
let studio: WebModeStudio;
let page: Page;
test.describe.configure({ mode: 'serial' });
openStudioForFile({ env: { ATELIER_DEMO_TASK_MS: String(TASK_MS) }, demoAdmin: true }, (open) => ({ studio, page } = open));

const admin = () => {
  if (!studio.demoAdmin) throw new Error('no demo gateway admin');
  return studio.demoAdmin;
};

/** One picture per language (light theme) of what is on screen now. */
async function photograph(name: string): Promise<void> {
  mkdirSync('test-results/screens', { recursive: true });
  await dismissToasts(page);
  for (const language of ['en', 'zh-CN'] as const) {
    await callStudio(page, 'settings.update', { language, theme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await saveScreenshot(page, `test-results/screens/${name}-${language}.png`);
  }
  await callStudio(page, 'settings.update', { language: 'en', theme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

test('a key refused and a result host down: the jobs wait, say why and when, and are collected without a second request', async () => {
  test.slow();
  await freshCreate(page, studio.url);
  await chooseSegment(page, 'How it runs', 'Queued');
  const results = page.getByRole('region', { name: 'Results' });

  // First a result whose host is down: its task finishes, its download keeps trying.
  const faults = await admin()<{ faults: { id: number }[] }>('POST', '/faults', { kind: 'error', status: 503, route: 'GET /files/*', count: 100_000 });
  await page.getByLabel('Prompt', { exact: true }).fill('a harbour at dusk, the host is down');
  await page.keyboard.press('Control+Enter');
  await expect(results.getByRole('listitem', { name: /^a harbour at dusk.* · (Sent|Running)$/ })).toBeVisible({ timeout: 30_000 });
  await admin()('POST', '/clock', { advanceMs: TASK_MS + 1_000 });
  await expect(results.getByRole('listitem', { name: /^a harbour at dusk.* · Downloading, trying again at \d\d:\d\d$/ })).toBeVisible({ timeout: 30_000 });

  // Then a task whose key runs dry while it is on the gateway.
  await page.getByLabel('Prompt', { exact: true }).fill('a lighthouse in fog, the key ran dry');
  await page.keyboard.press('Control+Enter');
  await expect(results.getByRole('listitem', { name: /^a lighthouse in fog.* · (Sent|Running)$/ })).toBeVisible({ timeout: 30_000 });
  await admin()('PATCH', '/keys/1', { remain_credits: 0 });
  const noKey = results.getByRole('listitem', { name: /^a lighthouse in fog.* · Waiting for a usable key$/ });
  await expect(noKey).toBeVisible({ timeout: 30_000 });
  await expect(noKey.getByText(`Gateway said: ${SPENT}`)).toBeVisible();
  const hostDown = results.getByRole('listitem', { name: /^a harbour at dusk/ });
  await expect(hostDown.getByText('Last problem: The result address answered HTTP 503.')).toBeVisible();
  await expect(hostDown.getByRole('button', { name: 'Download again' })).toBeVisible();
  await photograph('waiting-create');

  await page.getByRole('navigation').getByRole('link', { name: 'Timeline' }).click();
  const list = page.getByRole('list', { name: 'Batches and jobs, newest first' });
  const waitingJob = list.getByRole('listitem', { name: 'a lighthouse in fog, the key ran dry' });
  const downloadJob = list.getByRole('listitem', { name: 'a harbour at dusk, the host is down' });
  await expect(waitingJob.getByText('Waiting for a usable key')).toBeVisible();
  await expect(waitingJob.getByText(`Gateway said: ${SPENT}`)).toBeVisible();
  await expect(waitingJob.getByRole('button', { name: 'Check “a lighthouse in fog, the key ran dry” on the gateway now' })).toBeVisible();
  await expect(downloadJob.getByText(/^Downloading, trying again at \d\d:\d\d$/)).toBeVisible();
  await expect(downloadJob.getByRole('button', { name: 'Download the result of “a harbour at dusk, the host is down” again (no charge)' })).toBeVisible();
  await photograph('waiting-timeline');

  // The host is back: Download again fetches it at once. The key is topped up: Check now collects the task.
  const submissions = (await admin()<{ totalSubmissions: number }>('GET', '/stats')).totalSubmissions;
  for (const fault of faults.faults) await admin()('DELETE', `/faults/${fault.id}`);
  await downloadJob.getByRole('button', { name: 'Download the result of “a harbour at dusk, the host is down” again (no charge)' }).click();
  // Its batch (Create makes one per submission) finishes, and folds away.
  await expect(page.getByRole('progressbar', { name: 'Progress of a harbour at dusk, the host is down' })).toHaveAttribute('aria-valuetext', '1 of 1 done', {
    timeout: 30_000,
  });
  await admin()('PATCH', '/keys/1', { remain_credits: 100_000, status: 1 });
  await admin()('POST', '/clock', { advanceMs: TASK_MS + 1_000 });
  await waitingJob.getByRole('button', { name: 'Check “a lighthouse in fog, the key ran dry” on the gateway now' }).click();
  await expect(page.getByRole('progressbar', { name: 'Progress of a lighthouse in fog, the key ran dry' })).toHaveAttribute('aria-valuetext', '1 of 1 done', {
    timeout: 30_000,
  });
  expect((await admin()<{ totalSubmissions: number }>('GET', '/stats')).totalSubmissions).toBe(submissions);
});
