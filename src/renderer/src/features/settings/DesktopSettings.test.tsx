// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { DesktopInfo } from '../../../shared/contract';
import { initI18n } from '../i18n';
import { loadStudio, subscribeToMainEvents } from '../main-events';
import { useAlertStore } from '../stores/alert-store';
import { useAppInfoStore } from '../stores/app-info-store';
import { useDesktopStore } from '../stores/desktop-store';
import { startHashRouting } from '../stores/navigation-store';
import { useProfilesStore } from '../stores/profiles-store';
import { useSettingsStore } from '../stores/settings-store';
import { connectStudio } from '../studio-client';
import { createFakeMain, type FakeMain } from '../testing/fake-main';
import { App } from './App';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const electronWithoutKeyring: DesktopInfo = {
  reveal: true,
  trash: true,
  drag: true,
  systemNotifications: true,
  keyProtection: 'weak',
  preferences: { closeWhileRunning: 'keep-running', sessionOnlyKeys: false },
};

let root: Root;
let container: HTMLElement;
const stops: (() => void)[] = [];

async function settle(step: () => void): Promise<void> {
  await act(async () => {
    step();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function open(language: 'en' | 'zh-CN', desktop?: DesktopInfo): Promise<FakeMain> {
  useAlertStore.setState(useAlertStore.getInitialState(), true);
  useAppInfoStore.setState(useAppInfoStore.getInitialState(), true);
  useProfilesStore.setState(useProfilesStore.getInitialState(), true);
  useSettingsStore.setState(useSettingsStore.getInitialState(), true);
  useDesktopStore.setState(useDesktopStore.getInitialState(), true);
  const main = createFakeMain(desktop ? { desktop } : {});
  connectStudio(main.client);
  await initI18n(language);
  window.location.hash = '#/settings';
  stops.push(startHashRouting(), subscribeToMainEvents(main.client));
  await loadStudio();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await settle(() => root.render(<App />));
  return main;
}

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  for (const stop of stops.splice(0)) stop();
});

const labelled = (text: string): HTMLElement => {
  const label = [...container.querySelectorAll('label')].find((l) => l.textContent === text);
  const control = label ? document.getElementById(label.htmlFor) : null;
  if (!control) throw new Error(`no control labelled "${text}"`);
  return control;
};
const select = (text: string): HTMLSelectElement => labelled(text) as HTMLSelectElement;

describe('desktop settings', () => {
  it('are not offered in web mode', async () => {
    await open('en');
    expect(container.textContent).not.toContain('Desktop');
  });

  it('choose what closing the window does while jobs run, and keep keys in memory where the keyring is weak', async () => {
    const main = await open('en', electronWithoutKeyring);
    expect(container.querySelector('#desktop-heading')?.textContent).toBe('Desktop');
    expect(container.querySelector('[role="note"]')?.textContent).toMatch(/no keyring/);

    const close = select('When the window closes while jobs run');
    expect(close.value).toBe('keep-running');
    await settle(() => {
      close.value = 'quit';
      close.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(main.calls.at(-1)).toEqual({ route: 'desktop.update_preferences', input: { closeWhileRunning: 'quit' } });
    expect(select('When the window closes while jobs run').value).toBe('quit');

    const sessionOnly = labelled('Keep API keys in memory for this session only (enter them again after each start)');
    await settle(() => sessionOnly.click());
    expect(main.calls.at(-1)).toEqual({ route: 'desktop.update_preferences', input: { sessionOnlyKeys: true } });
    expect(useDesktopStore.getState().info?.preferences?.sessionOnlyKeys).toBe(true);
  });

  it('go back to the stored choice, with an alert, when main refuses a change', async () => {
    const main = await open('en', electronWithoutKeyring);
    main.failNext('desktop.update_preferences', { code: 'storage_error', message: 'The settings file is read-only.' });
    const close = select('When the window closes while jobs run');
    await settle(() => {
      close.value = 'quit';
      close.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(select('When the window closes while jobs run').value).toBe('keep-running');
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('The settings file is read-only.');
  });

  it('speak Chinese', async () => {
    await open('zh-CN', electronWithoutKeyring);
    expect(container.querySelector('#desktop-heading')?.textContent).toBe('桌面');
    expect(select('任务运行时关闭窗口').value).toBe('keep-running');
  });

  it('follow the application menu to another page', async () => {
    const main = await open('en', electronWithoutKeyring);
    await settle(() => main.emit('desktop.navigate', { page: 'timeline' }));
    expect(window.location.hash).toBe('#/timeline');
    expect(container.querySelector('nav a[aria-current="page"]')?.textContent).toBe('Timeline');
  });
});
