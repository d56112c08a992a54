// The desktop studio: builds the studio core with Electron's platform adapters and opens the window.
// Loaded by the entry (src/main/index.ts) inside its start-up guard, so a module that fails to load
// gets the start-up dialog and log like any other start-up failure.
import { join } from 'node:path';
import { app, nativeImage, shell, type BrowserWindow } from 'electron';
import Store from 'electron-store';
import type { StudioClient } from '../../shared/contract/client';
import { headerContentSecurityPolicy } from '../../shared/security/content-security-policy';
import { useSystemProxySettings } from '../core/gateway/network';
import { createInProcessClient } from '../core/in-process-client';
import { createStudio, type Studio } from '../core/studio';
import { ensurePrivateDir } from '../core/private-files';
import { demoGatewayFor } from '../demo/demo-gateway';
import { APP_ORIGIN, serveLibraryMedia, serveRenderer } from './app-protocol';
import { startAutoUpdates } from './auto-update';
import { BackgroundMode } from './background-mode';
import { afterLastWindowClosed } from './close-policy';
import { readDesktopPreferences } from './desktop-preferences';
import { createElectronDesktop } from './electron-desktop';
import { createElectronVault } from './electron-vault';
import { forwardEvents, registerIpcTransport } from './ipc-transport';
import { libraryFolderDialog } from './library-folder-dialog';
import { mediaUrlOfLibraryPath } from './media-request';
import { installApplicationMenu } from './menu-bar';
import type { MenuPage } from './menus';
import { ensureSqliteLoads } from './native-check';
import { guardQuit } from './quit-guard';
import { sessionKeyStore } from './session-keys';
import { shellLanguage, shellText, type ShellText } from './shell-text';
import { startupStep } from './startup-failure';
import { electronProxyResolver } from './system-proxy';
import { probeStatusNotifierWatcher, trayAvailable } from './tray-support';
import { devRendererUrl } from './update-policy';
import { guardAllWebContents } from './web-contents-guard';
import { createStudioWindow, preloadPath } from './window';

/** How long the engine lets submissions on the wire finish when the studio stops (its default). */
const STOP_GRACE_SECONDS = 10;

const CONTENT_SECURITY_POLICY = headerContentSecurityPolicy();

const resource = (name: string): string => join(app.getAppPath(), 'resources', name);

/**
 * Starts the studio and its window, once Electron is ready; `mainDir` is the folder of the main
 * bundle's entry (the renderer and the preload sit beside it), and `ready` receives what brings the
 * window forward.
 */
export async function startDesktopStudio(mainDir: string, ready: (showWindow: () => void) => void): Promise<void> {
  const devServerUrl = devRendererUrl(app.isPackaged, process.env.ELECTRON_RENDERER_URL);
  const isTrustedOrigin = (origin: string): boolean => origin === APP_ORIGIN || (devServerUrl !== undefined && origin === new URL(devServerUrl).origin);
  if (!ensureSqliteLoads()) {
    app.exit(1);
    return;
  }
  guardAllWebContents(isTrustedOrigin);
  // The gateway and result hosts through the system's proxy settings, not the environment's variables.
  useSystemProxySettings(electronProxyResolver());
  const dataDir = process.env.ATELIER_DATA_DIR ?? app.getPath('userData');
  // Owner-only before the settings file is written into it.
  await startupStep('data-folder', dataDir, () => ensurePrivateDir(dataDir));
  const settingsStore = await startupStep(
    'settings',
    join(dataDir, 'settings.json'),
    () => new Store<Record<string, unknown>>({ cwd: dataDir, name: 'settings', configFileMode: 0o600 }),
  );
  const { vault, protection } = createElectronVault(dataDir);
  const keys = sessionKeyStore(settingsStore, readDesktopPreferences(settingsStore).sessionOnlyKeys);
  const tray = trayAvailable({
    platform: process.platform,
    currentDesktop: process.env.XDG_CURRENT_DESKTOP,
    statusNotifierWatcher: process.platform === 'linux' ? await probeStatusNotifierWatcher() : undefined,
  });
  let window: BrowserWindow | undefined;
  const desktop = createElectronDesktop({
    store: settingsStore,
    keys,
    protection,
    window: () => window,
    fallbackDragIcon: () => nativeImage.createFromPath(resource('drag-icon.png')),
    trayAvailable: () => tray,
    changed: (info) => studio.bus.emit('desktop.changed', info),
  });

  const defaultLibrary = join(app.getPath('pictures'), 'Atelier');
  const studio: Studio = await startupStep('library', defaultLibrary, async () => {
    const created: Studio = createStudio({
      shell: 'electron',
      version: app.getVersion(),
      store: keys,
      vault,
      dataDir,
      libraryDir: defaultLibrary,
      demoGateway: demoGatewayFor(dataDir),
      desktop,
      libraryFolderChooser: libraryFolderDialog({
        window: () => window,
        language: async () => shellLanguage(await currentLanguage(createInProcessClient(created, mediaUrlOfLibraryPath)), app.getLocale()),
        current: () => created.libraryRoot(),
      }),
    });
    await created.start();
    return created;
  });
  registerIpcTransport(studio, isTrustedOrigin);
  // The shell's own calls: the contract's typed client, through the same router the window's go through.
  const client = createInProcessClient(studio, mediaUrlOfLibraryPath);
  serveRenderer(join(mainDir, '../renderer'), CONTENT_SECURITY_POLICY);
  serveLibraryMedia(() => studio.libraryRoot());

  let text: ShellText = shellText(shellLanguage(await currentLanguage(client), app.getLocale()));
  const showWindow = (page?: MenuPage): void => {
    if (window && !window.isDestroyed()) {
      if (window.isMinimized()) window.restore();
      window.show();
      window.focus();
      if (page) studio.bus.emit('desktop.navigate', { page });
      return;
    }
    window = createStudioWindow(preloadPath(mainDir), `${devServerUrl ?? `${APP_ORIGIN}/index.html`}${page ? `#/${page}` : ''}`, resource('icon.png'));
    const opened = window;
    forwardEvents(studio, opened);
    quitGuard.watchSessionEnd(opened);
    opened.on('close', (event) => background.handleWindowClose(opened, event));
    opened.on('show', () => background.windowShown());
    opened.on('closed', () => {
      if (window === opened) window = undefined;
    });
  };

  const background = new BackgroundMode({
    client,
    trayIcon: () => nativeImage.createFromPath(resource(process.platform === 'darwin' ? 'trayTemplate.png' : 'tray.png')),
    preferences: () => readDesktopPreferences(settingsStore),
    text: () => text,
    window: () => window,
    showWindow: () => showWindow(),
    quit: () => app.quit(),
    isQuitting: () => quitGuard.isQuitting(),
    trayAvailable: () => tray,
  });
  const quitGuard = guardQuit({
    stopStudio: async () => {
      background.stop();
      await studio.stop();
    },
    work: () => background.quitWork(),
    text: () => text,
    graceSeconds: STOP_GRACE_SECONDS,
  });
  await background.start();

  const menuActions = { navigate: showWindow, openLibraryFolder: () => void shell.openPath(studio.libraryRoot()) };
  installApplicationMenu(text, menuActions, !app.isPackaged);
  client.on('settings.changed', (settings) => {
    text = shellText(shellLanguage(settings.language, app.getLocale()));
    installApplicationMenu(text, menuActions, !app.isPackaged);
    background.refresh();
  });

  showWindow();
  ready(() => showWindow());
  app.on('activate', () => showWindow());
  app.on('window-all-closed', () => {
    if (afterLastWindowClosed(process.platform) === 'quit') app.quit();
  });
  startAutoUpdates({ ready: text.updateReady, available: text.updateAvailable });
}

async function currentLanguage(client: StudioClient): Promise<string | undefined> {
  const settings = await client.call('settings.get', {});
  return settings.ok ? settings.value.language : undefined;
}
