import { BrowserWindow } from 'electron';
import { newStudioWindow } from './window-options';

export { preloadPath } from './window-options';

/**
 * Creates the studio window. What it may navigate to, open or ask for is decided app-wide by
 * web-contents-guard.ts, for this and every other web contents.
 */
export function createStudioWindow(preload: string, startUrl: string, icon: string | undefined): BrowserWindow {
  const window = newStudioWindow(BrowserWindow, preload, icon);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(startUrl);
  return window;
}
