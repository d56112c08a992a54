import { expect, test, type Page } from '@playwright/test';
import { callStudio, chooseModel, dismissToasts, freshCreate } from './support/create-flow';
import { openStudioForFile } from './support/studio-per-file';
import { FAST_DEMO_ENV, type WebModeStudio } from './support/web-mode';

let studio: WebModeStudio;
let page: Page;
openStudioForFile({ env: FAST_DEMO_ENV }, (open) => ({ studio, page } = open));

interface Character {
  id: string;
  username: string;
  name: string | null;
}
interface Job {
  prompt: string;
  request: Record<string, unknown>;
}
const results = (page: Page) => page.getByRole('region', { name: 'Results' });

test('a character named by the artist is mentioned by that name, sent by its username, and renamed', async () => {
  // Two videos and a character are made: more than one test's usual minute on a busy machine.
  test.slow();
  await freshCreate(page, studio.url);
  await chooseModel(page, /^Vid 2$/);
  const prompt = page.getByLabel('Prompt', { exact: true });
  await prompt.fill('a courier on a red bicycle');
  await page.keyboard.press('Control+Enter');
  const source = results(page).getByRole('listitem', { name: /a courier on a red bicycle · Done/ });
  await expect(source).toBeVisible({ timeout: 40_000 });

  await source.getByRole('button', { name: 'Create a character from this video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a character' });
  // The choice's own words take the click, as they do for a person.
  await dialog.getByText('The whole video', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'The whole video' })).toBeChecked();
  await dialog.getByLabel('Who is it?').fill('Mira, a courier');
  const name = dialog.getByLabel('Name in prompts');
  // A name that cannot follow @ is refused in the form, and nothing is sent.
  await name.fill('mira the courier');
  await dialog.getByRole('button', { name: 'Create character' }).click();
  await expect(dialog.getByText('"mira the courier" cannot be used after @ in a prompt.', { exact: false })).toBeVisible();
  await name.fill('vesper');
  await dialog.getByRole('button', { name: 'Create character' }).click();
  await expect(dialog).toBeHidden();

  await expect
    .poll(async () => (await callStudio<Character[]>(page, 'characters.list', {})).map((character) => character.name), { timeout: 40_000 })
    .toContain('vesper');
  const character = (await callStudio<Character[]>(page, 'characters.list', {})).find((candidate) => candidate.name === 'vesper');
  if (!character) throw new Error('no character');

  // Typing @ suggests it by its name, with the username it is sent as.
  await chooseModel(page, /^Vid 2 VVIP/);
  await prompt.fill('');
  await dismissToasts(page);
  await prompt.pressSequentially('close-up of @ves');
  const option = page.getByRole('listbox', { name: 'Characters' }).getByRole('option', { name: /@vesper/ });
  await expect(option).toContainText(`sent as @${character.username}`);
  await prompt.press('Enter');
  await expect(prompt).toHaveValue(/^close-up of @vesper\s?$/);
  await prompt.pressSequentially(' smiling');
  await page.keyboard.press('Control+Enter');
  await expect(results(page).getByRole('listitem', { name: /close-up of @vesper smiling · Done/ })).toBeVisible({ timeout: 40_000 });
  const jobs = (await callStudio<{ items: Job[] }>(page, 'jobs.list_jobs', { limit: 50 })).items;
  const sent = jobs.find((job) => job.prompt.startsWith('close-up of @vesper'));
  // The history keeps the words as written; the request went out with the username in the name's place.
  expect(sent?.prompt).toMatch(/^close-up of @vesper\s+smiling$/);
  expect(sent?.request.prompt).toBe(sent?.prompt.replace('@vesper', `@${character.username}`));

  // Renamed from its card in Results: prompts now say the new name.
  await results(page).getByRole('button', { name: 'Rename @vesper' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename a character' });
  await rename.getByLabel('Name in prompts').fill('nova');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(rename).toBeHidden();
  await expect(results(page).getByRole('button', { name: 'Rename @nova' })).toBeVisible();
  await prompt.fill('');
  await dismissToasts(page);
  await prompt.pressSequentially('@vesper ');
  await expect(page.getByText(/@vesper: no character of yours has this name/).first()).toBeVisible();
  await prompt.fill('');
  await prompt.pressSequentially('wide shot of @no');
  await expect(page.getByRole('listbox', { name: 'Characters' }).getByRole('option', { name: /@nova/ })).toBeVisible();
});
