import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/renderer/src/app/router';
import { useDesktopStore } from '../../src/renderer/src/entities/desktop-store';
import { FolderDesktop } from '../helpers/folder-desktop';
import { button, click, renderRoutes, settle, until } from './dom';
import { studioPerFile } from './studio-harness';

// Export in the desktop app goes through main's save dialog; a browser download (`<a download>`)
// does nothing in the desktop window. The desktop stands in for Electron's on the real core.
const desktop = new FolderDesktop();
const studio = studioPerFile({ extra: { desktop } });
let page: Awaited<ReturnType<typeof renderRoutes>>;

beforeAll(async () => {
  const [asset] = studio.main.seedAssets(1);
  const file = join(studio.main.studio.libraryRoot(), asset?.filePath ?? '');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer(),
  );
});
afterEach(() => page.unmount());

describe('export in the desktop app', () => {
  it("saves through main's dialog even when asked before the desktop's info has loaded", async () => {
    const target = mkdtempSync(join(tmpdir(), 'atelier-saved-'));
    desktop.saveDialogAnswer = (suggested) => join(target, suggested);
    page = await renderRoutes(appRoutes, '/gallery');
    const tile = (): HTMLElement | null => page.container.querySelector<HTMLElement>('[role="grid"] [role="gridcell"]');
    await until(() => expect(tile()).not.toBeNull());
    // The window as it is right after start: main has not yet said what the desktop can do.
    act(() => useDesktopStore.setState({ info: null }));
    await settle(() => tile()?.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    const bar = (): HTMLElement => page.container.querySelector<HTMLElement>('[role="toolbar"]') ?? page.container;
    await click(button(bar(), 'Export'));
    await until(() => expect(desktop.exportSuggestions).toHaveLength(1));
    await until(() => expect(existsSync(join(target, desktop.exportSuggestions[0] ?? ''))).toBe(true));
  });
});
