// The Electron shell: builds the studio core with Electron's platform adapters and opens the window.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow } from 'electron';
import Store from 'electron-store';
import { createStudio, type Studio } from './core/studio';
import { createFileKeyVault } from './core/vault/file-key-vault';
import { createLogger } from './core/log';
import { demoGatewayFor } from './demo/demo-gateway';
import { APP_ORIGIN, registerAppScheme, serveLibraryMedia, serveRenderer } from './electron/app-protocol';
import { forwardEvents, registerIpcTransport } from './electron/ipc-transport';
import { createSafeStorageVault } from './electron/safe-storage-vault';
import { createStudioWindow, preloadPath } from './electron/window';

const log = createLogger('electron');
const mainDir = fileURLToPath(new URL('.', import.meta.url));
const devServerUrl = process.env.ELECTRON_RENDERER_URL;

const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: atelier-media:; " +
  "media-src 'self' blob: atelier-media:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

function isTrustedOrigin(origin: string): boolean {
  return origin === APP_ORIGIN || (devServerUrl !== undefined && origin === new URL(devServerUrl).origin);
}

registerAppScheme();
if (!app.requestSingleInstanceLock()) app.quit();

let studio: Studio | undefined;

async function start(): Promise<void> {
  await app.whenReady();
  const dataDir = process.env.ATELIER_DATA_DIR ?? app.getPath('userData');
  studio = createStudio({
    shell: 'electron',
    version: app.getVersion(),
    store: new Store<Record<string, unknown>>({ cwd: dataDir, name: 'settings' }),
    vault: createSafeStorageVault() ?? createFileKeyVault(join(dataDir, 'vault.key')),
    dataDir,
    libraryDir: join(app.getPath('pictures'), 'Atelier'),
    demoGateway: demoGatewayFor(dataDir),
  });
  await studio.start();
  registerIpcTransport(studio, isTrustedOrigin);
  serveRenderer(join(mainDir, '../renderer'), CONTENT_SECURITY_POLICY);
  serveLibraryMedia(() => {
    if (!studio) throw new Error('the studio is not running');
    return studio.libraryRoot();
  });
  const openWindow = (): void => {
    if (!studio) return;
    const window = createStudioWindow(preloadPath(mainDir), devServerUrl ?? `${APP_ORIGIN}/index.html`, isTrustedOrigin);
    forwardEvents(studio, window);
  };
  openWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
  app.on('second-instance', () => BrowserWindow.getAllWindows()[0]?.focus());
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
app.on('will-quit', () => void studio?.stop());

start().catch((err: unknown) => {
  log.error('the studio could not start', err);
  app.exit(1);
});
