// One click from the next idea: a tile's own buttons (re-roll runs the recipe again, vary sends
// the result as the reference, use as reference fills Create's tray), a result dragged onto a
// board, compare of results from different batches with a winner and a drop, and a board renamed
// and deleted while its results stay.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { call } from './support/studio-calls';
import { startWebMode, type WebModeStudio } from './support/web-mode';
import { saveScreenshot } from './support/screenshots';

let studio: WebModeStudio;
let page: Page;

test.describe.configure({ mode: 'serial' });

interface Asset {
  id: string;
  batchId: string;
  prompt: string;
  request: unknown;
  mediaPath: string;
  width: number;
  height: number;
  favourite: boolean;
}
interface Job {
  id: string;
  batchId: string;
  variantId: string;
  request: unknown;
  state: string;
}

/** An image made as Create makes it, in a batch of its own, waited for until it is in the library. */
async function makeImage(prompt: string): Promise<Asset> {
  await call(page, 'jobs.create_batch', {
    name: prompt,
    variantIds: ['image.nova-3-pro-image'],
    prompts: [prompt],
    countPerPrompt: 1,
    values: { size: { tier: '1K', ratio: '16:9' } },
  });
  let made: Asset | undefined;
  await expect
    .poll(
      async () => {
        made = (await call<{ items: Asset[] }>(page, 'library.list_assets', { text: prompt })).items[0];
        return made !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  if (!made) throw new Error(`no result for ${prompt}`);
  return made;
}

const jobs = async (): Promise<Job[]> => (await call<{ items: Job[] }>(page, 'jobs.list_jobs', {})).items;
/** The job that appears after `before`, once there is exactly one more. */
async function newJob(before: readonly Job[]): Promise<Job> {
  const known = new Set(before.map((job) => job.id));
  let added: Job[] = [];
  await expect.poll(async () => (added = (await jobs()).filter((job) => !known.has(job.id))).length, { timeout: 30_000 }).toBe(1);
  return added[0] as Job;
}

let harbour: Asset;
let dunes: Asset;

test.beforeAll(async ({ browser }) => {
  studio = await startWebMode();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(studio.launchUrl);
  harbour = await makeImage('a harbour at dawn');
  dunes = await makeImage('dunes under a red moon');
});
test.afterAll(async () => {
  try {
    await page.close();
  } finally {
    await studio.stop();
  }
});

const grid = () => page.getByRole('grid', { name: 'Results' });
/** The first result made with `prompt` (the grid shows the newest first; re-roll and vary make more). */
const tile = (prompt: string) =>
  grid()
    .getByRole('gridcell', { name: new RegExp(`^${prompt} · `) })
    .last();
const filters = () => page.getByRole('complementary', { name: 'Filters' });

test('a tile shows its next steps on hover: re-roll runs the same recipe, vary sends the result as the reference', async () => {
  await page.goto(`${studio.url}/#/gallery`);
  await expect(tile('a harbour at dawn')).toBeVisible();
  await expect(tile('a harbour at dawn').getByRole('button', { name: 'Re-roll' })).toHaveCount(0);
  await tile('a harbour at dawn').hover();
  for (const name of ['Re-roll', 'Vary', 'Use as reference', 'Favourite', 'Add to board', 'Open']) {
    await expect(tile('a harbour at dawn').getByRole('button', { name, exact: true })).toBeVisible();
  }

  let before = await jobs();
  await tile('a harbour at dawn').getByRole('button', { name: 'Re-roll' }).click();
  await expect(page.getByText('Re-rolling “a harbour at dawn”: a new job with the same recipe.')).toBeVisible();
  const again = await newJob(before);
  expect(again.variantId).toBe('image.nova-3-pro-image');
  expect(again.request).toEqual(harbour.request);
  expect(again.batchId).not.toBe(harbour.batchId);
  // Its result arrives at the top of the grid.
  await expect(grid().getByRole('gridcell', { name: /^a harbour at dawn · / })).toHaveCount(2, { timeout: 30_000 });

  before = await jobs();
  await tile('dunes under a red moon').hover();
  await tile('dunes under a red moon').getByRole('button', { name: 'Vary' }).click();
  const varied = await newJob(before);
  const request = varied.request as { prompt: string; image_urls?: { url: string }[] };
  expect(request.prompt).toBe('dunes under a red moon');
  expect(request.image_urls).toHaveLength(1);
  // The one reference is this result's own file.
  const [known] = await call<{ fileName: string }[]>(page, 'uploads.describe', { urls: (request.image_urls ?? []).map((item) => item.url) });
  expect(known?.fileName).toBe(dunes.mediaPath.split('/').pop());
  // Both new results arrive in the grid.
  await expect(grid().getByRole('gridcell')).toHaveCount(4, { timeout: 30_000 });
});

test('use as reference opens Create with the result in its reference tray', async () => {
  await tile('dunes under a red moon').hover();
  await tile('dunes under a red moon').getByRole('button', { name: 'Use as reference' }).click();
  await expect(page).toHaveURL(new RegExp(`reference=${dunes.id}`));
  const tray = page.getByRole('region', { name: /^Reference images/ });
  const fileName = dunes.mediaPath.split('/').pop() ?? '';
  await expect(tray.getByRole('img', { name: fileName })).toBeVisible();
  await expect(tray.getByRole('listitem').filter({ hasText: fileName })).toContainText(`${dunes.width}×${dunes.height}`);
});

test("a result dragged from the gallery drops into Create's reference tray", async () => {
  // What the gallery puts on a drag of a tile (its real dragstart handler), dropped on Create's tray:
  // the two screens are never on one page, so the drop is the one a second window would receive.
  await page.getByRole('navigation').getByRole('link', { name: 'Gallery' }).click();
  const payload = await tile('a harbour at dawn').evaluate((element) => {
    const data = new DataTransfer();
    element.dispatchEvent(new DragEvent('dragstart', { bubbles: true, cancelable: true, dataTransfer: data }));
    return data.types.map((type) => [type, data.getData(type)] as const);
  });
  expect(payload.map(([type]) => type)).toContain('application/x-atelier-asset');
  await page.getByRole('navigation').getByRole('link', { name: 'Create' }).click();
  const tray = page.getByRole('region', { name: /^Reference images/ });
  await expect(tray).toBeVisible();
  await tray.evaluate((element, entries) => {
    const data = new DataTransfer();
    for (const [type, value] of entries) data.setData(type, value);
    for (const name of ['dragenter', 'dragover', 'drop']) element.dispatchEvent(new DragEvent(name, { bubbles: true, cancelable: true, dataTransfer: data }));
  }, payload);
  // It arrives under the name the gallery gives its file (the prompt and the start of its id).
  const fileName = `a-harbour-at-dawn-${harbour.id.slice(0, 8)}.png`;
  await expect(tray.getByRole('img', { name: fileName })).toBeVisible();
  await expect(tray.getByRole('listitem').filter({ hasText: fileName })).toContainText(`${harbour.width}×${harbour.height}`);
});

test('a video tile says its length and sound and plays muted on hover; its detail view steps frames and grabs one as a reference', async () => {
  // A short clip from the harbour picture (uploaded as "use as reference" does).
  const bytes = await page.evaluate(async (path) => {
    const blob = await (await fetch(`/media/${path}`)).blob();
    return new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve((reader.result as string).split(',')[1] ?? '');
      reader.readAsDataURL(blob);
    });
  }, harbour.mediaPath);
  const { url } = await call<{ url: string }>(page, 'uploads.add', { fileName: 'harbour.png', bytes });
  await call(page, 'jobs.create_batch', {
    name: 'Harbour film',
    variantIds: ['video.clip-3.0-turbo'],
    prompts: ['boats leaving the harbour'],
    countPerPrompt: 1,
    values: { aspect_ratio: '16:9', reference_images: [url] },
  });
  let video: (Asset & { durationMs: number | null; hasAudio: boolean | null }) | undefined;
  await expect
    .poll(
      async () => {
        video = (
          await call<{ items: (Asset & { durationMs: number | null; hasAudio: boolean | null })[] }>(page, 'library.list_assets', { text: 'boats leaving' })
        ).items[0];
        return video !== undefined;
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  if (!video) throw new Error('no video');
  expect(video.durationMs).toBeGreaterThan(0);
  expect(video.hasAudio).not.toBeNull();

  await page.goto(`${studio.url}/#/gallery`);
  const clip = tile('boats leaving the harbour');
  await expect(clip).toHaveAccessibleName(new RegExp(`^boats leaving the harbour · .* · Video · [0-9.]+ s · ${video.hasAudio ? 'Has sound' : 'No sound'}$`));
  await clip.hover();
  const playing = clip.locator('video');
  await expect(playing).toHaveJSProperty('muted', true);
  await expect.poll(() => playing.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);

  await clip.dblclick();
  const frames = page.getByRole('toolbar', { name: 'Frames' });
  const player = page.locator('video.detail-video');
  await expect(frames).toBeVisible();
  await player.evaluate((element: HTMLVideoElement) => {
    element.pause();
    element.currentTime = 0.5;
  });
  // A step is one frame at the file's own rate: the demo gateway films at 10 frames a second.
  await expect(frames.getByText('· 10 fps')).toBeVisible();
  await frames.getByRole('button', { name: 'Step forward one frame' }).click();
  await expect.poll(() => player.evaluate((element: HTMLVideoElement) => Math.round(element.currentTime * 1000))).toBe(600);
  await frames.getByRole('button', { name: 'Grab this frame' }).click();
  await expect(page).toHaveURL(/#\/create\?reference=/);
  // The frame is a new image in the library, from the video and at the video's size, and Create has it.
  let still: Asset | undefined;
  await expect
    .poll(async () => {
      still = (await call<{ items: (Asset & { kind: string })[] }>(page, 'library.list_assets', { kind: 'image' })).items[0];
      return still?.id === new URL(page.url().replace('#/', '')).searchParams.get('reference');
    })
    .toBe(true);
  expect([still?.width, still?.height]).toEqual([1280, 720]);
  const tray = page.getByRole('region', { name: /^Reference images/ });
  await expect(tray.getByRole('listitem').filter({ hasText: '1280×720' })).toHaveCount(1);
});

test('a result dragged onto a board goes on it, with the board highlighted while it is over', async () => {
  const board = await call<{ id: string }>(page, 'library.create_board', { name: 'Coast' });
  await page.goto(`${studio.url}/#/gallery`);
  const target = filters().getByRole('button', { name: /^Coast/ });
  const boardItem = () =>
    filters()
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^Coast/ }) });
  await expect(target).toBeVisible();
  // Held over the board, the board lights up; let go, the result is on it.
  await tile('a harbour at dawn').hover();
  await page.mouse.down();
  const box = await target.boundingBox();
  if (!box) throw new Error('the board is not laid out');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
  await expect(boardItem()).toHaveClass(/is-drop-target/);
  await page.mouse.up();
  await expect(boardItem()).not.toHaveClass(/is-drop-target/);
  await expect(page.getByText('Added 1 item to “Coast”.')).toBeVisible();
  await expect
    .poll(async () => (await call<{ items: Asset[] }>(page, 'library.list_assets', { boardId: board.id })).items.map((item) => item.id))
    .toEqual([harbour.id]);
});

test('a selection dragged by the selection bar goes on a board whole', async () => {
  const night = await call<{ id: string }>(page, 'library.create_board', { name: 'Night' });
  await page.goto(`${studio.url}/#/gallery`);
  await tile('a harbour at dawn').click();
  await tile('dunes under a red moon').click({ modifiers: ['ControlOrMeta'] });
  const handle = page.getByRole('toolbar', { name: '2 selected' }).getByText('2 selected');
  const target = filters().getByRole('button', { name: /^Night/ });
  await handle.hover();
  await page.mouse.down();
  const box = await target.boundingBox();
  if (!box) throw new Error('the board is not laid out');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect
    .poll(async () => (await call<{ items: Asset[] }>(page, 'library.list_assets', { boardId: night.id })).items.map((item) => item.id).sort())
    .toEqual([harbour.id, dunes.id].sort());
  await call(page, 'library.delete_board', { id: night.id });
  await page.keyboard.press('Escape');
});

test('the detail view puts its result on a board too', async () => {
  await page.goto(`${studio.url}/#/gallery/asset/${dunes.id}`);
  await page.getByRole('complementary', { name: 'Details' }).getByRole('button', { name: 'Add to board' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to board' });
  await dialog
    .getByRole('list', { name: 'Choose a board' })
    .getByRole('button', { name: /^Coast/ })
    .click();
  await expect(page.getByRole('complementary', { name: 'Details' }).getByText('Coast', { exact: true })).toBeVisible();
  const [coast] = await call<{ id: string; name: string }[]>(page, 'library.list_boards', {});
  expect(coast?.name).toBe('Coast');
  const onBoard = (await call<{ items: Asset[] }>(page, 'library.list_assets', { boardId: coast?.id })).items.map((item) => item.id);
  expect(onBoard.sort()).toEqual([harbour.id, dunes.id].sort());
});

test('compare takes two results from different batches; the winner becomes a favourite and the other is dropped, with undo', async () => {
  await page.goto(`${studio.url}/#/gallery`);
  await tile('a harbour at dawn').click();
  await tile('dunes under a red moon').click({ modifiers: ['ControlOrMeta'] });
  await expect(page.getByRole('toolbar', { name: '2 selected' })).toBeVisible();
  await page.getByRole('toolbar', { name: '2 selected' }).getByRole('button', { name: 'Compare' }).click();
  const table = page.getByRole('table', { name: 'Compare' });
  await expect(table.getByRole('columnheader')).toHaveCount(2);
  await expect(table.getByRole('columnheader').filter({ hasText: 'a harbour at dawn' })).toHaveCount(1);
  await expect(table.getByRole('columnheader').filter({ hasText: 'dunes under a red moon' })).toHaveCount(1);
  mkdirSync('test-results/screens', { recursive: true });
  await saveScreenshot(page, 'test-results/screens/compare-results-large-en-light.png');

  const winner = table.getByRole('button', { name: /^Mark as the winner: .* · a harbour at dawn$/ });
  await winner.click();
  await expect(winner).toHaveAttribute('aria-pressed', 'true');
  expect((await call<Asset>(page, 'library.get_asset', { id: harbour.id })).favourite).toBe(true);

  await table.getByRole('button', { name: /^Drop: .* · dunes under a red moon$/ }).click();
  await expect(table.getByRole('columnheader')).toHaveCount(1);
  expect((await call<{ items: Asset[] }>(page, 'library.list_assets', { text: 'dunes under a red moon' })).items.map((item) => item.id)).not.toContain(
    dunes.id,
  );
  await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Undo' }).click();
  await expect(table.getByRole('columnheader')).toHaveCount(2);
  expect((await call<{ items: Asset[] }>(page, 'library.list_assets', { text: 'dunes under a red moon' })).items.map((item) => item.id)).toContain(dunes.id);
});

test('a board is renamed, moved and deleted from its header; its results stay in the library', async () => {
  await page.goto(`${studio.url}/#/gallery`);
  await filters()
    .getByRole('button', { name: /^Coast/ })
    .click();
  const header = page.getByRole('region', { name: 'Board: Coast' });
  await expect(header.getByRole('heading', { name: 'Coast' })).toBeVisible();
  await expect(header.getByText('2 items', { exact: true })).toBeVisible();
  await expect(grid().getByRole('gridcell')).toHaveCount(2);
  await saveScreenshot(page, 'test-results/screens/board-large-en-light.png');

  await header.getByRole('button', { name: 'Rename board' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename board' });
  await rename.getByRole('textbox').fill('Harbours');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('region', { name: 'Board: Harbours' })).toBeVisible();
  await expect(filters().getByRole('button', { name: /^Harbours/ })).toBeVisible();
  await expect(filters().getByRole('button', { name: /^Coast/ })).toHaveCount(0);

  // A new board goes at the end of the list; the header moves this one after it.
  await call(page, 'library.create_board', { name: 'Alpine' });
  const order = async (): Promise<string[]> =>
    (await filters().getByRole('region', { name: 'Boards' }).locator('.facet-name').allInnerTexts()).map((name) => name.trim());
  await expect.poll(order).toEqual(['Harbours', 'Alpine']);
  const harbours = page.getByRole('region', { name: 'Board: Harbours' });
  await expect(harbours.getByRole('button', { name: 'Move the board up' })).toBeDisabled();
  await harbours.getByRole('button', { name: 'Move the board down' }).click();
  await expect.poll(order).toEqual(['Alpine', 'Harbours']);
  await expect(harbours.getByRole('button', { name: 'Move the board down' })).toBeDisabled();
  expect((await call<{ name: string }[]>(page, 'library.list_boards', {})).map((board) => board.name)).toEqual(['Alpine', 'Harbours']);

  const all = (await call<{ items: Asset[] }>(page, 'library.list_assets', {})).items.length;
  await page.getByRole('region', { name: 'Board: Harbours' }).getByRole('button', { name: 'Delete board' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the board “Harbours”?' });
  await expect(confirm.getByText('The board goes; its results stay in the library.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete board' }).click();
  await expect(page.getByRole('region', { name: /^Board: / })).toHaveCount(0);
  await expect(filters().getByRole('button', { name: /^Harbours/ })).toHaveCount(0);
  expect((await call<{ name: string }[]>(page, 'library.list_boards', {})).map((board) => board.name)).toEqual(['Alpine']);
  // Every result is still there, the one that was on the board among them.
  await expect(grid().getByRole('gridcell')).toHaveCount(all);
  await expect(tile('a harbour at dawn')).toBeVisible();
});
