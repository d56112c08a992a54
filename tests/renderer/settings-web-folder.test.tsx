import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/renderer/src/app/router';
import { button, click, field, renderRoutes, type, until, type Rendered } from './dom';
import { studioPerFile } from './studio-harness';

/** Stands in for the terminal where web mode runs: each proposal waits until the test answers it. */
const terminal = { asked: [] as string[], answer: (_yes: boolean): void => undefined };
const chooser = {
  choose: (proposed: string | undefined) =>
    new Promise<string | undefined>((resolve) => {
      terminal.asked.push(proposed ?? '');
      terminal.answer = (yes) => resolve(yes ? proposed : undefined);
    }),
};

const studio = studioPerFile({ extra: { libraryFolderChooser: chooser } });
let page: Rendered;

beforeEach(async () => {
  terminal.asked = [];
  page = await renderRoutes(appRoutes, '/settings');
});
afterEach(() => {
  page.unmount();
});

const text = (selector: string): string => page.container.querySelector(selector)?.textContent ?? '';

describe('settings page, the library folder and browsers in web mode', () => {
  it('proposes the typed folder, says to confirm it in the terminal, and moves only when confirmed there', async () => {
    const section = (): string => text('section[aria-labelledby="library-folder-heading"]');
    // On a busy machine the settings may still be arriving: type until the form holds the folder.
    await until(async () => {
      if (field(page.container, 'Folder').value !== '/srv/art') await type(field(page.container, 'Folder'), '/srv/art');
      expect(button(page.container, 'Use this folder').disabled).toBe(false);
    });
    await click(button(page.container, 'Use this folder'));
    // The folder is checked on disk before the terminal is asked, which on a busy machine takes a while.
    await until(() => expect(terminal.asked).toEqual(['/srv/art']));
    expect(section()).toContain('Confirm in the terminal where Atelier runs');
    act(() => terminal.answer(false));
    await until(() => expect(section()).toContain('Not changed: the folder was not confirmed in the terminal.'));
    expect(await studio.main.client.call('settings.get', {})).toMatchObject({ ok: true, value: { libraryDir: null } });

    await click(button(page.container, 'Use this folder'));
    // Answered only once the terminal asks again: an answer before that would go to the first question.
    await until(() => expect(terminal.asked).toEqual(['/srv/art', '/srv/art']));
    act(() => terminal.answer(true));
    await until(() => expect(section()).toContain('/srv/art will be used the next time the studio starts'));
  });

  it('offers to sign out other browsers, and says how many it signed out', async () => {
    await click(button(page.container, 'Sign out other browsers'));
    // In process there are no other browsers; over web mode's server the transport counts them.
    await until(() => expect(text('section[aria-labelledby="browser-sessions-heading"] [role="status"]')).toBe('Signed out 0 other browsers.'));
  });
});
