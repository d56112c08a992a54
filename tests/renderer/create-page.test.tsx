import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/renderer/src/app/router';
import { field, renderRoutes, settle, type, until, type Rendered } from './dom';
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
