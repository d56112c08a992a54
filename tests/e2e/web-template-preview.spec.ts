import { expect, test, type Page } from '@playwright/test';
import { chooseSegment, freshCreate } from './support/create-flow';
import { FAST_DEMO_ENV, type WebModeStudio } from './support/web-mode';
import { openStudioForFile } from './support/studio-per-file';

let studio: WebModeStudio;
let page: Page;
openStudioForFile({ env: FAST_DEMO_ENV }, (open) => ({ studio, page } = open));

test('a template’s prompts can be read before sending, and an unclosed brace is said', async () => {
  await freshCreate(page, studio.url);
  await chooseSegment(page, 'Prompts', 'Template');
  const prompt = page.getByLabel('Prompt', { exact: true });
  await prompt.fill('a {red|blue} fox {running|asleep}');
  await page.getByText('See the 4 prompts this template makes').click();
  const list = page.getByRole('list', { name: 'Prompts of the template' });
  await expect(list.getByRole('listitem')).toHaveText(['a red fox running', 'a red fox asleep', 'a blue fox running', 'a blue fox asleep']);

  await prompt.fill('a {red|blue fox');
  await expect(page.getByText('The template cannot be read yet: check that every { has its }.')).toBeVisible();
  await expect(list).toBeHidden();
});
