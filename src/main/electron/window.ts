import { join } from 'node:path';
import { BrowserWindow, shell } from 'electron';

/** Creates the studio window with Electron's security checklist applied; never template defaults. */
export function createStudioWindow(preloadPath: string, startUrl: string, isTrustedOrigin: (o: string) => boolean): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Atelier',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  window.once('ready-to-show', () => window.show());

  // No navigation away from the studio and no new windows; http(s) links open in the system browser.
  window.webContents.on('will-navigate', (event, url) => {
    if (!isTrustedOrigin(new URL(url).origin)) event.preventDefault();
  });
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  void window.loadURL(startUrl);
  return window;
}

export function preloadPath(mainDir: string): string {
  return join(mainDir, '../preload/index.cjs');
}
