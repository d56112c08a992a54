import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { app, Notification } from 'electron';
import electronUpdater from 'electron-updater';
import { createLogger } from '../core/log';
import { updatePlan } from './update-policy';

const log = createLogger('updates');

/**
 * Looks for an update once at start when a feed is configured (update-policy.ts). A downloaded
 * update installs when the user quits, after the studio has stopped: never in the middle of jobs.
 */
export function startAutoUpdates(notice: (version: string) => { title: string; body: string }): void {
  const plan = updatePlan({
    packaged: app.isPackaged,
    feedUrlFromEnvironment: process.env.ATELIER_UPDATE_URL,
    packagedFeedExists: app.isPackaged && existsSync(join(process.resourcesPath, 'app-update.yml')),
  });
  if (!plan.enabled) {
    log.info(`updates are off: ${plan.reason}`);
    return;
  }
  const { autoUpdater } = electronUpdater;
  autoUpdater.logger = { info: (m: unknown) => log.info(String(m)), warn: (m: unknown) => log.warn(String(m)), error: (m: unknown) => log.error(String(m)) };
  autoUpdater.autoDownload = true;
  autoUpdater.autoInstallOnAppQuit = true;
  if (plan.source === 'environment') autoUpdater.setFeedURL({ provider: 'generic', url: plan.url });
  autoUpdater.on('update-downloaded', (info) => {
    log.info(`update ${info.version} downloaded; it installs when Atelier quits`);
    if (Notification.isSupported()) new Notification(notice(info.version)).show();
  });
  autoUpdater.checkForUpdates().catch((error: unknown) => log.warn('the update check failed', error));
}
