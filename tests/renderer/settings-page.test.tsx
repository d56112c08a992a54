import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/renderer/src/app/router';
import { switchLanguage } from '../../src/renderer/src/i18n';
import { button, click, field, renderRoutes, type, until, type Rendered } from './dom';
import { connectRendererStudio, type RendererStudio } from './studio-harness';

let main: RendererStudio;
let page: Rendered;

beforeEach(async () => {
  main = await connectRendererStudio();
  page = await renderRoutes(appRoutes, '/settings');
});
afterEach(async () => {
  page.unmount();
  await main.stop();
});

const text = (selector: string): string => page.container.querySelector(selector)?.textContent ?? '';
const profileList = (): string => text('ul[aria-labelledby="profiles-heading"]');

async function addProfile(name: string, baseUrl: string): Promise<void> {
  await click(button(page.container, 'Add profile'));
  await type(field(page.container, 'Name'), name);
  await type(field(page.container, 'Base URL'), baseUrl);
  await click(button(page.container, 'Save profile'));
}

describe('settings page, on the real studio core', () => {
  it('opens in the frame: the demo banner, the Settings link current, the page title', () => {
    expect(text('h1')).toBe('Settings');
    expect(text('aside')).toContain('Demo gateway');
    expect(text('nav a[aria-current="page"]')).toBe('Settings');
  });

  it('shows main’s validation beside the field and in the alert, keeping what was typed', async () => {
    await addProfile('Studio', 'nope');
    expect(text('[role="alert"]')).toMatch(/full address starting with http/);
    expect(field(page.container, 'Base URL').getAttribute('aria-invalid')).toBe('true');
    expect(field(page.container, 'Base URL').value).toBe('nope');
    expect(field(page.container, 'Name').value).toBe('Studio');
  });

  it('words the same refusal in Chinese when the studio speaks Chinese', async () => {
    await act(() => switchLanguage('zh-CN'));
    await click(button(page.container, '添加配置'));
    await type(field(page.container, '名称'), 'Studio');
    await type(field(page.container, '基础地址'), 'nope');
    await click(button(page.container, '保存配置'));
    expect(text('[role="alert"]')).toContain('请输入以 http:// 或 https:// 开头的完整地址');
    expect(text('.field-error')).toContain('请输入以 http:// 或 https:// 开头的完整地址');
    await act(() => switchLanguage('en'));
  });

  it('refuses plain http to another computer in words, in English and Chinese, and takes it for this computer', async () => {
    await addProfile('Remote', 'http://gw.example.com');
    expect(text('.field-error')).toContain('Use https:// for a gateway on another computer');
    expect(field(page.container, 'Base URL').getAttribute('aria-invalid')).toBe('true');
    await act(() => switchLanguage('zh-CN'));
    await click(button(page.container, '保存配置'));
    expect(text('.field-error')).toContain('其他电脑上的网关请使用 https://');
    await act(() => switchLanguage('en'));
    await click(button(page.container, 'Close'));
    await addProfile('Local', 'http://127.0.0.1:8787');
    expect(profileList()).toContain('Local');
    expect(profileList()).not.toContain('Remote');
  });

  it('adds a profile, stores its key without showing it again, and makes it active', async () => {
    await addProfile('Studio', 'https://gw.example.com');
    expect(profileList()).toContain('No key');

    await type(field(page.container, 'API key'), 'sk-secret-123456');
    await click(button(page.container, 'Save key'));
    expect(field(page.container, 'API key').value).toBe('');
    expect(field(page.container, 'API key').type).toBe('password');
    expect(profileList()).toContain('Key stored');
    expect(page.container.innerHTML).not.toContain('sk-secret-123456');

    const radio = [...page.container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find(
      (r) => page.container.querySelector(`label[for="${r.id}"]`)?.textContent === 'Studio',
    );
    if (!radio) throw new Error('no radio for the profile');
    await click(radio, 50);
    // Main's event moves the frame off the demo gateway: the banner goes, the address shows.
    expect(page.container.querySelector('aside')).toBeNull();
    expect(text('header')).toContain('Gateway: https://gw.example.com');
  });

  it('refuses a name that is taken, beside the name field', async () => {
    await addProfile('Studio', 'https://a.example.com');
    await click(button(page.container, 'Close'));
    await addProfile('Studio', 'https://b.example.com');
    expect(text('.field-error')).toBe('A profile named "Studio" already exists.');
  });
});

describe('settings page, the library folder and browsers in web mode', () => {
  /** Stands in for the terminal: each proposal waits until the test answers it. */
  const terminal = { asked: [] as string[], answer: (_yes: boolean): void => undefined };
  const chooser = {
    choose: (proposed: string | undefined) =>
      new Promise<string | undefined>((resolve) => {
        terminal.asked.push(proposed ?? '');
        terminal.answer = (yes) => resolve(yes ? proposed : undefined);
      }),
  };

  beforeEach(async () => {
    page.unmount();
    await main.stop();
    terminal.asked = [];
    main = await connectRendererStudio({ libraryFolderChooser: chooser });
    page = await renderRoutes(appRoutes, '/settings');
  });

  it('proposes the typed folder, says to confirm it in the terminal, and moves only when confirmed there', async () => {
    const section = (): string => text('section[aria-labelledby="library-folder-heading"]');
    await type(field(page.container, 'Folder'), '/srv/art');
    await click(button(page.container, 'Use this folder'));
    expect(terminal.asked).toEqual(['/srv/art']);
    expect(section()).toContain('Confirm in the terminal where Atelier runs');
    act(() => terminal.answer(false));
    await until(() => expect(section()).toContain('Not changed: the folder was not confirmed in the terminal.'));
    expect(await main.client.call('settings.get', {})).toMatchObject({ ok: true, value: { libraryDir: null } });

    await click(button(page.container, 'Use this folder'));
    act(() => terminal.answer(true));
    await until(() => expect(section()).toContain('/srv/art will be used the next time the studio starts'));
  });

  it('offers to sign out other browsers, and says how many it signed out', async () => {
    await click(button(page.container, 'Sign out other browsers'));
    // In process there are no other browsers; over web mode's server the transport counts them.
    await until(() => expect(text('section[aria-labelledby="browser-sessions-heading"] [role="status"]')).toBe('Signed out 0 other browsers.'));
  });
});
