import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadStudio } from '../../src/renderer/src/app/main-events';
import { appRoutes } from '../../src/renderer/src/app/router';
import { useSettingsStore } from '../../src/renderer/src/entities/settings-store';
import { button, choose, click, labelled, renderRoutes, settle, until, type Rendered } from './dom';
import { fakeLayout, realLayout } from './fake-layout';
import { studioPerFile, type RendererStudio } from './studio-harness';

const studio = studioPerFile();
let main: RendererStudio;
let undecorated: RendererStudio['studio']['router']['dispatch'];
let page: Rendered | undefined;
/** Every jobs and batches listing the renderer asked for, as main received it. */
let listings: { route: string; limit: unknown }[];

beforeEach(() => {
  fakeLayout();
  main = studio.main;
  listings = [];
  undecorated = main.studio.router.dispatch.bind(main.studio.router);
  const dispatch = undecorated;
  main.studio.router.dispatch = (route, input) => {
    if (route === 'jobs.list_jobs' || route === 'jobs.list_batches') listings.push({ route, limit: (input as { limit?: unknown }).limit });
    return dispatch(route, input);
  };
});
afterEach(() => {
  realLayout();
  page?.unmount();
  page = undefined;
  main.studio.router.dispatch = undecorated;
});

const prompts = (n: number): string[] => Array.from({ length: n }, (_, i) => `a kite number ${i + 1}`);

describe('the timeline page, on the real studio core', () => {
  it('shows a large held batch page by page, virtualised, with the badge counting every job in progress', async () => {
    expect(await main.studio.router.dispatch('jobs.pause_queue', {})).toMatchObject({ ok: true });
    const created = await main.studio.router.dispatch('jobs.create_batch', {
      name: 'Kites',
      variantIds: ['image.gen-image-2.task'],
      prompts: prompts(80),
      countPerPrompt: 1,
      values: {},
    });
    expect(created).toMatchObject({ ok: true, value: { jobCount: 80 } });
    await loadStudio();
    page = await renderRoutes(appRoutes, '/timeline');
    const container = page.container;

    await until(() => expect(container.querySelector('h2.batch-name')?.textContent).toContain('Kites'));
    await until(() => expect(container.textContent).toContain('a kite number 1'));
    // Each job names its model as the picker does; the gateway's id is its hover text.
    const model = container.querySelector('[role="list"] .job-model');
    expect(model?.textContent).toBe('Image 2');
    expect(model?.getAttribute('title')).toBe('gen-image-2');
    // The rail's badge counts all 80, though the page holds only what it loaded.
    expect(container.querySelector('nav a[href$="/timeline"]')?.textContent).toContain('80');
    expect(container.textContent).toContain('Queue paused · in progress: 80');
    const rows = container.querySelectorAll('[role="list"] .job-row').length;
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(30);
    expect(listings.filter((l) => l.route === 'jobs.list_jobs')).toHaveLength(2); // the batch's first page, the single jobs'

    // Scrolled to the end of what is loaded: the next page of the batch's jobs comes, and no more.
    const scroller = document.documentElement;
    for (let step = 0; step < 20 && !container.textContent.includes('a kite number 80'); step++) {
      await settle(() => {
        scroller.scrollTop = 80 * 100;
        scroller.dispatchEvent(new Event('scroll'));
      }, 50);
    }
    await until(() => expect(container.textContent).toContain('a kite number 80'));
    expect(container.textContent).not.toContain('a kite number 1 ');
    expect(container.querySelectorAll('[role="list"] .job-row').length).toBeLessThan(30);
    expect(listings.filter((l) => l.route === 'jobs.list_jobs')).toHaveLength(3);
    expect(listings.every((l) => typeof l.limit === 'number' && l.limit <= 60)).toBe(true);
  });

  it('pauses and resumes a batch and the whole queue, cancels a waiting job, and applies the concurrency setting', async () => {
    await main.studio.router.dispatch('jobs.pause_queue', {});
    await main.studio.router.dispatch('jobs.create_batch', {
      name: 'Boats',
      variantIds: ['image.gen-image-2.task'],
      prompts: prompts(3),
      countPerPrompt: 1,
      values: {},
    });
    await loadStudio();
    page = await renderRoutes(appRoutes, '/timeline');
    const container = page.container;
    await until(() => expect(container.textContent).toContain('a kite number 3'));

    await click(button(container, 'Pause Boats'));
    await until(() => expect(container.querySelector('.batch-head')?.textContent).toContain('Paused'));
    await click(button(container, 'Resume Boats'));
    // Running again, but held while the whole queue is paused.
    await until(() => expect(container.querySelector('.batch-head')?.textContent).toContain('Held: queue paused'));

    // A job still waiting is canceled at once (nothing was sent, nothing to confirm).
    await click(button(container, 'Cancel “a kite number 3”'));
    await until(() => expect(container.querySelector('.batch-head')?.textContent).toContain('1 canceled'));

    await choose(labelled(container, 'Jobs at once', HTMLSelectElement), '2');
    await until(() => expect(useSettingsStore.getState().settings?.concurrency).toBe(2));
    expect(await main.studio.router.dispatch('jobs.get_queue', {})).toMatchObject({ ok: true, value: { limits: { maxActive: 2, maxActivePerModel: 2 } } });

    await click(button(container, 'Resume all'));
    await until(() => expect(container.querySelector('.batch-head')?.textContent).toContain('2 of 3 done'));
    expect(container.querySelector('.batch-head')?.textContent).toContain('Finished');
    expect(container.textContent).toContain('In progress: 0');
  });
});
