import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadStudio, subscribeToMainEvents } from '../../src/renderer/src/app/main-events';
import { appRoutes } from '../../src/renderer/src/app/router';
import { useSettingsStore } from '../../src/renderer/src/features/settings/settings-store';
import { connectStudio } from '../../src/renderer/src/studio/studio-client';
import { initI18n, switchLanguage } from '../../src/renderer/src/i18n';
import { act } from 'react';
import { FAST_ENGINE } from '../integration/jobs/harness';
import { button, choose, click, labelled, renderRoutes, settle, until, type Rendered } from './dom';
import { resetStores } from './reset-stores';
import { startRendererStudio, type RendererStudio } from './studio-harness';
import { demoAdmin } from '../helpers/studio';

let main: RendererStudio;
let page: Rendered | undefined;
let unsubscribe: () => void;
/** Every jobs and batches listing the renderer asked for, as main received it. */
let listings: { route: string; limit: unknown }[];

/**
 * happy-dom does no layout: give the window a height and each row of the list one, as a browser
 * would, so the virtualiser has something to work with.
 */
const realOffsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
function fakeLayout(): void {
  Object.defineProperty(document.documentElement, 'clientHeight', { configurable: true, get: () => 900 });
  Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, get: () => 1200 });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('timeline-slot') ? 80 : 0;
    },
  });
}
function realLayout(): void {
  delete (document.documentElement as { clientHeight?: number }).clientHeight;
  delete (document.documentElement as { clientWidth?: number }).clientWidth;
  if (realOffsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', realOffsetHeight);
}

beforeEach(async () => {
  resetStores();
  fakeLayout();
  main = await startRendererStudio();
  listings = [];
  const dispatch = main.studio.router.dispatch.bind(main.studio.router);
  main.studio.router.dispatch = (route, input) => {
    if (route === 'jobs.list_jobs' || route === 'jobs.list_batches') listings.push({ route, limit: (input as { limit?: unknown }).limit });
    return dispatch(route, input);
  };
  connectStudio(main.client);
  await initI18n('en');
  unsubscribe = subscribeToMainEvents(main.client);
});
afterEach(async () => {
  realLayout();
  page?.unmount();
  unsubscribe();
  await main.stop();
});

const prompts = (n: number): string[] => Array.from({ length: n }, (_, i) => `a kite number ${i + 1}`);

describe('the timeline page, on the real studio core', () => {
  it('shows a large held batch page by page, virtualised, with the badge counting every job in progress', async () => {
    expect(await main.studio.router.dispatch('jobs.pause_queue', {})).toMatchObject({ ok: true });
    const created = await main.studio.router.dispatch('jobs.create_batch', { name: 'Kites', variantIds: ['image.gen-image-2.task'], prompts: prompts(80), countPerPrompt: 1, values: {} });
    expect(created).toMatchObject({ ok: true, value: { jobCount: 80 } });
    await loadStudio();
    page = await renderRoutes(appRoutes, '/timeline');
    const container = page.container;

    await until(() => expect(container.querySelector('h2.batch-name')?.textContent).toContain('Kites'));
    await until(() => expect(container.textContent).toContain('a kite number 1'));
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
    await main.studio.router.dispatch('jobs.create_batch', { name: 'Boats', variantIds: ['image.gen-image-2.task'], prompts: prompts(3), countPerPrompt: 1, values: {} });
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

  it('asks before it stops following a job the gateway already accepted, and Keep it leaves the job running', async () => {
    // Slow demo tasks: the job stays accepted and running on the gateway while the test looks.
    await main.stop();
    main = await startRendererStudio({ demo: { timing: { image: 60_000, video: 60_000, character: 60_000, textChunk: 0 } } });
    connectStudio(main.client);
    unsubscribe();
    unsubscribe = subscribeToMainEvents(main.client);
    await main.studio.router.dispatch('jobs.create_batch', { name: 'Lanterns', variantIds: ['image.gen-image-2.task'], prompts: ['a paper lantern'], countPerPrompt: 1, values: {} });
    const accepted = async (): Promise<string | undefined> => {
      const listed = await main.studio.router.dispatch('jobs.list_jobs', {});
      return listed.ok ? (listed.value as { items: { state: string }[] }).items[0]?.state : undefined;
    };
    await until(async () => expect(['submitted', 'running']).toContain(await accepted()));
    await loadStudio();
    page = await renderRoutes(appRoutes, '/timeline');
    const container = page.container;
    await until(() => expect(container.textContent).toContain('a paper lantern'));

    await click(button(container, 'Cancel “a paper lantern”'));
    await until(() => expect(document.body.textContent).toContain('Stop following this job?'));
    expect(document.body.textContent).toContain('it is paid for');
    await click(button(document.body, 'Keep it'));
    await until(() => expect(document.body.textContent).not.toContain('Stop following this job?'));
    expect(['submitted', 'running']).toContain(await accepted());

    await click(button(container, 'Cancel “a paper lantern”'));
    await until(() => expect(document.body.textContent).toContain('Stop following this job?'));
    await click(button(document.body, 'Stop following'));
    await until(async () => expect(await accepted()).toBe('canceled'));
  });

  it('shows a job past its usual time as still running on the gateway, in English and Chinese, checks it now and sends it again only when asked', async () => {
    // A task that takes a minute on the gateway, with a deadline of a fifth of a second.
    await main.stop();
    main = await startRendererStudio({
      demo: { timing: { image: 60_000, video: 60_000, character: 60_000, textChunk: 0 } },
      engine: { ...FAST_ENGINE, pollTimings: { image: { initialDelayMs: 40, intervalMs: 40, deadlineMs: 200 } } },
    });
    connectStudio(main.client);
    unsubscribe();
    unsubscribe = subscribeToMainEvents(main.client);
    await main.studio.router.dispatch('jobs.create_batch', { name: 'Slow', variantIds: ['image.gen-image-2.task'], prompts: ['a slow kite'], countPerPrompt: 1, values: {} });
    const jobs = async (): Promise<{ state: string; overdueSince: number | null }[]> => {
      const listed = await main.studio.router.dispatch('jobs.list_jobs', {});
      return listed.ok ? (listed.value as { items: { state: string; overdueSince: number | null }[] }).items : [];
    };
    await until(async () => expect((await jobs())[0]?.overdueSince).not.toBeNull());
    await loadStudio();
    page = await renderRoutes(appRoutes, '/timeline');
    const container = page.container;
    await until(() => expect(container.textContent).toContain('Still running on the gateway'));
    expect(container.textContent).toContain('nothing is sent or charged again');

    await click(button(container, 'Check “a slow kite” on the gateway now'));
    await until(() => expect(document.body.textContent).toContain('Still running on the gateway.'));
    expect((await jobs())[0]?.state).not.toBe('failed');

    await act(() => switchLanguage('zh-CN'));
    await until(() => expect(container.textContent).toContain('仍在网关上运行'));
    expect(button(container, '立即在网关上查询“a slow kite”')).toBeDefined();
    await act(() => switchLanguage('en'));

    await click(button(container, 'Submit “a slow kite” again as a new job…'));
    await until(() => expect(document.body.textContent).toContain('Submit this job again?'));
    expect(document.body.textContent).toContain('is charged again');
    await click(button(document.body, 'Submit again, charged again'));
    await until(async () => expect(await jobs()).toHaveLength(2));
  });

  it('offers "Look up on the gateway" for an omni job whose outcome is unknown, and finds it', async () => {
    await main.stop();
    // The automatic look-up waits long here: the person asks first.
    main = await startRendererStudio({ engine: { ...FAST_ENGINE, reconcile: { graceMs: 60_000, intervalMs: 60_000 } } });
    connectStudio(main.client);
    unsubscribe();
    unsubscribe = subscribeToMainEvents(main.client);
    const admin = await demoAdmin(main.studio);
    await admin('POST', '/faults', { kind: 'error', status: 500, route: 'POST /v1/videos/generations', count: 1, phase: 'after-handler' });
    // The automatic look-up, right when the job becomes unknown, gets no answer even after its retries.
    await admin('POST', '/faults', { kind: 'error', status: 503, route: 'GET /v1/videos/generations/*', count: 4 });
    await main.studio.router.dispatch('jobs.create_batch', { name: 'Dance', variantIds: ['video.clip-v3-omni'], prompts: ['a dance'], countPerPrompt: 1, values: { duration: 3 } });
    const state = async (): Promise<string | undefined> => {
      const listed = await main.studio.router.dispatch('jobs.list_jobs', {});
      return listed.ok ? (listed.value as { items: { state: string }[] }).items[0]?.state : undefined;
    };
    await until(async () => expect(await state()).toBe('unknown'));
    await until(async () => expect((await admin<{ faults: Record<string, number> }>('GET', '/stats')).faults.error).toBe(5));
    await loadStudio();
    page = await renderRoutes(appRoutes, '/timeline');
    const container = page.container;
    await until(() => expect(container.textContent).toContain('a dance'));
    await click(button(container, 'Look up “a dance” on the gateway'));
    await until(() => expect(document.body.textContent).toContain('Found on the gateway; the studio follows it now.'));
    await until(async () => expect(await state()).toBe('done'));
  });
});
