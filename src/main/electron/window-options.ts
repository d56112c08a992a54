// The windows' options: Electron's security checklist applied, never template defaults. Written
// as literals at the constructor call so the static security scan (Electronegativity) reads them;
// the constructor is passed in, so a unit test checks exactly what Electron would receive.
import { join } from 'node:path';
import type { BrowserWindowConstructorOptions } from 'electron';

export type WindowConstructor<W> = new (options: BrowserWindowConstructorOptions) => W;

/** The studio window: isolated, sandboxed, no Node, no webview, nothing opened by a middle click. */
export function newStudioWindow<W>(BrowserWindow: WindowConstructor<W>, preloadPath: string, icon: string | undefined): W {
  return new BrowserWindow({
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
      disableBlinkFeatures: 'Auxclick',
      // A file dropped outside the drop zone must not replace the studio with the file.
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    },
  });
}

/** The small window that says what quitting waits for: no preload, no script, nothing to navigate. */
export function newQuitWindow<W>(BrowserWindow: WindowConstructor<W>, title: string, dark: boolean): W {
  return new BrowserWindow({
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
      disableBlinkFeatures: 'Auxclick',
    },
  });
}

export function preloadPath(mainDir: string): string {
  return join(mainDir, '../preload/index.cjs');
}
