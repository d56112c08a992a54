import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  callStudio,
  freshCreate,
  chooseModel,
  chooseSegment,
  dropFiles,
  fetchBytes,
  quarteredPng,
  screenshotLooks,
  type TestFile,
} from './support/create-flow';
import { FAST_DEMO_ENV, type WebModeStudio } from './support/web-mode';
import { openStudioForFile } from './support/studio-per-file';

// One studio for the file: each test builds on a fresh form, and the library only grows.
let studio: WebModeStudio;
let page: Page;
test.describe.configure({ mode: 'serial' });
openStudioForFile({ env: FAST_DEMO_ENV, demoAdmin: true }, (open) => ({ studio, page } = open));

interface Asset {
  id: string;
  mediaPath: string;
  width: number | null;
  height: number | null;
  variantId: string | null;
  prompt: string;
  request: Record<string, unknown>;
}
const assetsWith = async (page: Page, text: string): Promise<Asset[]> => (await callStudio<{ items: Asset[] }>(page, 'library.list_assets', { text })).items;
const recent = (page: Page) => page.getByRole('region', { name: 'Results' });
const mediaUrl = (path: string): string => `${studio.url}/media/${path.split('/').map(encodeURIComponent).join('/')}`;

test('text to image: the prompt, the variant options, Ctrl+Enter, and the result in the recent strip', { tag: '@smoke' }, async () => {
  await freshCreate(page, studio.url);
  await expect(page.getByRole('button', { name: /^Model Image 2/ })).toBeVisible();
  await page.getByRole('radio', { name: /^16:9/ }).check();
  await page.getByLabel('Prompt', { exact: true }).fill('a red fox in the snow');
  await page.keyboard.press('Control+Enter');

  await expect(page.getByText('Queued 1 request.')).toBeVisible();
  // The form stays ready for the next one.
  await expect(page.getByLabel('Prompt', { exact: true })).toHaveValue('a red fox in the snow');
  const item = recent(page).getByRole('listitem', { name: /a red fox in the snow · Done/ });
  await expect(item).toBeVisible({ timeout: 30_000 });
  // The result's thumbnail, loaded, opens it over Create.
  await expect(item.getByRole('button', { name: 'Open “a red fox in the snow”' })).toBeVisible();
  await expect.poll(() => item.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const [asset] = await assetsWith(page, 'red fox');
  expect(asset).toMatchObject({ variantId: 'image.gen-image-2.direct', width: 1280, height: 720 });
  await screenshotLooks(page, 'create-image', [
    { width: 1440, height: 900 },
    { width: 1024, height: 700 },
  ]);
});

test('a model the catalog does not know is offered with the generic form, and works', async () => {
  await freshCreate(page, studio.url);
  await chooseModel(page, /lumen-image-1/);
  const options = page.getByRole('region', { name: 'Options' });
  await expect(options.getByText('Generic form').first()).toBeVisible();
  await page.getByLabel('Prompt', { exact: true }).fill('a copper teapot on a windowsill');
  await page.keyboard.press('Control+Enter');
  await expect(recent(page).getByRole('listitem', { name: /a copper teapot on a windowsill · Done/ })).toBeVisible({ timeout: 30_000 });
  const [asset] = await assetsWith(page, 'copper teapot');
  expect(asset?.variantId).toMatch(/lumen-image-1/);
});

test('a job the gateway fails shows why in the strip, our explanation and the gateway’s own words, and the form stays', async () => {
  const refusal = '内容审核未通过：画面包含敏感元素，请修改提示词后重试。如多次失败，请联系管理员并提供任务编号以便排查问题。';
  if (!studio.demoAdmin) throw new Error('no demo gateway admin');
  await studio.demoAdmin('POST', '/faults', { kind: 'task-failure', message: refusal, count: 1 });
  await freshCreate(page, studio.url);
  await chooseModel(page, /^Image 2/);
  await chooseSegment(page, 'How it runs', 'Queued');
  await page.getByLabel('Prompt', { exact: true }).fill('a crowded night market under paper lanterns');
  await page.keyboard.press('Control+Enter');
  const failed = recent(page).getByRole('listitem', { name: /a crowded night market under paper lanterns · Failed/ });
  await expect(failed).toBeVisible({ timeout: 30_000 });
  await expect(failed.getByText(/The gateway reported that this task failed/)).toBeVisible();
  await expect(failed.getByText(refusal)).toBeVisible();
  await expect(page.getByLabel('Prompt', { exact: true })).toHaveValue('a crowded night market under paper lanterns');
  await screenshotLooks(
    page,
    'create-failure',
    [
      { width: 1440, height: 900 },
      { width: 1024, height: 700 },
    ],
    // By its class: its name changes with the language.
    page.locator('section.results'),
  );
});

test('an edit with two dropped references and a painted mask: the mask is a PNG with alpha at the first reference’s size, and the result keeps what the mask keeps', async () => {
  await freshCreate(page, studio.url);
  await chooseModel(page, /^Image 2/);
  // Editing with Image 2 runs queued by default: the way that returns the edited image.
  await chooseSegment(page, 'What to do', 'Edit');
  await expect(page.getByRole('radio', { name: 'Queued', exact: true })).toBeChecked();
  const prompt = page.getByLabel('Prompt', { exact: true });
  await prompt.fill('repaint the lower right corner as a pond');

  const first = await quarteredPng(640, 480, 'courtyard.png');
  const second = await quarteredPng(320, 320, 'detail.png');
  const badFiles: TestFile[] = [
    { name: 'notes.png', mimeType: 'image/png', bytes: Buffer.from('these are notes, not a picture') },
    { name: 'empty.jpg', mimeType: 'image/jpeg', bytes: Buffer.alloc(0) },
    { name: 'readme.txt', mimeType: 'text/plain', bytes: Buffer.from('hello') },
  ];
  // Editing, the first images are the ones to edit.
  const tray = page.getByRole('region', { name: /^Images to edit/ });
  await dropFiles(tray, [first, second, ...badFiles]);

  const tiles = tray.getByRole('list').getByRole('listitem');
  await expect(tiles.filter({ hasText: 'courtyard.png' })).toContainText('640×480 · PNG');
  await expect(tiles.filter({ hasText: 'detail.png' })).toContainText('320×320 · PNG');
  // Each bad file says why, and nothing else in the form is lost.
  for (const bad of badFiles) await expect(tiles.filter({ hasText: bad.name })).toContainText('Not added');
  await expect(tiles.filter({ hasText: 'notes.png' })).toContainText('notes.png: this is not an image the studio can read');
  await expect(tiles.filter({ hasText: 'empty.jpg' })).toContainText('empty.jpg: the file is empty; nothing was uploaded.');
  await expect(tiles.filter({ hasText: 'readme.txt' })).toContainText('readme.txt: this is not an image the studio can read');
  await expect(prompt).toHaveValue('repaint the lower right corner as a pond');
  await expect(tray).toContainText('2 of 16');
  for (const bad of badFiles)
    await tiles
      .filter({ hasText: bad.name })
      .getByRole('button', { name: `Remove ${bad.name}` })
      .click();

  // Paint the lower right quarter of the first reference.
  await tiles.filter({ hasText: 'courtyard.png' }).getByRole('button', { name: 'Paint mask' }).click();
  const painter = page.getByRole('dialog', { name: 'Paint the mask' });
  await expect(painter).toBeVisible();
  await painter.getByRole('slider', { name: 'Size' }).fill('120');
  const box = await painter.locator('canvas').boundingBox();
  if (!box) throw new Error('no canvas');
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6);
  await page.mouse.down();
  for (const [x, y] of [
    [0.9, 0.6],
    [0.9, 0.75],
    [0.6, 0.75],
    [0.6, 0.9],
    [0.9, 0.9],
  ] as const)
    await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 6 });
  await page.mouse.up();
  await expect(painter.getByText(/% to repaint/)).toBeVisible();
  await screenshotLooks(page, 'create-mask-editor', [
    { width: 1440, height: 900 },
    { width: 1024, height: 700 },
  ]);
  await painter.getByRole('button', { name: 'Use this mask' }).click();
  await expect(painter).toBeHidden();
  await expect(page.getByText(/^Mask ready/)).toBeVisible();

  await page.keyboard.press('Control+Enter');
  const item = recent(page).getByRole('listitem', { name: /repaint the lower right corner as a pond · Done/ });
  await expect(item).toBeVisible({ timeout: 40_000 });
  // The mask stays for the next request.
  await expect(page.getByText(/^Mask ready/)).toBeVisible();

  const [asset] = await assetsWith(page, 'lower right corner');
  if (!asset) throw new Error('no result in the library');
  const request = asset.request;
  expect(request.image_urls).toHaveLength(2);
  // The mask as the gateway received it: a PNG with alpha, at exactly the first reference's size.
  const maskBytes = await fetchBytes(page, String(request.mask_url));
  const maskMeta = await sharp(maskBytes).metadata();
  expect(maskMeta).toMatchObject({ format: 'png', width: 640, height: 480, hasAlpha: true });

  // The downloaded result: the opaque area is the reference, the transparent one was repainted.
  const result = await sharp(await fetchBytes(page, mediaUrl(asset.mediaPath)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = result.info;
  const reference = await sharp(first.bytes).resize(width, height, { fit: 'fill', kernel: 'linear' }).removeAlpha().raw().toBuffer();
  const alpha = await sharp(maskBytes).ensureAlpha().extractChannel(3).resize(width, height, { fit: 'fill', kernel: 'linear' }).raw().toBuffer();
  const kept = { pixels: 0, difference: 0 };
  const repainted = { pixels: 0, difference: 0 };
  for (let i = 0; i < width * height; i++) {
    const a = alpha[i] ?? 0;
    if (a !== 255 && a !== 0) continue;
    let difference = 0;
    for (let c = 0; c < 3; c++) difference += Math.abs((result.data[i * 3 + c] ?? 0) - (reference[i * 3 + c] ?? 0));
    const tally = a === 255 ? kept : repainted;
    tally.pixels++;
    tally.difference += difference / 3;
  }
  expect(kept.pixels).toBeGreaterThan(width * height * 0.5);
  expect(repainted.pixels).toBeGreaterThan(width * height * 0.05);
  expect(kept.difference / kept.pixels).toBeLessThan(2);
  expect(repainted.difference / repainted.pixels).toBeGreaterThan(20);

  // Reuse: another model and prompt first, then the result's recipe fills the form again.
  await chooseModel(page, /^Nova 3\.1 Flash/);
  await prompt.fill('something else');
  // Reuse, from the result opened over Create.
  await item.getByRole('button', { name: /^Open “repaint the lower right corner/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reuse these settings' }).click();
  await expect(page).toHaveURL(new RegExp(`reuse=${asset.id}`));
  await expect(page.getByRole('button', { name: /^Model Image 2/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Edit', exact: true })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Queued', exact: true })).toBeChecked();
  await expect(prompt).toHaveValue('repaint the lower right corner as a pond');
  await expect(tray.getByRole('list').getByRole('listitem').filter({ hasText: '640×480' })).toHaveCount(1);
  await expect(tray.getByRole('list').getByRole('listitem').filter({ hasText: '320×320' })).toHaveCount(1);
  await expect(page.getByText('Mask from the reused result.')).toBeVisible();

  // And the result itself as a reference: a third image in the tray.
  await item.getByRole('button', { name: 'Use as a reference' }).click();
  await expect(page).toHaveURL(new RegExp(`reference=${asset.id}`));
  await expect(tray).toContainText('3 of 16');
  await expect(tray.getByRole('list').getByRole('listitem').nth(2)).toContainText(`${width}×${height}`);
  // Or dragged from the strip (as from the gallery) onto the tray; a tall window shows both at once.
  await page.setViewportSize({ width: 1440, height: 2000 });
  await item.getByRole('button', { name: /^Open “repaint the lower right corner/ }).dragTo(tray);
  await expect(tray).toContainText('4 of 16');
});

test('a batch from a template fanned out to two models: the count and estimate before submitting, and every result arrives', async () => {
  await freshCreate(page, studio.url);
  await expect(page.getByRole('button', { name: /^Model Image 2/ })).toBeVisible();
  const modes = page.getByRole('group', { name: 'Prompts' });
  await modes.getByText('Template', { exact: true }).click();
  await expect(modes.getByRole('radio', { name: 'Template' })).toBeChecked();
  await expect(page.getByText('{a|b} makes one prompt per choice; {{column}} takes each row of a CSV file with a header row.')).toBeVisible();
  await page.getByLabel('Prompt', { exact: true }).fill('a {lantern|kite} over the {harbour|dunes}');
  await page.locator('summary', { hasText: 'Also run on other models' }).click();
  await page
    .getByRole('checkbox', { name: /^Nova 3\.1 Flash/ })
    .first()
    .check();
  // 4 prompts from the template, on 2 models; Image 2 has run right away before in this file, so part of it is priced.
  await expect(page.getByText(/^4 prompts × 2 models = 8 requests · /)).toBeVisible();
  // An optional floor: the batch stops submitting before the credits fall below it.
  await page.locator('summary', { hasText: 'Budget' }).click();
  await page.getByLabel('Stop below (credits)').fill('-3');
  await expect(page.getByText('A number above 0', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Stop below (credits): A number above 0' })).toBeVisible();
  await page.getByLabel('Stop below (credits)').fill('5');
  await page.getByRole('button', { name: /^Generate/ }).click();
  await expect(page.getByText('Queued 8 requests.')).toBeVisible();
  const batches = await callStudio<{ items: { name: string; creditBudget: number | null }[] }>(page, 'jobs.list_batches', {});
  expect(batches.items.filter((batch) => batch.creditBudget === 5)).toHaveLength(1);
  for (const thing of ['lantern', 'kite']) {
    for (const place of ['harbour', 'dunes']) {
      await expect(recent(page).getByRole('listitem', { name: `a ${thing} over the ${place} · Done` })).toHaveCount(2, { timeout: 60_000 });
    }
  }
  const made = await assetsWith(page, 'over the');
  expect(new Set(made.map((asset) => asset.variantId))).toEqual(new Set(['image.gen-image-2.direct', 'image.nova-3.1-flash-image']));
  expect(made).toHaveLength(8);
  // Now both models have history: the same batch is estimated in credits.
  await expect(page.getByText(/^4 prompts × 2 models = 8 requests · about [\d.,]+ credits$/)).toBeVisible();

  // A CSV fills {{column}}: one prompt per row, on both models.
  await page.getByLabel('Prompt', { exact: true }).fill('a {{animal}} wearing a hat');
  await expect(page.getByText('The template uses {{column}} values: choose a CSV file.', { exact: true })).toBeVisible();
  await page.getByLabel('Choose a CSV file').setInputFiles({ name: 'animals.csv', mimeType: 'text/csv', buffer: Buffer.from('animal\ncat\ndog\nowl\n') });
  await expect(page.getByText('animals.csv · 3 rows')).toBeVisible();
  await expect(page.getByText(/^3 prompts × 2 models = 6 requests · about [\d.,]+ credits$/)).toBeVisible();
  // One prompt per line, twice each.
  await modes.getByText('One per line', { exact: true }).click();
  await page.getByLabel('Prompt', { exact: true }).fill('a red kite\na blue kite\n\na green kite');
  await page.getByLabel('Per prompt').fill('2');
  await expect(page.getByText(/^3 prompts × 2 models × 2 each = 12 requests · about [\d.,]+ credits$/)).toBeVisible();
});
