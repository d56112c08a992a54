// The Electron entry. It loads only what start-up needs to report a failure; the studio itself
// (core, SQLite, the image library) is loaded inside the start-up guard, so a module that fails to
// load gets the start-up dialog and startup.log, not an unexplained exit.
import { fileURLToPath } from 'node:url';
import { app, dialog } from 'electron';
import { APP_ID } from './electron/app-id';
import { registerAppScheme } from './electron/app-protocol';
import { sandboxRefusal } from './electron/sandbox-policy';
import { shellLanguage, shellText } from './electron/shell-text';
import { reportStartupFailure } from './electron/startup-dialog';

/** The folder of this bundle: the renderer and the preload sit beside it. */
const mainDir = fileURLToPath(new URL('.', import.meta.url));

registerAppScheme();
// Windows shows notifications only for an app with its AppUserModelID (the installer's shortcut carries the same).
if (process.platform === 'win32') app.setAppUserModelId(APP_ID);
// A second launch hands over to the first (which shows its window) and leaves. The handler is there
// before the slow start: a launch during it shows the window as soon as there is one.
if (app.requestSingleInstanceLock()) {
  let showWindow: (() => void) | undefined;
  let shownOnceReady = false;
  app.on('second-instance', () => (showWindow ? showWindow() : (shownOnceReady = true)));
  start((show) => {
    showWindow = show;
    if (shownOnceReady) show();
  }).catch((error: unknown) => reportStartupFailure(error));
} else {
  app.quit();
}

async function start(ready: (showWindow: () => void) => void): Promise<void> {
  await app.whenReady();
  const refusal = sandboxRefusal({ packaged: app.isPackaged, noSandbox: app.commandLine.hasSwitch('no-sandbox'), appImage: process.env.APPIMAGE });
  if (refusal !== undefined) {
    const text = shellText(shellLanguage(undefined, app.getLocale())).sandbox;
    dialog.showErrorBox(text.title, text.message(refusal));
    app.exit(1);
    return;
  }
  const { startDesktopStudio } = await import('./electron/desktop-studio');
  await startDesktopStudio(mainDir, ready);
}
