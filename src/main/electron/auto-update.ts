import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { app, Notification } from 'electron';
import electronUpdater from 'electron-updater';
import { createLogger } from '../core/log';
import { updatePlan } from './update-policy';

const log = createLogger('updates');

type Notice = (version: string) => { title: string; body: string };

/**
 * Looks for an update once at start when a feed is configured (update-policy.ts). Where the update's
 * publisher is checked (Windows, macOS), a downloaded update installs when the user quits, after the
 * studio has stopped: never in the middle of jobs. Elsewhere the app only says a version is available.
 */
export function startAutoUpdates(notices: { ready: Notice; available: Notice }): void {
  const plan = updatePlan({
    packaged: app.isPackaged,
    platform: process.platform,
    feedUrlFromEnvironment: process.env.ATELIER_UPDATE_URL,
    packagedFeedExists: app.isPackaged && existsSync(join(process.resourcesPath, 'app-update.yml')),
  });
  if (!plan.enabled) {
    log.info(`updates are off: ${plan.reason}`);
    return;
  }
  const { autoUpdater } = electronUpdater;
  autoUpdater.logger = { info: (m: unknown) => log.info(String(m)), warn: (m: unknown) => log.warn(String(m)), error: (m: unknown) => log.error(String(m)) };
  const install = plan.mode === 'install';
  autoUpdater.autoDownload = install;
  autoUpdater.autoInstallOnAppQuit = install;
  if (plan.source === 'environment') {
    // From source: electron-updater needs to be told to act outside an installed copy.
    autoUpdater.forceDevUpdateConfig = true;
    autoUpdater.setFeedURL({ provider: 'generic', url: plan.url });
  }
  const notify = (notice: { title: string; body: string }): void => {
    if (Notification.isSupported()) new Notification(notice).show();
  };
  autoUpdater.on('update-available', (info) => {
    if (install) return;
    log.info(`Atelier ${info.version} is available`);
    notify(notices.available(info.version));
  });
  autoUpdater.on('update-downloaded', (info) => {
    log.info(`update ${info.version} downloaded; it installs when Atelier quits`);
    notify(notices.ready(info.version));
  });
  autoUpdater.checkForUpdates().catch((error: unknown) => log.warn('the update check failed', error));
}
