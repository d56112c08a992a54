import { describe, expect, it } from 'vitest';
import { quitWindowOptions, studioWindowOptions } from './window-options';

describe('window options follow the Electron security checklist', () => {
  it('isolates and sandboxes the studio window, with no Node, no webview and web security on', () => {
    const prefs = studioWindowOptions('/app/out/preload/index.cjs', undefined).webPreferences;
    expect(prefs).toMatchObject({
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
      navigateOnDragDrop: false,
    });
    expect(prefs?.enableBlinkFeatures).toBe('');
  });

  it('gives the quit window no preload and no script at all', () => {
    const options = quitWindowOptions('Atelier is quitting', true);
    expect(options.webPreferences?.preload).toBeUndefined();
    expect(options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false });
    expect(options.closable).toBe(false);
  });
});
