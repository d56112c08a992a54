// The Create page on the real studio core, and a {{column}} template reused from the history with its CSV.
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/renderer/src/app/router';
import { usePromptHistoryStore } from '../../src/renderer/src/entities/prompt-history-store';
import { useCreateStore } from '../../src/renderer/src/features/create/store/create-store';
import { button, click, field, renderRoutes, settle, type, until, type Rendered } from './dom';
import { studioPerFile } from './studio-harness';

const studio = studioPerFile();
let page: Rendered;

beforeEach(async () => {
  page = await renderRoutes(appRoutes, '/create');
});
afterEach(() => {
  page.unmount();
});

const prompt = (): HTMLTextAreaElement => {
  const found = page.container.querySelector<HTMLTextAreaElement>('textarea');
  if (!found) throw new Error('no prompt');
  return found;
};

async function typePrompt(value: string): Promise<void> {
  // oxlint-disable-next-line typescript/unbound-method -- called with the textarea as `this` below.
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  await settle(() => {
    setter?.call(prompt(), value);
    prompt().dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('the Create page, on the real studio core', () => {
  it('opens on a model, waits for a prompt, and queues the batch on Ctrl+Enter, keeping the form for the next one', async () => {
    await until(() => expect(page.container.querySelector('.model-trigger-name')?.textContent).toBe('Image 2'));
    expect(page.container.textContent).toContain('Write a prompt to start.');
    await typePrompt('a paper boat on a puddle');
    await until(() => expect(page.container.textContent).toMatch(/1 request · cost unknown: no earlier job of Image 2on Image 2/));
    await settle(() => prompt().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true })));
    await until(() => expect(page.container.textContent).toContain('Queued 1 request.'));
    // The file's studio holds other tests' batches too: this one is named after its prompt.
    const batches = await studio.main.client.call('jobs.list_batches', {});
    const queued = batches.ok ? batches.value.items.filter((batch) => batch.name === 'a paper boat on a puddle') : [];
    expect(queued).toHaveLength(1);
    const jobs = await studio.main.client.call('jobs.list_jobs', { batchId: queued[0]?.id ?? '' });
    expect(jobs.ok && jobs.value.items.map((job) => [job.prompt, job.variantId])).toEqual([['a paper boat on a puddle', 'image.gen-image-2.direct']]);
    expect(prompt().value).toBe('a paper boat on a puddle');
  });

  it('sends the capped key credits with the batch when asked (main mints the key: tests/integration/jobs/budget), and the job runs to the end', async () => {
    await until(() => expect(page.container.querySelector('.model-trigger-name')?.textContent).toBe('Image 2'));
    await typePrompt('a lantern on a jetty');
    await type(field(page.container, 'Capped key (credits)'), '40');
    await settle(() => prompt().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true })));
    await until(() => expect(page.container.textContent).toContain('Queued 1 request.'));
    const batches = await studio.main.client.call('jobs.list_batches', {});
    const queued = batches.ok ? batches.value.items.filter((batch) => batch.name === 'a lantern on a jetty') : [];
    expect(queued.map((batch) => batch.dedicatedKeyCredits)).toEqual([40]);
    await until(async () => {
      const jobs = await studio.main.client.call('jobs.list_jobs', { batchId: queued[0]?.id ?? '' });
      expect(jobs.ok && jobs.value.items.map((job) => job.state)).toEqual(['done']);
    });
  });

  it('reuses a result’s recipe with its reference named by the file it was uploaded from, not by its address', async () => {
    const png = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#c96' } })
      .png()
      .toBuffer();
    const uploaded = await studio.main.client.call('uploads.add', { fileName: 'courtyard.png', bytes: new Uint8Array(png) });
    if (!uploaded.ok) throw new Error(uploaded.error.message);
    const created = await studio.main.client.call('jobs.create_batch', {
      name: 'Courtyard',
      variantIds: ['image.gen-image-2.direct'],
      prompts: ['the courtyard at noon'],
      countPerPrompt: 1,
      values: { reference_images: [uploaded.value.url] },
    });
    if (!created.ok) throw new Error(created.error.message);
    let assetId: string | undefined;
    for (const deadline = Date.now() + 30_000; assetId === undefined;) {
      const jobs = await studio.main.client.call('jobs.list_jobs', { batchId: created.value.batch.id });
      const job = jobs.ok ? jobs.value.items[0] : undefined;
      if (job?.state === 'failed') throw new Error(`the job failed: ${JSON.stringify(job)}`);
      assetId = job?.assetIds[0];
      if (assetId === undefined && Date.now() > deadline) throw new Error('no result in time');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    page.unmount();
    page = await renderRoutes(appRoutes, `/create?reuse=${assetId}`);
    await until(() => expect(prompt().value).toBe('the courtyard at noon'));
    await until(() => expect([...page.container.querySelectorAll('.tray-name')].map((name) => name.textContent)).toEqual(['courtyard.png']));
    expect(page.container.querySelector('.tray-list img')?.getAttribute('alt')).toBe('courtyard.png');
  });
});

/** Sends a template batch as drafts (nothing runs), as an earlier visit to the Create page did. */
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
    // The CSV's rows fill the preview once its parser has loaded.
    await until(() => expect(previewPrompts()).toEqual(['a red kite over the sea', 'a sky blue kite over the hills']));
  });

  it('comes back with its CSV when recalled with Up in the empty prompt box', async () => {
    const template = 'a {{colour}} boat on the {{water}}';
    await sendTemplate(template, 'colour,water\nyellow,lake\n', 'boats.csv');
    // The new batch makes the recent prompts stale: Up reads them again.
    await until(() => expect(usePromptHistoryStore.getState().fresh).toBe(false));
    await settle(() => prompt().dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true })));
    await until(() => expect(useCreateStore.getState()).toMatchObject({ mode: 'template', prompt: template, csv: { name: 'boats.csv' } }));
    await until(() => expect(previewPrompts()).toEqual(['a yellow boat on the lake']));
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
