import { expect, type Page } from '@playwright/test';

export const SECRET_KEY = 'sk-e2e-never-shown-7c41d2';

/** What an artist does to connect a real gateway: add a profile, store its key, see it listed without the key. */
export async function addProfileWithKey(page: Page, name = 'Night studio', baseUrl = 'https://gateway.example.com'): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  await page.getByRole('button', { name: 'Add profile' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Base URL').fill(baseUrl);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText(`Profile “${name}” saved.`)).toBeVisible();

  const keyField = page.getByLabel('API key', { exact: true });
  await keyField.fill(SECRET_KEY);
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByText(`Key saved for “${name}”.`)).toBeVisible();
  await expect(keyField).toHaveValue('');

  const listed = page.getByRole('listitem').filter({ hasText: name });
  await expect(listed).toContainText(baseUrl);
  await expect(listed).toContainText('Key stored');
}

/** Everything the page can see or keep: the DOM, form values, web storage, cookies and IndexedDB names. */
export async function everythingThePageHolds(page: Page): Promise<string> {
  const inPage = await page.evaluate(async () => {
    const values = [...document.querySelectorAll('input, textarea')].map((el) => (el as HTMLInputElement).value);
    const storage = (s: Storage): string[] => Object.keys(s).map((k) => `${k}=${s.getItem(k) ?? ''}`);
    const databases = 'databases' in indexedDB ? (await indexedDB.databases()).map((d) => d.name ?? '') : [];
    return [document.documentElement.outerHTML, ...values, ...storage(localStorage), ...storage(sessionStorage), ...databases].join('\n');
  });
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('\n');
  return `${inPage}\n${cookies}`;
}
