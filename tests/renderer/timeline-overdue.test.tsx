import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadStudio } from '../../src/renderer/src/app/main-events';
import { appRoutes } from '../../src/renderer/src/app/router';
import { switchLanguage } from '../../src/renderer/src/i18n';
import { FAST_ENGINE } from '../integration/jobs/harness';
import { button, click, renderRoutes, until, type Rendered } from './dom';
import { fakeLayout, realLayout } from './fake-layout';
import { studioPerFile } from './studio-harness';

// A task that takes a minute on the gateway, with a deadline of a fifth of a second.
const studio = studioPerFile({
  extra: {
    demo: { timing: { image: 60_000, video: 60_000, character: 60_000, textChunk: 0 } },
    engine: { ...FAST_ENGINE, pollTimings: { image: { initialDelayMs: 40, intervalMs: 40, deadlineMs: 200 } } },
  },
});
let page: Rendered | undefined;

beforeEach(() => fakeLayout());
afterEach(() => {
  realLayout();
  page?.unmount();
  page = undefined;
});

describe('a job past its usual time on the timeline', () => {
  it('shows it as still running on the gateway, in English and Chinese, checks it now and sends it again only when asked', async () => {
    const router = studio.main.studio.router;
    await router.dispatch('jobs.create_batch', {
      name: 'Slow',
      variantIds: ['image.gen-image-2.task'],
      prompts: ['a slow kite'],
      countPerPrompt: 1,
      values: {},
    });
    const jobs = async (): Promise<{ state: string; overdueSince: number | null }[]> => {
      const listed = await router.dispatch('jobs.list_jobs', {});
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
});
