import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/renderer/src/app/router';
import { FAST_TASKS } from '../helpers/sim-admin';
import { button, click, field, renderRoutes, type, until, type Rendered } from './dom';
import { studioPerFile } from './studio-harness';

// The demo key without a cap: the gateway reports its balance as -1.
const studio = studioPerFile({ extra: { demo: { timing: FAST_TASKS, demoKeyUnlimited: true } } });
let page: Rendered;

beforeEach(async () => {
  page = await renderRoutes(appRoutes, '/account');
});
afterEach(() => {
  page.unmount();
});

const region = (name: string): HTMLElement | null => page.container.querySelector(`section[aria-label="${name}"]`);

describe('the account page, on the real studio core', () => {
  it('reads an unlimited key as Unlimited, never -1, with the account’s own balance in credits', async () => {
    await until(() => expect(region('This key')?.textContent).toContain('Unlimited'));
    expect(region('This key')?.textContent).not.toContain('-1');
    expect(region('Whole account')?.textContent).toMatch(/[\d,]+ credits/);
  });

  it('says what is wrong with a key beside its field, and shows a created key once', async () => {
    await until(() => expect(region('This key')?.textContent).toContain('Unlimited'));
    await click(button(page.container, 'Create key'));
    await until(() => expect(page.container.querySelector('form[aria-label="New restricted key"]')?.textContent).toContain('Give the key a name'));

    await type(field(page.container, 'Key name'), 'For the ferry batch');
    await type(field(page.container, 'Spending cap (credits)'), '500');
    await click(button(page.container, 'Create key'));
    await until(() => expect(region('New key For the ferry batch')).not.toBeNull());
    const secret = region('New key For the ferry batch')?.querySelector('code')?.textContent ?? '';
    expect(secret).toMatch(/^sk-/);
    expect(field(page.container, 'Key name').value).toBe('');

    await click(button(page.container, 'Done, hide the key'));
    expect(region('New key For the ferry batch')).toBeNull();
    expect(page.container.textContent).not.toContain(secret);

    // The studio lists the key it created (the gateway cannot), never its secret, with a way to revoke it.
    const listed = (): HTMLElement | null => page.container.querySelector('ul[aria-label="Keys this studio created"]');
    await until(() => expect(listed()?.textContent).toContain('For the ferry batch'));
    expect(listed()?.textContent).toContain('Cap: 500 credits');
    expect(listed()?.textContent).toContain('Never expires');
    expect(listed()?.textContent).not.toContain(secret.replace(/^sk-/, ''));
    const revoke = listed()?.querySelector('a[aria-label="Revoke For the ferry batch on the gateway’s management page"]');
    expect(revoke?.getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('reads the balance again when a batch ends, and draws what it spent today', async () => {
    await until(() => expect(region('Whole account')?.textContent).toContain('Used'));
    const before = region('Whole account')?.textContent ?? '';
    await until(() => expect(page.container.querySelector('figure svg')?.getAttribute('aria-label')).toBe('Nothing spent in the last 42 days.'));
    await studio.main.studio.router.dispatch('jobs.create_batch', {
      name: 'Spend',
      variantIds: ['image.gen-image-2.task'],
      prompts: ['a red kite'],
      countPerPrompt: 1,
      values: {},
    });
    await until(() => expect(region('Whole account')?.textContent).not.toBe(before));
    await until(() => expect(page.container.querySelector('figure svg')?.getAttribute('aria-label')).toMatch(/^\d+ credits in the last 42 days/));
  });
});
