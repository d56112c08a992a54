import { expect, test } from '@playwright/test';
import { seedLibrary } from './support/seed-library';
import { startWebMode } from './support/web-mode';
test('inspect', async ({ browser }) => {
  const studio = await startWebMode();
  seedLibrary(studio.dataDir, 3);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(studio.launchUrl);
  const r = await page.evaluate(async () => { const x = await fetch('/api/invoke/library.list_assets', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ input: {} }) }); return x.json(); });
  const id = (r as { value: { items: { id: string }[] } }).value.items[0]?.id ?? '';
  await page.goto(`${studio.url}/#/gallery/asset/${id}`);
  await expect(page.locator('.zoom-pane')).toBeVisible();
  await page.waitForTimeout(500);
  const sizes = await page.evaluate(() => ['.app', '.app-main', '.detail', '.detail-stage', '.detail-media', '.zoom-pane', '.zoom-picture', '.recipe-panel'].map((s) => { const e = document.querySelector(s); const b = e?.getBoundingClientRect(); return `${s} ${b?.x},${b?.y} ${b?.width}x${b?.height} client ${e?.clientHeight} scroll ${e?.scrollHeight}`; }));
  console.log(sizes.join('\n'));
  await studio.stop();
});
