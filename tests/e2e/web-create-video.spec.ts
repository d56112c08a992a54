import { expect, test, type Page } from '@playwright/test';
import { callStudio, dismissToasts, freshCreate, chooseModel, dropFiles, pasteFiles, quarteredPng, screenshotLooks } from './support/create-flow';
import { FAST_DEMO_ENV, FIXTURE_MEDIA_ENV, type WebModeStudio } from './support/web-mode';
import { openStudioForFile } from './support/studio-per-file';

let studio: WebModeStudio;
let page: Page;
test.describe.configure({ mode: 'serial' });
// What the videos show is not what this file checks (the form, mentions, characters, remixes): fixture media.
openStudioForFile({ env: { ...FAST_DEMO_ENV, ...FIXTURE_MEDIA_ENV } }, (open) => ({ studio, page } = open));

interface Job {
  prompt: string;
  variantId: string;
  request: Record<string, unknown>;
  state: string;
}
const jobsWith = async (page: Page, text: string): Promise<Job[]> =>
  (await callStudio<{ items: Job[] }>(page, 'jobs.list_jobs', { limit: 200 })).items.filter((job) => job.prompt.includes(text));
const recent = (page: Page) => page.getByRole('region', { name: 'Results' });

test('a video whose duration is outside what the model allows is refused in the form, with the reason beside the field', async () => {
  await freshCreate(page, studio.url);
  await chooseModel(page, /^Clip 3\.0 Turbo/);
  await page.getByLabel('Prompt', { exact: true }).fill('waves rolling onto a black sand beach');
  const duration = page.getByRole('spinbutton', { name: 'Duration' }).or(page.getByRole('textbox', { name: 'Duration' }));
  await duration.fill('20');
  await expect(page.getByText('From 3 to 15 seconds').first()).toBeVisible();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Some fields need a change:')).toBeVisible();
  await expect(duration).toBeFocused();
  await expect(page.getByText(/^Queued/)).toHaveCount(0);
  await screenshotLooks(page, 'create-video', [
    { width: 1440, height: 900 },
    { width: 1024, height: 700 },
  ]);
  await duration.fill('5');
  await expect(page.getByText('From 3 to 15 seconds')).toHaveCount(0);
});

test('an omni video: placeholders inserted at the cursor and renumbered when a reference goes', async () => {
  await freshCreate(page, studio.url);
  await chooseModel(page, /^Clip V3 Omni/);
  const tray = page.getByRole('region', { name: /^Reference images/ });
  const tiles = tray.getByRole('list').getByRole('listitem');
  // A picture pasted in the prompt joins the references; the prompt keeps its text.
  const prompt = page.getByLabel('Prompt', { exact: true });
  await pasteFiles(prompt, [await quarteredPng(400, 300, 'hero.png')]);
  await expect(tiles.filter({ hasText: 'hero.png' })).toContainText('400×300');
  await expect(prompt).toHaveValue('');
  await dropFiles(tray, [await quarteredPng(300, 300, 'hat.png'), await quarteredPng(320, 240, 'street.png')]);
  await expect(tiles.filter({ hasText: '300×300' })).toHaveCount(1);
  await expect(tiles.filter({ hasText: '320×240' })).toHaveCount(1);
  await prompt.fill('The man in  walks down ');
  await prompt.evaluate((box: HTMLTextAreaElement) => box.setSelectionRange(11, 11));
  await tiles.filter({ hasText: 'hero.png' }).getByRole('button', { name: 'Insert <<<image_1>>> in the prompt' }).click();
  await prompt.evaluate((box: HTMLTextAreaElement) => box.setSelectionRange(box.value.length, box.value.length));
  await tiles.filter({ hasText: 'street.png' }).getByRole('button', { name: 'Insert <<<image_3>>> in the prompt' }).click();
  await expect(prompt).toHaveValue('The man in <<<image_1>>> walks down <<<image_3>>>');
  // The hat goes: the street is the second image now, and the prompt says so.
  await tiles.filter({ hasText: 'hat.png' }).getByRole('button', { name: 'Remove hat.png' }).click();
  await expect(prompt).toHaveValue('The man in <<<image_1>>> walks down <<<image_2>>>');
  await tiles.filter({ hasText: 'street.png' }).getByRole('button', { name: 'Move street.png earlier' }).click();
  await expect(prompt).toHaveValue('The man in <<<image_2>>> walks down <<<image_1>>>');
  // The gateway reads placeholders in list order: the form says so as the prompt changes.
  await expect(page.getByText('<<<image_2>>> comes before <<<image_1>>>; first mention them in list order', { exact: true })).toBeVisible();
  await tiles.filter({ hasText: 'street.png' }).getByRole('button', { name: 'Move street.png later' }).click();
  await expect(prompt).toHaveValue('The man in <<<image_1>>> walks down <<<image_2>>>');
  await expect(page.getByText('<<<image_2>>> comes before <<<image_1>>>; first mention them in list order', { exact: true })).toHaveCount(0);

  await page.keyboard.press('Control+Enter');
  await expect(recent(page).getByRole('listitem', { name: /The man in <<<image_1>>> walks down <<<image_2>>> · Done/ })).toBeVisible({ timeout: 40_000 });
  const [job] = await jobsWith(page, 'The man in');
  const metadata = job?.request.metadata as { image_list?: unknown[] } | undefined;
  expect(metadata?.image_list).toHaveLength(2);
});

test('a character from a finished video, then a VVIP video mentioning it from the suggestions, and a remix', async () => {
  // Three real videos are made and eight looks photographed: more than one test's usual minute on a busy machine.
  test.slow();
  await freshCreate(page, studio.url);
  await chooseModel(page, /^Vid 2$/);
  const prompt = page.getByLabel('Prompt', { exact: true });
  await prompt.fill('a dancer in a red coat spins in the rain');
  await page.keyboard.press('Control+Enter');
  const source = recent(page).getByRole('listitem', { name: /a dancer in a red coat spins in the rain · Done/ });
  await expect(source).toBeVisible({ timeout: 40_000 });

  // The character, from that video, with a 2-second segment.
  await source.getByRole('button', { name: 'Create a character from this video' }).click();
  await expect(page).toHaveURL(/character=/);
  const dialog = page.getByRole('dialog', { name: 'Create a character' });
  await expect(dialog.getByLabel('Video', { exact: true })).toContainText('a dancer in a red coat');
  // The character is taken from 2 seconds of it unless the whole video is chosen.
  await expect(dialog.getByRole('radio', { name: '2 seconds of it' })).toBeChecked();
  await dialog.getByLabel('Who is it?').fill('Mira, a dancer in a red coat');
  await dialog.getByRole('button', { name: 'Create character' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => (await callStudio<{ username: string; state?: string }[]>(page, 'characters.list', {})).length, { timeout: 40_000 })
    .toBeGreaterThan(0);
  const [character] = await callStudio<{ username: string }[]>(page, 'characters.list', {});
  if (!character) throw new Error('no character');

  // A VVIP video: typing @ suggests the character, chosen with the keyboard.
  await chooseModel(page, /^Vid 2 VVIP/);
  await prompt.fill('');
  // Confirmations out of the way first: closing one would take the focus from the prompt.
  await dismissToasts(page);
  await prompt.pressSequentially('close-up of @');
  const suggestions = page.getByRole('listbox', { name: 'Characters' });
  await expect(suggestions.getByRole('option', { name: new RegExp(character.username) })).toBeVisible();
  // The suggestions with the character's picture, in the flow under the prompt: nothing below is covered.
  await expect(suggestions.getByRole('option', { name: new RegExp(character.username) }).locator('img')).toHaveCount(1);
  await screenshotLooks(page, 'create-mentions', [
    { width: 1440, height: 900 },
    { width: 1024, height: 700 },
  ]);
  await expect(prompt).toBeFocused();
  await prompt.press('Enter');
  await expect(prompt).toHaveValue(new RegExp(`^close-up of @${character.username}\\s?$`));
  await prompt.pressSequentially(' smiling');
  await page.keyboard.press('Control+Enter');
  await expect(
    recent(page)
      .getByRole('listitem', { name: new RegExp(`close-up of @${character.username}.* · Done`) })
      .first(),
  ).toBeVisible({ timeout: 40_000 });

  // An unknown mention is flagged before submitting.
  await prompt.fill('a duet with @nobody_here');
  await expect(
    page
      .getByText(/@nobody_here/)
      .filter({ hasNot: prompt })
      .first(),
  ).toBeVisible();

  // A remix of the first video.
  await source.getByRole('button', { name: 'Remix this video' }).click();
  await expect(page).toHaveURL(/remix=/);
  await expect(page.getByText('Remixing')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Model Remix · Vid 2 official/ })).toBeVisible();
  await page.getByLabel('Change', { exact: true }).fill('make it snow instead');
  await page.getByRole('button', { name: 'Remix Ctrl+Enter' }).click();
  await expect(recent(page).getByRole('listitem', { name: /make it snow instead · Done/ })).toBeVisible({ timeout: 40_000 });
  const [remix] = await jobsWith(page, 'make it snow instead');
  expect(remix?.variantId).toBe('video.remix.official');

  // The strip with videos, a character and a remix, under a long Chinese prompt.
  await page
    .getByLabel('Change', { exact: true })
    .fill('镜头缓缓推近,雪花在路灯下旋转飘落,舞者的红色大衣在风中翻飞,背景是安静的旧城街道与远处模糊的霓虹灯光,整体色调偏冷,带一点胶片颗粒感');
  await screenshotLooks(
    page,
    'create-recent',
    [
      { width: 1440, height: 900 },
      { width: 1024, height: 700 },
    ],
    // By its class: its name changes with the language.
    page.locator('section.results'),
  );

  // Stop remixing: the model and prompt chosen before the remix come back.
  await page.getByRole('button', { name: 'Stop remixing' }).click();
  await expect(page.getByText('Remixing')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Model Vid 2 VVIP/ })).toBeVisible();
  await expect(prompt).toHaveValue('a duet with @nobody_here');
});
