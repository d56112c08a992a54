import type { BrowserWindowConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { newQuitWindow, newStudioWindow } from './window-options';

/** Receives the options exactly as Electron's BrowserWindow would. */
class OptionsOnly {
  constructor(readonly options: BrowserWindowConstructorOptions) {}
}

describe('window options follow the Electron security checklist', () => {
  it('isolates and sandboxes the studio window, with no Node, no webview and web security on', () => {
    const { options } = newStudioWindow(OptionsOnly, '/app/out/preload/index.cjs', undefined);
    expect(options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
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
      navigateOnDragDrop: false,
    });
    expect(options.webPreferences?.enableBlinkFeatures).toBeUndefined();
    expect(options.show).toBe(false);
  });

  it('gives the quit window no preload and no script at all', () => {
    const { options } = newQuitWindow(OptionsOnly, 'Atelier is quitting', true);
    expect(options.webPreferences?.preload).toBeUndefined();
    expect(options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false });
    expect(options.closable).toBe(false);
  });
});
