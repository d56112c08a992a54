import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/renderer/src/app/router';
import { switchLanguage } from '../../src/renderer/src/i18n';
import { FolderDesktop } from '../helpers/folder-desktop';
import { choose, click, labelled, renderRoutes, until } from './dom';
import { studioPerFile } from './studio-harness';

// The Electron shell's stand-in, with a keyring that protects keys only weakly; the menu's requests
// go to the page's router once the page is rendered.
const desktop = new FolderDesktop('weak');
let navigate = (_to: string): void => undefined;
const studio = studioPerFile({ extra: { desktop }, navigate: (to) => navigate(to) });
let page: Awaited<ReturnType<typeof renderRoutes>>;

beforeAll(() => {
  desktop.changed = (info) => studio.main.studio.bus.emit('desktop.changed', info);
});
afterEach(() => {
  page.unmount();
  navigate = () => undefined;
});

/** Settings on a real studio core with a desktop shell standing in for Electron's. */
async function openSettings(): Promise<void> {
  page = await renderRoutes(appRoutes, '/settings');
  navigate = (to) => void page.router.navigate(to);
}

const text = (selector: string): string => page.container.querySelector(selector)?.textContent ?? '';
const closeChoice = (label = 'When the window closes while jobs run'): HTMLSelectElement => labelled(page.container, label, HTMLSelectElement);
const sessionOnlySwitch = (label = 'Keep API keys in memory for this session only'): HTMLButtonElement => labelled(page.container, label, HTMLButtonElement);

describe('desktop settings', () => {
  it('say the window is minimised rather than hidden where the desktop shows no tray icon', async () => {
    await openSettings();
    const firstOption = (label: string): string | undefined => [...labelled(page.container, label, HTMLSelectElement).options][0]?.text;
    expect(firstOption('When the window closes while jobs run')).toBe('Keep running in the background (icon in the tray)');
    desktop.tray = false;
    try {
      act(() => desktop.changed(desktop.info()));
      await act(() => switchLanguage('zh-CN'));
      await until(() => expect(firstOption('任务运行时关闭窗口')).toBe('在后台继续运行（窗口最小化：此桌面不显示托盘图标）'));
    } finally {
      desktop.tray = true;
      await act(() => switchLanguage('en'));
    }
  });

  it('choose what closing the window does while jobs run, and keep keys in memory where the keyring is weak', async () => {
    await openSettings();
    expect(text('#desktop-heading')).toBe('Desktop');
    expect(text('[role="note"]')).toMatch(/no keyring/);

    expect(closeChoice().value).toBe('keep-running');
    await choose(closeChoice(), 'quit');
    expect(closeChoice().value).toBe('quit');
    expect(desktop.info().preferences?.closeWhileRunning).toBe('quit');

    const sessionOnly = sessionOnlySwitch();
    expect(sessionOnly.getAttribute('role')).toBe('switch');
    expect(sessionOnly.getAttribute('aria-checked')).toBe('false');
    expect(document.getElementById(sessionOnly.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/never written to disk/);
    await click(sessionOnly);
    expect(sessionOnlySwitch().getAttribute('aria-checked')).toBe('true');
    expect(desktop.info().preferences?.sessionOnlyKeys).toBe(true);
  });

  it('go back to the stored choice, with the reason in the alert, when the shell cannot save it', async () => {
    await openSettings();
    desktop.failNextPreferencesWrite = true;
    await choose(closeChoice(), 'quit');
    await until(() => expect(closeChoice().value).toBe('keep-running'));
    expect(text('[role="alert"]')).toContain('The desktop settings could not be saved; the previous choice is kept.');
    expect(desktop.info().preferences?.closeWhileRunning).toBe('keep-running');
  });

  it('follow a change made elsewhere (another window, the tray)', async () => {
    await openSettings();
    await studio.main.studio.router.dispatch('desktop.update_preferences', { sessionOnlyKeys: true, closeWhileRunning: 'quit' });
    await until(() => expect(closeChoice().value).toBe('quit'));
    expect(sessionOnlySwitch().getAttribute('aria-checked')).toBe('true');
  });

  it('speak Chinese', async () => {
    await act(() => switchLanguage('zh-CN'));
    await openSettings();
    expect(text('#desktop-heading')).toBe('桌面');
    expect(closeChoice('任务运行时关闭窗口').value).toBe('keep-running');
    expect([...closeChoice('任务运行时关闭窗口').options].map((o) => o.textContent)).toEqual([
      '在后台继续运行（托盘中显示图标）',
      '退出（运行中的任务在下次启动时继续）',
    ]);
    expect(sessionOnlySwitch('仅在本次会话的内存中保存 API 密钥').getAttribute('aria-checked')).toBe('false');
    expect(text('[role="note"]')).toContain('此系统没有密钥环');
  });

  it('follow the application menu to another page, which Back leaves again', async () => {
    await openSettings();
    studio.main.studio.bus.emit('desktop.navigate', { page: 'timeline' });
    await until(() => expect(page.router.state.location.pathname).toBe('/timeline'));
    expect(text('nav a[aria-current="page"]')).toBe('Timeline');
    await act(() => page.router.navigate(-1));
    expect(page.router.state.location.pathname).toBe('/settings');
  });
});
