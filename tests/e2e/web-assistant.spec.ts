/**
 * The prompt assistant beside Create, in web mode against the demo gateway: a reply streams in
 * piece by piece and becomes the prompt; "expand into 4 variations" fills a batch of 4 lines that
 * runs to completion; a dropped image is described, sent as an image block (checked in the demo
 * gateway's record of the request). Screens of the panel in both languages and themes go to
 * `test-results/assistant/`.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { callStudio, dismissToasts, dropFiles, freshCreate, quarteredPng } from './support/create-flow';
import { FAST_DEMO_ENV, type WebModeStudio } from './support/web-mode';
import { openStudioForFile } from './support/studio-per-file';
import { saveScreenshot } from './support/screenshots';

let studio: WebModeStudio;
let page: Page;
test.describe.configure({ mode: 'serial' });
openStudioForFile({ env: FAST_DEMO_ENV, demoAdmin: true }, (open) => ({ studio, page } = open));

const panel = (): Locator => page.getByRole('complementary', { name: 'Prompt assistant' });

/** Create with the assistant open beside the form (it opens when asked; the studio then remembers it). */
async function createWithAssistant(viewport = { width: 1440, height: 900 }): Promise<void> {
  await freshCreate(page, studio.url, viewport);
  const toggle = page.getByRole('button', { name: 'Assistant', exact: true });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await expect(panel()).toBeVisible();
}
const messageBox = (): Locator => panel().getByLabel('Message to the assistant');
const promptBox = (): Locator => page.getByLabel('Prompt', { exact: true });

interface TextRequest {
  route: string;
  body: { messages?: { role: string; content: unknown }[] };
}

/** Saves the screen in both languages and themes under `test-results/assistant/` at each size, then returns to English and light. */
async function screenshots(name: string, sizes: readonly { width: number; height: number }[] = [{ width: 1440, height: 900 }]): Promise<void> {
  const dir = 'test-results/assistant';
  mkdirSync(dir, { recursive: true });
  const start = page.viewportSize();
  await dismissToasts(page);
  for (const look of [
    { language: 'en', theme: 'light' },
    { language: 'en', theme: 'dark' },
    { language: 'zh-CN', theme: 'light' },
    { language: 'zh-CN', theme: 'dark' },
  ] as const) {
    await callStudio(page, 'settings.update', look);
    await expect(page.locator('html')).toHaveAttribute('lang', look.language);
    await expect(page.locator('html')).toHaveAttribute('data-theme', look.theme);
    for (const size of sizes) {
      await page.setViewportSize(size);
      await saveScreenshot(page, `${dir}/${name}-${look.language}-${look.theme}-${size.width}x${size.height}.png`);
    }
  }
  await callStudio(page, 'settings.update', { language: 'en', theme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  if (start) await page.setViewportSize(start);
}

test('a streamed reply appears piece by piece, and is used as the prompt', async () => {
  await createWithAssistant();
  await expect(panel()).toBeVisible();
  await expect(panel().getByLabel('Text model')).not.toHaveValue('');
  // Every text the reply shows on its way, as the page renders it.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { replyTexts: string[] }).replyTexts = seen;
    const log = document.querySelector('.assistant-log');
    if (!log) throw new Error('no conversation log');
    new MutationObserver(() => {
      const text = log.querySelector('.assistant-turn-reply:last-child .assistant-text')?.textContent ?? '';
      if (text !== '' && seen.at(-1) !== text) seen.push(text);
    }).observe(log, { subtree: true, childList: true, characterData: true });
  });
  // A long message makes a long reply (one word per event), so it streams for a while even on a busy machine.
  const scene = [
    'a lighthouse on a cliff at dusk',
    'waves breaking white on black rocks far below',
    'a narrow stone path winding up from a fishing village with lit windows',
    'gulls circling the lamp as the first beam sweeps across a violet sky',
    'a keeper in a yellow coat climbing the iron stairs with a lantern in one hand',
    'rain clouds gathering over the sea on the horizon',
  ].join(', ');
  await messageBox().fill(scene);
  await messageBox().press('Enter');
  const use = panel().getByRole('button', { name: 'Use as prompt' });
  await expect(use).toBeVisible({ timeout: 20_000 });

  const texts = await page.evaluate(() => (window as unknown as { replyTexts: string[] }).replyTexts);
  const final = texts.at(-1) ?? '';
  expect(final).toMatch(/^Refined prompt: a lighthouse on a cliff at dusk, /);
  // Several growing pieces were on screen before the whole reply.
  expect(texts.length).toBeGreaterThanOrEqual(4);
  for (const text of texts) expect(final.startsWith(text)).toBe(true);
  // Enter in the assistant never queued a generation.
  await expect(page.getByText(/^Queued \d+ request/)).toHaveCount(0);

  await use.click();
  await expect(promptBox()).toHaveValue(final.replace(/^Refined prompt: /, ''));
  await expect(page.getByText('Put in the prompt.')).toBeVisible();
  await screenshots('panel', [
    { width: 1920, height: 1080 },
    { width: 1440, height: 900 },
    { width: 1024, height: 720 },
  ]);
});

test('a reply can be stopped midway, keeping what arrived', async () => {
  await createWithAssistant();
  if (!studio.demoAdmin) throw new Error('no demo gateway admin');
  // A reply of 4,000 words streams for about a minute, so it is still arriving when Stop is pressed on a busy machine.
  const words = Array.from({ length: 4000 }, (_, i) => `w${i}`).join(' ');
  await messageBox().fill(`echo: ${words}`);
  await messageBox().press('Enter');
  const reply = panel().locator('.assistant-turn-reply').last();
  await expect(reply.getByText(/^w0 w1 w2/)).toBeVisible();
  // Stop stands where Send does, still while the reply above it grows.
  await panel().getByRole('button', { name: 'Stop' }).click();
  await expect(panel().getByText('Stopped. What arrived is kept.')).toBeVisible();
  const kept = (await reply.locator('.assistant-text').textContent()) ?? '';
  expect(kept.length).toBeGreaterThan(5);
  expect(kept.length).toBeLessThan(words.length);

  // Send is back in Stop's place; Escape in the message box stops the next reply the same way.
  await expect(panel().getByRole('button', { name: 'Send' })).toBeVisible();
  const replies = panel().locator('.assistant-turn-reply');
  const stopped = panel().getByText('Stopped. What arrived is kept.');
  const [repliesBefore, stoppedBefore] = [await replies.count(), await stopped.count()];
  await messageBox().fill(`echo: ${words}`);
  await messageBox().press('Enter');
  await expect(replies).toHaveCount(repliesBefore + 1);
  await expect(replies.last().getByText(/^w0 w1 w2/)).toBeVisible();
  await messageBox().press('Escape');
  await expect(stopped).toHaveCount(stoppedBefore + 1);
  await expect(panel().getByRole('button', { name: 'Send' })).toBeVisible();
});

test('"expand into 4 variations" fills a batch of 4 lines that runs to completion', async () => {
  await createWithAssistant();
  await panel().getByRole('button', { name: 'New conversation' }).click();
  // With the message empty, the quick action works on Create's prompt.
  await promptBox().fill('a paper lantern floating on a river');
  await panel().getByRole('button', { name: 'Expand into 4' }).click();
  const useLines = panel().getByRole('button', { name: 'Use as 4 batch lines' });
  await expect(useLines).toBeVisible({ timeout: 20_000 });
  await useLines.click();

  await expect(page.getByRole('radio', { name: 'One per line' })).toBeChecked();
  const lines = (await promptBox().inputValue()).split('\n');
  expect(lines).toHaveLength(4);
  for (const line of lines) expect(line).toMatch(/^a paper lantern floating on a river, /);
  expect(new Set(lines).size).toBe(4);

  await promptBox().press('Control+Enter');
  await expect(page.getByText('Queued 4 requests.')).toBeVisible();
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByRole('listitem', { name: /a paper lantern floating on a river.* · Done/ })).toHaveCount(4, { timeout: 60_000 });
  const assets = await callStudio<{ items: { prompt: string }[] }>(page, 'library.list_assets', { text: 'paper lantern floating' });
  expect(assets.items.map((asset) => asset.prompt).sort()).toEqual([...lines].sort());
});

test('describing a dropped image sends it as an image block, as the demo gateway recorded it', async () => {
  await createWithAssistant();
  if (!studio.demoAdmin) throw new Error('no demo gateway admin');
  await studio.demoAdmin('DELETE', '/text-requests');
  await panel().getByRole('button', { name: 'New conversation' }).click();
  // The assistant chooses its text model; choosing one is an advanced step.
  await expect(panel().getByLabel('Text model')).toBeHidden();
  await panel().getByText('Choose the text model myself').click();
  await panel().getByLabel('Text model').selectOption('chat-sonnet-4-6');
  await expect(panel().getByLabel('Request style')).toHaveValue('auto');
  await expect(panel().getByLabel('Request style').locator('option:checked')).toHaveText('Auto (Messages)');

  const image = await quarteredPng(320, 200, 'harbour.png');
  await dropFiles(panel().getByRole('region', { name: 'Write to the assistant' }), [image]);
  await expect(panel().getByText('To describe: harbour.png')).toBeVisible();
  await panel().getByRole('button', { name: 'Describe the image' }).click();
  await expect(panel().getByText('Image: harbour.png')).toBeVisible();
  await expect(panel().getByText(/Using 1 reference image as a visual guide\./)).toBeVisible({ timeout: 20_000 });

  const { requests } = await studio.demoAdmin<{ requests: TextRequest[] }>('GET', '/text-requests');
  const sent = requests.at(-1);
  expect(sent?.route).toBe('POST /v1/messages');
  const content = sent?.body.messages?.at(-1)?.content as { type: string; source?: { type: string; media_type: string; data: string } }[];
  expect(content[0]).toMatchObject({ type: 'image', source: { type: 'base64', media_type: 'image/png' } });
  expect(content[0]?.source?.data.startsWith(image.bytes.toString('base64').slice(0, 40))).toBe(true);
  await screenshots('describe');
});
