// The studio window's options: Electron's security checklist applied, never template defaults.
// Pure (type-only electron import) so a unit test checks them.
import { join } from 'node:path';
import type { BrowserWindowConstructorOptions } from 'electron';

export function studioWindowOptions(preloadPath: string, icon: string | undefined): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Atelier',
    ...(icon === undefined ? {} : { icon }),
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      enableBlinkFeatures: '',
      // A file dropped outside the drop zone must not replace the studio with the file.
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    },
  };
}

/** The small window that says what quitting waits for: no preload, no script, nothing to navigate. */
export function quitWindowOptions(title: string, dark: boolean): BrowserWindowConstructorOptions {
  return {
    width: 460,
    height: 200,
    resizable: false,
    minimizable: false,
    maximizable: false,
    closable: false,
    show: false,
    title,
    backgroundColor: dark ? '#1d1d21' : '#fafafa',
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      webSecurity: true,
      javascript: false,
    },
  };
}

export function preloadPath(mainDir: string): string {
  return join(mainDir, '../preload/index.cjs');
}
