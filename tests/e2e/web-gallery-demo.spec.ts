// A demo gallery made through the demo gateway as an artist would: text to image, an edit with a
// painted mask, a result of several references (the detail view's reference strip), a video.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { call } from './support/studio-calls';
import { startWebMode, type WebModeStudio } from './support/web-mode';
import { saveScreenshot } from './support/screenshots';

let studio: WebModeStudio;
let page: Page;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser }) => {
  studio = await startWebMode();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(studio.launchUrl);
});
test.afterAll(async () => {
  try {
    await page.close();
  } finally {
    await studio.stop();
  }
});

interface Item {
  id: string;
  kind: string;
  prompt: string;
  mediaPath: string;
  thumbPath: string | null;
}

async function waitForItems(text: string, count: number): Promise<Item[]> {
  let items: Item[] = [];
  await expect
    .poll(
      async () => {
        items = (await call<{ items: Item[] }>(page, 'library.list_assets', { text })).items;
        return items.length;
      },
      { timeout: 90_000 },
    )
    .toBe(count);
  return items;
}

/** Uploads a library item to the gateway, as "use as reference" does, and gives its address. */
async function uploadFromLibrary(item: Item): Promise<string> {
  const bytes = await page.evaluate(async (path) => {
    const blob = await (await fetch(`/media/${path}`)).blob();
    return new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve((reader.result as string).split(',')[1] ?? '');
      reader.readAsDataURL(blob);
    });
  }, item.mediaPath);
  return (await call<{ url: string }>(page, 'uploads.add', { fileName: `${item.id}.png`, bytes })).url;
}

/** A 1024 px mask: opaque, with a transparent disc where the picture is repainted. */
async function paintedMask(): Promise<string> {
  const size = 1024;
  const pixels = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const inside = (x - 512) ** 2 + (y - 360) ** 2 < 220 ** 2;
      pixels[(y * size + x) * 4 + 3] = inside ? 0 : 255;
    }
  }
  const png = await sharp(pixels, { raw: { width: size, height: size, channels: 4 } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

const shot = async (name: string): Promise<void> => {
  await saveScreenshot(page, `test-results/screens/demo-${name}.png`);
};

test('a demo gallery: text to image, an edit with a mask, a reference strip and a video poster', async () => {
  test.setTimeout(180_000);
  mkdirSync('test-results/screens', { recursive: true });
  await call(page, 'jobs.create_batch', {
    name: 'Harbour studies',
    variantIds: ['image.gen-image-2.direct'],
    prompts: ['a harbour at dawn, watercolour', '港口的清晨,水彩', 'fishing boats in fog'],
    countPerPrompt: 1,
    values: { size: '1024x1024' },
  });
  const studies = [...(await waitForItems('harbour', 1)), ...(await waitForItems('港口', 1)), ...(await waitForItems('fishing', 1))];
  const [first, second, third] = await Promise.all(studies.map(uploadFromLibrary));
  const mask = (await call<{ url: string }>(page, 'uploads.add', { fileName: 'mask.png', bytes: await paintedMask() })).url;

  await call(page, 'jobs.create_batch', {
    name: 'Repaint the sky',
    variantIds: ['image.gen-image-2.task'],
    prompts: ['repaint the sky as a starry night'],
    countPerPrompt: 1,
    values: { size: '1:1', image_urls: [first], mask_url: mask },
  });
  await call(page, 'jobs.create_batch', {
    name: 'Three references',
    variantIds: ['image.gen-image-2.task'],
    prompts: ['one scene from all three studies'],
    countPerPrompt: 1,
    values: { size: '1:1', image_urls: [first, second, third] },
  });
  await call(page, 'jobs.create_batch', {
    name: 'Harbour film',
    variantIds: ['video.clip-3.0-turbo'],
    prompts: ['boats leaving the harbour, slow pan'],
    countPerPrompt: 1,
    values: { aspect_ratio: '16:9', reference_images: [first] },
  });
  const [edit] = await waitForItems('starry', 1);
  const [combined] = await waitForItems('three studies', 1);
  const [video] = await waitForItems('boats leaving', 1);

  await page.goto(`${studio.url}/#/gallery`);
  const grid = page.getByRole('grid', { name: 'Results' });
  await expect(grid.getByRole('gridcell')).toHaveCount(6);
  await expect(grid.getByRole('gridcell', { name: /boats leaving the harbour/ }).locator('img')).toBeVisible();
  await shot('gallery');

  // The edit: its references are the library's picture and the painted mask.
  await page.goto(`${studio.url}/#/gallery/asset/${edit?.id ?? ''}`);
  const references = page.getByRole('region', { name: 'References' });
  // Named by the form's labels, not the request's paths; the paths are under the technical details.
  await expect(references.getByRole('link', { name: /^Reference images 1: / }).locator('img')).toBeVisible();
  await expect(references.getByRole('link', { name: /^Mask: / })).toBeVisible();
  await expect(references).not.toContainText('image_urls');
  const parameters = page.getByRole('region', { name: 'Parameters' });
  await expect(parameters.getByRole('row', { name: /mask_url/ })).toBeHidden();
  await parameters.getByText('Technical details').click();
  await expect(parameters.getByRole('row', { name: /mask_url/ })).toBeVisible();
  // A queued task: its id is among the technical details, beside the job's.
  await expect(parameters.getByRole('row', { name: /^Task id\s+task_/ })).toBeVisible();
  await expect(parameters.getByRole('row', { name: /^Job id\s+\S+/ })).toBeVisible();
  await shot('masked-edit');

  await page.goto(`${studio.url}/#/gallery/asset/${combined?.id ?? ''}`);
  await expect(page.getByRole('region', { name: 'References' }).getByRole('link')).toHaveCount(3);
  for (const image of await page.getByRole('region', { name: 'References' }).locator('img').all()) await expect(image).toBeVisible();
  await shot('reference-strip');
  // A reference from the library opens it.
  await page.getByRole('region', { name: 'References' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'a harbour at dawn, watercolour' })).toBeVisible();

  // The video: its poster until it plays; remix and character links instead of "use as reference".
  await page.goto(`${studio.url}/#/gallery/asset/${video?.id ?? ''}`);
  const player = page.locator('video.detail-video');
  await expect(player).toHaveAttribute('poster', /\/media\//);
  await expect(page.getByRole('link', { name: 'Remix' })).toHaveAttribute('href', /#\/create\?remix=/);
  await expect(page.getByRole('link', { name: 'Create a character' })).toHaveAttribute('href', /#\/create\?character=/);
  // Seeking reads the file by ranges: the media route answers a part of it.
  const part = await page.evaluate(async (path) => {
    const response = await fetch(`/media/${path}`, { headers: { Range: 'bytes=100-199' } });
    return { status: response.status, length: (await response.arrayBuffer()).byteLength };
  }, video?.mediaPath ?? '');
  expect(part).toEqual({ status: 206, length: 100 });
  await player.evaluate((element: HTMLVideoElement) => {
    element.pause();
    element.currentTime = 0;
  });
  await shot('video-poster');

  await call(page, 'settings.update', { language: 'zh-CN', theme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.goto(`${studio.url}/#/gallery`);
  await expect(page.getByRole('gridcell')).toHaveCount(6);
  await shot('gallery-zh-CN-dark');
  await page.goto(`${studio.url}/#/gallery/asset/${edit?.id ?? ''}`);
  await expect(page.getByRole('region', { name: '参考图' })).toBeVisible();
  await shot('masked-edit-zh-CN-dark');
});
