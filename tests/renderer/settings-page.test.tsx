import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/renderer/src/app/router';
import { useDesktopStore } from '../../src/renderer/src/entities/desktop-store';
import { switchLanguage } from '../../src/renderer/src/i18n';
import { button, click, field, renderRoutes, type, type Rendered } from './dom';
import { studioPerFile } from './studio-harness';

studioPerFile();
let page: Rendered;

beforeEach(async () => {
  page = await renderRoutes(appRoutes, '/settings');
});
afterEach(() => {
  page.unmount();
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

  it('offers no desktop settings in web mode, where the studio says no desktop is there', () => {
    expect(text('h1')).toBe('Settings');
    expect(page.container.querySelector('#desktop-heading')).toBeNull();
    expect(useDesktopStore.getState().info).toMatchObject({ reveal: false, trash: false, drag: false, preferences: null });
  });

  it('says in web mode, in English and Chinese, that the key file in the data folder protects the API key only weakly', async () => {
    expect(text('[role="note"]')).toMatch(/key file in your data folder: anyone who can read your files can read the key/);
    await act(() => switchLanguage('zh-CN'));
    expect(text('[role="note"]')).toMatch(/数据文件夹中的密钥文件/);
    await act(() => switchLanguage('en'));
  });
});
