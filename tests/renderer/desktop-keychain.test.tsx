import { afterEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/renderer/src/app/router';
import { FolderDesktop } from '../helpers/folder-desktop';
import { renderRoutes, type Rendered } from './dom';
import { studioPerFile } from './studio-harness';

// The Electron shell's stand-in where the system keyring protects the keys.
studioPerFile({ extra: { desktop: new FolderDesktop('os-keychain') } });
let page: Rendered;

afterEach(() => page.unmount());

const text = (selector: string): string => page.container.querySelector(selector)?.textContent ?? '';

describe('desktop settings with the system keyring', () => {
  it('offer no memory-only keys and no warning where the system keyring protects them', async () => {
    page = await renderRoutes(appRoutes, '/settings');
    expect(text('#desktop-heading')).toBe('Desktop');
    expect(page.container.querySelector('[role="note"]')).toBeNull();
    expect(page.container.querySelector('[role="switch"]')).toBeNull();
  });
});
