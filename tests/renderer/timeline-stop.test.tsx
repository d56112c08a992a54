import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadStudio } from '../../src/renderer/src/app/main-events';
import { appRoutes } from '../../src/renderer/src/app/router';
import { button, click, renderRoutes, until, type Rendered } from './dom';
import { fakeLayout, realLayout } from './fake-layout';
import { studioPerFile } from './studio-harness';

// Slow demo tasks: a job stays accepted and running on the gateway while the test looks.
const studio = studioPerFile({ extra: { demo: { timing: { image: 60_000, video: 60_000, character: 60_000, textChunk: 0 } } } });
let page: Rendered | undefined;

beforeEach(() => fakeLayout());
afterEach(() => {
  realLayout();
  page?.unmount();
  page = undefined;
});

describe('stopping a job on the timeline', () => {
  it('asks before it stops following a job the gateway already accepted, and Keep it leaves the job running', async () => {
    await studio.main.studio.router.dispatch('jobs.create_batch', {
      name: 'Lanterns',
      variantIds: ['image.gen-image-2.task'],
      prompts: ['a paper lantern'],
      countPerPrompt: 1,
      values: {},
    });
    const accepted = async (): Promise<string | undefined> => {
      const listed = await studio.main.studio.router.dispatch('jobs.list_jobs', {});
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
});
