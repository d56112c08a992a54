import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { fullChromium } from '../helpers/browsers';
import { startWebMode, type WebModeStudio } from './support/web-mode';
import { saveScreenshot } from './support/screenshots';

// The headless shell reads Notification.permission as "denied" even once granted: notifications need the full browser.
test.use({ launchOptions: fullChromium });
// One studio and one page for the whole file, the tests in order (the launch code is single use).
test.describe.configure({ mode: 'serial' });
let studio: WebModeStudio;
let page: Page;

test.beforeAll(async ({ browser }) => {
  studio = await startWebMode(undefined, { demoAdmin: true });
  const context = await browser.newContext({ permissions: ['notifications'] });
  page = await context.newPage();
  // The studio's tab behind another window, and the browser's notifications recorded as shown.
  await page.addInitScript(() => {
    const shown: string[] = [];
    Object.assign(window, { shownNotices: shown });
    const Browser = window.Notification;
    class Recorded extends Browser {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push(`${title} | ${options?.body ?? ''}`);
      }
    }
    window.Notification = Recorded;
    document.hasFocus = () => false;
  });
  await page.goto(studio.launchUrl);
});
test.afterAll(async () => {
  try {
    await page.context().close();
  } finally {
    await studio.stop();
  }
});

/** Calls a route of the studio contract as the page would (setting up what another screen would create). */
async function invoke(page: Page, route: string, input: unknown): Promise<unknown> {
  return page.evaluate(
    async ({ route, input }) => {
      const response = await fetch(`/api/invoke/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ input }),
      });
      return (await response.json()) as unknown;
    },
    { route, input },
  );
}

async function startBatch(page: Page, name: string, prompts: string[]): Promise<void> {
  const created = await invoke(page, 'jobs.create_batch', { name, variantIds: ['image.gen-image-2.task'], prompts, countPerPrompt: 1, values: {} });
  expect(created).toMatchObject({ ok: true });
}

const admin = () => {
  if (!studio.demoAdmin) throw new Error('no demo gateway admin');
  return studio.demoAdmin;
};

test('the timeline shows a batch’s progress and a failed job’s message, in the gateway’s words and ours; the browser notifies when the batch ends', async () => {
  const refusal = '内容审核未通过：画面包含敏感元素';
  await admin()('POST', '/faults', { kind: 'task-failure', message: refusal, count: 1 });
  await page.getByRole('navigation').getByRole('link', { name: 'Timeline' }).click();
  await expect(page.getByRole('heading', { name: 'Nothing has been generated yet' })).toBeVisible();
  // Notifications: the browser is asked on first use, here, not when the page loads.
  const notify = page.getByRole('switch', { name: 'Notify me when a batch finishes' });
  await notify.click();
  await expect(notify).toBeChecked();

  await startBatch(page, 'Harbours at dusk', ['a harbour at dusk, oil paint', 'a harbour at dawn, watercolour', 'a harbour in fog, charcoal']);
  const list = page.getByRole('list', { name: 'Batches and jobs, newest first' });
  await expect(list.getByRole('heading', { name: 'Harbours at dusk' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Progress of Harbours at dusk' })).toBeVisible();
  // A job on its way shows its own progress while the gateway works on it.
  await expect(list.getByRole('progressbar', { name: /Progress of “a harbour/ }).first()).toBeVisible();

  const failed = list.getByRole('listitem', { name: 'a harbour at dusk, oil paint' });
  await expect(failed.getByText('Failed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(failed.getByText(/The gateway reported that this task failed/)).toBeVisible();
  await expect(failed.getByText(refusal)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Progress of Harbours at dusk' })).toHaveAttribute('aria-valuetext', '2 of 3 done', { timeout: 30_000 });
  await expect(list.getByRole('listitem', { name: 'a harbour in fog, charcoal' }).getByRole('link', { name: /Open the result/ })).toBeVisible();
  const notices = (): Promise<string[]> => page.evaluate(() => (window as unknown as { shownNotices: string[] }).shownNotices);
  await expect.poll(notices).toContain('Harbours at dusk finished | Done: 2. Without a result: 1.');
  // Finished, but not as if all went well; and the values can be changed before trying again.
  await expect(list.getByText('Finished with 1 failed', { exact: true })).toBeVisible();
  await expect(failed.getByRole('link', { name: 'Edit and retry “a harbour at dusk, oil paint”' })).toBeVisible();

  // Retry is a new, paid submission; the job runs again and finishes.
  await failed.getByRole('button', { name: 'Retry “a harbour at dusk, oil paint”' }).click();
  await expect(page.getByRole('progressbar', { name: 'Progress of Harbours at dusk' })).toHaveAttribute('aria-valuetext', '3 of 3 done', { timeout: 30_000 });
});

test('a job whose outcome is unknown is sent again only after confirming it may be paid twice', async () => {
  await admin()('POST', '/faults', { kind: 'malformed-json', route: 'POST /v1/images/generations', count: 1 });
  await startBatch(page, 'Maybe paid', ['a lighthouse keeper at night']);

  const job = page.getByRole('listitem', { name: 'a lighthouse keeper at night' });
  await expect(job.getByText('Outcome unknown')).toBeVisible({ timeout: 30_000 });
  await expect(job.getByText(/may have accepted it and charged for it/)).toBeVisible();
  const submissions = async (): Promise<number> => (await admin()<{ totalSubmissions: number }>('GET', '/stats')).totalSubmissions;
  const before = await submissions();

  const resubmit = job.getByRole('button', { name: 'Resubmit “a lighthouse keeper at night”…' });
  await resubmit.click();
  const dialog = page.getByRole('dialog', { name: 'Send this job again?' });
  await expect(dialog).toContainText('may charge you twice');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(job.getByText('Outcome unknown')).toBeVisible();
  expect(await submissions()).toBe(before);

  await resubmit.click();
  await page.getByRole('dialog', { name: 'Send this job again?' }).getByRole('button', { name: 'Send again' }).click();
  await expect(job.getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
  expect(await submissions()).toBe(before + 1);
});

test('screenshots of the timeline, light and dark, English and Chinese, at two window sizes', async () => {
  mkdirSync('test-results/screens', { recursive: true });
  await admin()('POST', '/faults', { kind: 'task-failure', message: '上游服务拒绝了此请求：提示词包含不支持的内容', count: 1 });
  await startBatch(page, 'Harbours at noon', [
    'a harbour at noon, oil paint',
    'a harbour at dawn, gouache',
    'a harbour in rain, charcoal',
    'a harbour at night',
  ]);
  await invoke(page, 'jobs.create_batch', {
    name: '灯塔 · 夜景',
    variantIds: ['image.nova-3.1-flash-image'],
    prompts: ['夜晚的灯塔，油画风格', '海边的灯塔，水彩'],
    countPerPrompt: 1,
    values: {},
  });
  await expect(page.getByRole('progressbar', { name: 'Progress of Harbours at noon' })).toHaveAttribute('aria-valuetext', '3 of 4 done', { timeout: 40_000 });
  await admin()('POST', '/faults', { kind: 'malformed-json', route: 'POST /v1/images/generations', count: 1 });
  await startBatch(page, 'Night ferries', ['a night ferry crossing, long exposure', 'a ferry terminal in rain']);
  await expect(page.getByRole('listitem', { name: 'a night ferry crossing, long exposure' }).getByText('Outcome unknown')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Harbours at noon' }).click();
  await expect(page.getByRole('listitem', { name: 'a harbour at noon, oil paint' }).getByText('Failed', { exact: true })).toBeVisible();
  for (const [width, height] of [
    [1440, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const language of ['en', 'zh-CN'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        await invoke(page, 'settings.update', { language, theme });
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await page.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded();
        await saveScreenshot(page, `test-results/screens/timeline-${width}-${language}-${theme}.png`);
      }
    }
  }

  // One batch on its own page, its address kept in the hash.
  await page.setViewportSize({ width: 1440, height: 900 });
  await invoke(page, 'settings.update', { language: 'en', theme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('link', { name: 'Open batch Harbours at noon' }).click();
  await expect(page).toHaveURL(/#\/timeline\/batch\//);
  await expect(page.getByRole('heading', { name: 'Harbours at noon' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'a harbour at night' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Night ferries' })).toHaveCount(0);
  await saveScreenshot(page, 'test-results/screens/timeline-batch-1440-en-light.png');
  await page.getByRole('link', { name: 'All batches' }).click();
  await expect(page.getByRole('heading', { name: 'Night ferries' })).toBeVisible();
});
