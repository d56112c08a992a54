import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadStudio } from '../../src/renderer/src/app/main-events';
import { appRoutes } from '../../src/renderer/src/app/router';
import { demoAdmin } from '../helpers/studio';
import { FAST_ENGINE } from '../integration/jobs/harness';
import { button, click, renderRoutes, until, type Rendered } from './dom';
import { fakeLayout, realLayout } from './fake-layout';
import { studioPerFile } from './studio-harness';

// The automatic look-up waits long here: the person asks first.
const studio = studioPerFile({ extra: { engine: { ...FAST_ENGINE, reconcile: { graceMs: 60_000, intervalMs: 60_000 } } } });
let page: Rendered | undefined;

beforeEach(() => fakeLayout());
afterEach(() => {
  realLayout();
  page?.unmount();
  page = undefined;
});

describe('an omni job whose outcome is unknown', () => {
  it('offers "Look up on the gateway", and finds it', async () => {
    const router = studio.main.studio.router;
    const admin = await demoAdmin(studio.main.studio);
    await admin('POST', '/faults', { kind: 'error', status: 500, route: 'POST /v1/videos/generations', count: 1, phase: 'after-handler' });
    // The automatic look-up, right when the job becomes unknown, gets no answer even after its retries.
    await admin('POST', '/faults', { kind: 'error', status: 503, route: 'GET /v1/videos/generations/*', count: 4 });
    await router.dispatch('jobs.create_batch', {
      name: 'Dance',
      variantIds: ['video.clip-v3-omni'],
      prompts: ['a dance'],
      countPerPrompt: 1,
      values: { duration: 3 },
    });
    const state = async (): Promise<string | undefined> => {
      const listed = await router.dispatch('jobs.list_jobs', {});
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
    // The video is encoded, downloaded and given a poster by ffmpeg in WebAssembly, whose module
    // is compiled on first use: seconds on a busy machine.
    await until(async () => expect(await state()).toBe('done'), 40_000);
  }, 60_000);
});
