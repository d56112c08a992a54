import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startWebMode, type WebModeStudio } from './support/web-mode';
import { saveScreenshot } from './support/screenshots';

let studio: WebModeStudio;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
test.beforeAll(async () => {
  studio = await startWebMode(undefined, { demoAdmin: true });
});
test.afterAll(async () => {
  await studio.stop();
});

async function invoke<T>(page: Page, route: string, input: unknown): Promise<T> {
  return page.evaluate(
    async ({ route, input }) => {
      const response = await fetch(`/api/invoke/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ input }),
      });
      return (await response.json()) as T;
    },
    { route, input },
  );
}

test('the demo banner, the balance in credits, spending per day, and a restricted key shown once, saved into a profile, read as unlimited', async ({
  page,
}) => {
  await page.goto(studio.launchUrl);

  // First run: the banner says the studio is on the demo gateway and leads to Settings.
  const banner = page.getByRole('complementary', { name: 'About the demo gateway' });
  await expect(banner).toContainText('Results are made on this computer; nothing is charged.');
  await banner.getByRole('link', { name: 'Set up a gateway in Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // Something spent today, for the chart (from the studio's own records).
  const created = await invoke<{ ok: boolean; value: { batch: { id: string } } }>(page, 'jobs.create_batch', {
    name: 'Spend',
    variantIds: ['image.gen-image-2.task'],
    prompts: ['a red kite', 'a blue kite'],
    countPerPrompt: 1,
    values: {},
  });
  expect(created.ok).toBe(true);
  await expect
    .poll(async () => (await invoke<{ value: { status: string } }>(page, 'jobs.get_batch', { id: created.value.batch.id })).value.status, { timeout: 30_000 })
    .toBe('done');

  await page.getByRole('navigation').getByRole('link', { name: 'Account' }).click();
  const key = page.getByRole('region', { name: 'This key' });
  // The demo key: 20 USD of quota, shown in credits first (200 per dollar), less what the batch spent.
  await expect(key).toContainText(/\d[\d,.]* credits/);
  await expect(key).toContainText('$');
  await expect(page.getByRole('region', { name: 'Whole account' })).toContainText('credits');
  await expect(page.getByRole('img', { name: /credits in the last 42 days; the most on/ })).toBeVisible();

  // A restricted key with no spending cap, for one model.
  const form = page.getByRole('form', { name: 'New restricted key' });
  await form.getByLabel('Key name').fill('Night shift');
  await form.getByRole('switch', { name: 'No spending cap' }).click();
  await form.getByRole('checkbox').first().check();
  await form.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('region', { name: 'New key Night shift' });
  await expect(shown).toContainText('the gateway will not show it again');
  const secret = (await shown.getByLabel('The new key').textContent()) ?? '';
  expect(secret).toMatch(/^sk-\w{20,}/);
  await shown.getByRole('button', { name: 'Copy key' }).click();
  await expect(page.getByText('Key copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  await page
    .getByRole('button', { name: /Dismiss|Close/ })
    .last()
    .click();
  await expect(page.getByText('Key copied')).toBeHidden();
  await screenshots(page);

  // Saved into a new profile through the profile routes; then it is gone from the screen for good.
  await shown.getByRole('button', { name: 'Save into a new profile…' }).click();
  const save = page.getByRole('form', { name: 'Save the key into a new profile' });
  await save.getByLabel('Gateway address').fill(studio.demoGatewayUrl ?? '');
  await save.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('The key is saved in the profile “Night shift”')).toBeVisible();
  await expect(shown).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  expect(await page.locator('body').innerText()).not.toContain(secret);

  // On that profile, the key's balance reads Unlimited (the gateway says -1), and the banner goes.
  await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('radio', { name: 'Night shift' }).check();
  await expect(banner).toBeHidden();
  await page.getByRole('navigation').getByRole('link', { name: 'Account' }).click();
  await expect(key.getByText('Unlimited', { exact: true })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('-1');
});

async function screenshots(page: Page): Promise<void> {
  mkdirSync('test-results/screens', { recursive: true });
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
        await saveScreenshot(page, `test-results/screens/account-${width}-${language}-${theme}.png`);
        await page.locator('#account-keys').evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
        await saveScreenshot(page, `test-results/screens/account-${width}-${language}-${theme}-keys.png`);
      }
    }
  }
  await invoke(page, 'settings.update', { language: 'en', theme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}
