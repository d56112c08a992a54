import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadStudio, subscribeToMainEvents } from '../../src/renderer/src/app/main-events';
import { appRoutes } from '../../src/renderer/src/app/router';
import { useDesktopStore } from '../../src/renderer/src/features/settings/desktop-store';
import { initI18n } from '../../src/renderer/src/i18n';
import { connectStudio } from '../../src/renderer/src/studio/studio-client';
import { FolderDesktop } from '../helpers/folder-desktop';
import { choose, click, labelled, renderRoutes, until } from './dom';
import { resetStores } from './reset-stores';
import { startRendererStudio, type RendererStudio } from './studio-harness';

let main: RendererStudio;
let page: Awaited<ReturnType<typeof renderRoutes>>;
let unsubscribe: () => void;

/** Settings on a real studio core, in web mode or with a desktop shell standing in for Electron's. */
async function openSettings(language: 'en' | 'zh-CN', desktop?: FolderDesktop): Promise<void> {
  resetStores();
  main = await startRendererStudio(desktop ? { desktop } : {});
  if (desktop) desktop.changed = (info) => main.studio.bus.emit('desktop.changed', info);
  connectStudio(main.client);
  await initI18n(language);
  // The menu's requests go to the page's router, which exists once the page is rendered.
  let navigate = (_to: string): void => undefined;
  unsubscribe = subscribeToMainEvents(main.client, (to) => navigate(to));
  await loadStudio();
  page = await renderRoutes(appRoutes, '/settings');
  navigate = (to) => void page.router.navigate(to);
}

afterEach(async () => {
  page.unmount();
  unsubscribe();
  await main.stop();
});

const text = (selector: string): string => page.container.querySelector(selector)?.textContent ?? '';
const closeChoice = (label = 'When the window closes while jobs run'): HTMLSelectElement => labelled(page.container, label, HTMLSelectElement);
const sessionOnlySwitch = (label = 'Keep API keys in memory for this session only'): HTMLButtonElement => labelled(page.container, label, HTMLButtonElement);

describe('desktop settings', () => {
  it('say the window is minimised rather than hidden where the desktop shows no tray icon', async () => {
    const withTray = new FolderDesktop('os-keychain');
    await openSettings('en', withTray);
    const options = (): string[] => [...closeChoice().options].map((option) => option.text);
    expect(options()[0]).toBe('Keep running in the background (icon in the tray)');
    page.unmount();
    unsubscribe();
    await main.stop();
    const noTray = new FolderDesktop('os-keychain');
    noTray.tray = false;
    await openSettings('zh-CN', noTray);
    expect([...labelled(page.container, '任务运行时关闭窗口', HTMLSelectElement).options][0]?.text).toBe('在后台继续运行（窗口最小化：此桌面不显示托盘图标）');
  });

  it('are not offered in web mode, where the studio says no desktop is there', async () => {
    await openSettings('en');
    expect(text('h1')).toBe('Settings');
    expect(page.container.querySelector('#desktop-heading')).toBeNull();
    expect(useDesktopStore.getState().info).toMatchObject({ reveal: false, trash: false, drag: false, preferences: null });
  });

  it('choose what closing the window does while jobs run, and keep keys in memory where the keyring is weak', async () => {
    const desktop = new FolderDesktop('weak');
    await openSettings('en', desktop);
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

  it('offer no memory-only keys and no warning where the system keyring protects them', async () => {
    await openSettings('en', new FolderDesktop('os-keychain'));
    expect(text('#desktop-heading')).toBe('Desktop');
    expect(page.container.querySelector('[role="note"]')).toBeNull();
    expect(page.container.querySelector('[role="switch"]')).toBeNull();
  });

  it('go back to the stored choice, with the reason in the alert, when the shell cannot save it', async () => {
    const desktop = new FolderDesktop('weak');
    await openSettings('en', desktop);
    desktop.failNextPreferencesWrite = true;
    await choose(closeChoice(), 'quit');
    await until(() => expect(closeChoice().value).toBe('keep-running'));
    expect(text('[role="alert"]')).toContain('The desktop settings could not be saved; the previous choice is kept.');
    expect(desktop.info().preferences?.closeWhileRunning).toBe('keep-running');
  });

  it('follow a change made elsewhere (another window, the tray)', async () => {
    await openSettings('en', new FolderDesktop('weak'));
    await main.studio.router.dispatch('desktop.update_preferences', { sessionOnlyKeys: true, closeWhileRunning: 'quit' });
    await until(() => expect(closeChoice().value).toBe('quit'));
    expect(sessionOnlySwitch().getAttribute('aria-checked')).toBe('true');
  });

  it('speak Chinese', async () => {
    await openSettings('zh-CN', new FolderDesktop('weak'));
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
    await openSettings('en', new FolderDesktop('weak'));
    main.studio.bus.emit('desktop.navigate', { page: 'timeline' });
    await until(() => expect(page.router.state.location.pathname).toBe('/timeline'));
    expect(text('nav a[aria-current="page"]')).toBe('Timeline');
    await act(() => page.router.navigate(-1));
    expect(page.router.state.location.pathname).toBe('/settings');
  });
});
