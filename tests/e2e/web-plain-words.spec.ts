import { expect, test, type Page } from '@playwright/test';
import { DISPLAY_MODELS, MODE_WORDS } from '../../src/shared/catalog/display-models';
import { readFileSync } from 'node:fs';
import { say, translatorFor, type ResourceTree, type Words } from '../../src/shared/i18n/translate';
import { callStudio, chooseModel, chooseSegment, freshCreate } from './support/create-flow';
import { FAST_DEMO_ENV, type WebModeStudio } from './support/web-mode';
import { openStudioForFile } from './support/studio-per-file';

// The catalog's English words, read as a file: Playwright loads specs as ES modules, where importing
// JSON needs an import attribute that the studio's own bundlers do without.
const catalogWords = JSON.parse(readFileSync(new URL('../../src/shared/i18n/en/catalog.json', import.meta.url), 'utf8')) as ResourceTree;
const inEnglish = translatorFor({ catalog: catalogWords }, 'en');
const sayInEnglish = (words: Words): string => say(words, inEnglish);

// The words of the gateway and of the request, which an artist should meet at most behind "Technical details".
const SYSTEM_WORDS: readonly RegExp[] = [
  /Usually (direct|queued)/,
  /Model id/i,
  /\b(image|video)\.[a-z0-9-]+\.?/,
  /upstream/i,
  /\btokens?\b/i,
  /Request style/,
  /Chat completions/,
  /Auto \(Messages\)/,
  /image_urls|mask_url|metadata\./,
  /\(measured\)|\(estimated\)/,
  /task id/i,
];

// Sentences the catalog words itself (src/shared/catalog/form.ts builds this rule from the field's catalog label);
// they are left to the catalog's own change of words, and each is allowed here only verbatim.
const FROM_THE_CATALOG: readonly string[] = ['Mention at least one character as @username, or give Character task id.'];

let studio: WebModeStudio;
let page: Page;
let modelIds: string[] = [];
test.describe.configure({ mode: 'serial' });
openStudioForFile({ env: FAST_DEMO_ENV }, async (open) => {
  ({ studio, page } = open);
  // Every id the gateway lists (image, video and text models): none is shown raw.
  const listed = await callStudio<{ models: { id: string }[] }>(page, 'models.list', {});
  modelIds = listed.models.map((model) => model.id);
});

/** What the window shows now (closed disclosures and hidden parts are not shown text), and the system words in it. */
async function systemWordsOnScreen(): Promise<string[]> {
  const text = FROM_THE_CATALOG.reduce((shown, sentence) => shown.replaceAll(sentence, ''), await page.locator('body').innerText());
  const words = SYSTEM_WORDS.flatMap((word) => text.match(word)?.[0] ?? []);
  // A raw id is a whole word of the text: `vid-2` inside a longer word is not one.
  const ids = modelIds.filter((id) => new RegExp(`(^|[^\\w.-])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w.-])`).test(text));
  return [...words, ...ids];
}

test('Create, for every model family and what it does, its options opened, speaks the artist’s words', async () => {
  expect(modelIds.length).toBeGreaterThan(10);
  await freshCreate(page, studio.url);
  for (const model of DISPLAY_MODELS) {
    await chooseModel(page, new RegExp(`^${sayInEnglish(model.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.])`));
    await expect(page.getByRole('button', { name: new RegExp(`^Model ${sayInEnglish(model.name)}`) })).toBeVisible();
    const modes = [...new Set(model.members.flatMap((member) => member.modes))];
    for (const mode of modes) {
      if (modes.length > 1) await chooseSegment(page, 'What to do', sayInEnglish(MODE_WORDS[mode]));
      // The options an artist may open are theirs too; only "Technical details" stays closed.
      const more = page.locator('details.options-advanced:not([open]) > summary');
      if ((await more.count()) > 0) await more.click();
      expect(await systemWordsOnScreen(), `${sayInEnglish(model.name)}, ${mode}`).toEqual([]);
    }
  }
});

test('the assistant chooses its text model itself; the choice is an advanced step', async () => {
  await freshCreate(page, studio.url);
  const toggle = page.getByRole('button', { name: 'Assistant', exact: true });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  const panel = page.getByRole('complementary', { name: 'Prompt assistant' });
  await expect(panel.getByText('Choose the text model myself')).toBeVisible();
  await expect(panel.getByLabel('Text model')).toBeHidden();
  expect(await systemWordsOnScreen()).toEqual([]);
  // Opened, the models carry names; the request style is the one system word it keeps.
  await panel.getByText('Choose the text model myself').click();
  const options = await panel.getByLabel('Text model').locator('option').allTextContents();
  expect(options.length).toBeGreaterThan(0);
  for (const option of options) expect(modelIds, option).not.toContain(option);
  await panel.getByText('Choose the text model myself').click();
  await toggle.click();
});

test('Settings, Account with its restricted-key form, and the gallery filters speak the artist’s words', async () => {
  await page.goto(`${studio.url}/#/settings`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await systemWordsOnScreen()).toEqual([]);

  await page.goto(`${studio.url}/#/account`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    page
      .getByRole('group', { name: /Models/ })
      .getByRole('checkbox')
      .first(),
  ).toBeVisible();
  expect(await systemWordsOnScreen()).toEqual([]);

  // Two results of one model by two of its ids (its own channel and the official one): the filter names both without an id.
  for (const [name, variantId] of [
    ['Lanterns', 'image.nova-3-pro-image'],
    ['Lanterns again', 'image.nova-3-pro-image.official'],
  ] as const)
    await callStudio(page, 'jobs.create_batch', { name, variantIds: [variantId], prompts: ['a lantern by the sea'], countPerPrompt: 1, values: {} });
  await page.goto(`${studio.url}/#/gallery`);
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await expect(filters.getByRole('button', { name: /^Nova 3 Pro · Official \(1\)/ })).toBeVisible({ timeout: 40_000 });
  await expect(filters.getByRole('button', { name: /^Nova 3 Pro · Standard \(1\)/ })).toBeVisible();
  expect(await systemWordsOnScreen()).toEqual([]);
});

test('a result’s detail and Compare name the models as the picker does, the ids only behind “Technical details”', async () => {
  const listed = await callStudio<{ items: { id: string; model: string; prompt: string }[] }>(page, 'library.list_assets', { limit: 50 });
  const lanterns = listed.items.filter((asset) => asset.prompt === 'a lantern by the sea');
  expect(new Set(lanterns.map((asset) => asset.model)).size).toBe(2);
  const [first, second] = lanterns;
  if (!first || !second) throw new Error('the lanterns of the gallery test are missing');

  await page.goto(`${studio.url}/#/gallery/asset/${first.id}`);
  const details = page.getByRole('complementary', { name: 'Details' });
  await expect(details.getByText('Nova 3 Pro', { exact: true })).toBeVisible();
  expect(await systemWordsOnScreen()).toEqual([]);
  // Opened, the technical details give the request as sent, with the gateway's own model id.
  await details.getByText('Technical details').click();
  await expect(details.getByRole('row', { name: `model ${first.model}`, exact: true })).toBeVisible();

  await page.goto(`${studio.url}/#/gallery/compare?items=${first.id},${second.id}`);
  const columns = page.getByRole('columnheader');
  await expect(columns).toHaveCount(2);
  await expect(columns.filter({ hasText: 'Nova 3 Pro · Official' })).toHaveCount(1);
  await expect(columns.filter({ hasText: 'Nova 3 Pro · Standard' })).toHaveCount(1);
  expect(await systemWordsOnScreen()).toEqual([]);
});
