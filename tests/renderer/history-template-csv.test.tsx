// A {{column}} template reused from the history comes back with its CSV, on the Create page over
// the real studio core: the CSV is named with its rows and the preview lists the filled prompts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/renderer/src/app/router';
import { useCreateStore } from '../../src/renderer/src/features/create/store/create-store';
import { button, click, renderRoutes, until, type Rendered } from './dom';
import { studioPerFile } from './studio-harness';

const studio = studioPerFile();
let page: Rendered;

beforeEach(async () => {
  page = await renderRoutes(appRoutes, '/create');
});
afterEach(() => {
  page.unmount();
});

/** Sends a template batch as drafts (nothing runs), as an earlier session of the Create page did. */
async function sendTemplate(template: string, csv: string, csvName: string): Promise<void> {
  const answer = await studio.main.client.call('jobs.create_batch', {
    name: 'kites',
    variantIds: ['image.gen-image-2.direct'],
    template,
    csv,
    csvName,
    countPerPrompt: 1,
    values: {},
    draft: true,
  });
  if (!answer.ok) throw new Error(answer.error.message);
}

/** Opens the history and chooses the entry whose prompt is `prompt`. */
async function reuse(prompt: string): Promise<void> {
  await until(() => expect(button(page.container, 'History')).toBeTruthy());
  await click(button(page.container, 'History'));
  let entry: HTMLButtonElement | undefined;
  await until(() => {
    entry = [...page.container.ownerDocument.querySelectorAll<HTMLButtonElement>('.history-entry')].find((candidate) =>
      candidate.querySelector('.history-prompt')?.textContent.endsWith(prompt),
    );
    expect(entry).toBeDefined();
  });
  if (entry) await click(entry);
}

const previewPrompts = (): string[] => [...page.container.querySelectorAll('[aria-label="Prompts of the template"] li')].map((item) => item.textContent);

describe('a template reused from the history', () => {
  it('comes back with its CSV, in template mode, and the preview lists the prompts filled from its rows', async () => {
    const template = 'a {{colour}} kite over the {{place}}';
    await sendTemplate(template, 'colour,place\nred,sea\n"sky blue",hills\n', 'kites.csv');
    await reuse(template);
    await until(() => expect(page.container.textContent).toContain('kites.csv · 2 rows'));
    expect(useCreateStore.getState()).toMatchObject({ mode: 'template', prompt: template, csv: { name: 'kites.csv' } });
    expect(page.container.textContent).toContain('with its CSV kites.csv (2 rows)');
    expect(previewPrompts()).toEqual(['a red kite over the sea', 'a sky blue kite over the hills']);
  });

  it('says when the CSV was too large to keep, and leaves the CSV to be chosen again', async () => {
    const template = 'a {{colour}} lantern';
    const notes = 'n'.repeat(300 * 1024);
    await sendTemplate(template, `colour,notes\namber,${notes}\n`, 'lanterns.csv');
    await reuse(template);
    await until(() => expect(page.container.textContent).toContain('its CSV lanterns.csv was over 256 KB, too large to keep'));
    expect(useCreateStore.getState()).toMatchObject({ mode: 'template', prompt: template, csv: null });
    expect(page.container.textContent).toContain('Choose a CSV file');
    expect(previewPrompts()).toEqual(['a {{colour}} lantern']);
  });
});
