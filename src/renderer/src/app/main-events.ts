import type { StudioClient } from '../../../shared/contract/client';
import type { Envelope } from '../../../shared/contract';
import { assetOrder, assetPages } from '../entities/asset-pages';
import { batchPages } from '../entities/batch-pages';
import { jobPages } from '../entities/job-pages';
import { useAssetsStore } from '../entities/assets-store';
import { useCharactersStore } from '../entities/characters-store';
import { useJobsStore } from '../entities/jobs-store';
import { itemsRemoved, itemsRestored } from '../entities/paged-list-edits';
import { itemAdded } from '../entities/paged-queries';
import { useAlertStore } from '../errors/alert-store';
import { useAccountStore } from '../features/account/account-store';
import { useGalleryStore } from '../features/gallery/gallery-store';
import { batchNotice } from '../features/timeline/batch-notices';
import { showBatchNotice } from '../features/timeline/browser-notices';
import { useDesktopStore } from '../features/settings/desktop-store';
import { useProfilesStore } from '../features/settings/profiles-store';
import { useSettingsStore } from '../features/settings/settings-store';
import { useAppInfoStore } from '../studio/app-info-store';
import { paths } from './routes';

/** Opens an address built with `paths` (the app's router; a test's memory router). */
export type Navigate = (to: string) => void;

/**
 * The one place that listens to main's events and hands them to the stores. Where an event
 * concerns several stores, it is dispatched here, so stores never call each other. `navigate`
 * follows the application menu (Electron) to a page; without it (tests of stores alone) the menu's
 * requests are not followed. Returns a function that unsubscribes everything.
 */
export function subscribeToMainEvents(client: StudioClient, navigate?: Navigate): () => void {
  // Which gateway answers may change with the settings or the profiles; the frame says which.
  const refreshAppInfo = (): void => void useAppInfoStore.getState().load();
  const stops = [
    client.on('settings.changed', (settings) => {
      useSettingsStore.getState().received(settings);
      refreshAppInfo();
    }),
    client.on('profiles.changed', (profiles) => {
      useProfilesStore.getState().received(profiles);
      refreshAppInfo();
    }),
    client.on('jobs.changed', (jobs) => useJobsStore.getState().jobsReceived(jobs)),
    client.on('jobs.batch_changed', (batch) => {
      const before = useJobsStore.getState().batches[batch.id];
      useJobsStore.getState().batchesReceived([batch]);
      const notice = batchNotice(before, batch, Date.now());
      if (notice === null) return;
      // The shell notifies by itself in the desktop app; web mode uses the browser's notifications.
      if (useDesktopStore.getState().info?.systemNotifications !== true) showBatchNotice(notice, (id) => navigate?.(paths.batch(id)));
      // What a finished or stopped batch spent shows on the account page, if anyone looked at it.
      const account = useAccountStore.getState();
      if (account.balance !== null) void account.refresh();
      if (account.spend !== null) void account.loadSpend();
    }),
    client.on('jobs.batch_added', (batch) => {
      useJobsStore.getState().batchesReceived([batch]);
      itemAdded(batchPages, batch);
    }),
    client.on('jobs.job_added', (job) => {
      useJobsStore.getState().jobsReceived([job]);
      itemAdded(jobPages, job);
    }),
    client.on('jobs.queue_changed', (queue) => useJobsStore.getState().queueReceived(queue)),
    client.on('library.added', (asset) => {
      useAssetsStore.getState().assetsReceived([asset]);
      itemAdded(assetPages, asset);
      useGalleryStore.getState().libraryChanged();
    }),
    client.on('library.changed', (assets) => {
      useAssetsStore.getState().assetsReceived(assets);
      useGalleryStore.getState().libraryChanged();
    }),
    client.on('library.removed', ({ ids }) => {
      itemsRemoved(assetPages, ids);
      useGalleryStore.getState().libraryChanged();
    }),
    client.on('library.restored', (assets) => {
      useAssetsStore.getState().assetsReceived(assets);
      itemsRestored(assetPages, assets, (id) => useAssetsStore.getState().assets[id], assetOrder);
      useGalleryStore.getState().libraryChanged();
    }),
    client.on('library.boards_changed', (boards) => useGalleryStore.getState().boardsReceived(boards)),
    client.on('characters.changed', (characters) => useCharactersStore.getState().charactersReceived(characters)),
    client.on('account.balance', (balance) => useAccountStore.getState().balanceReceived(balance)),
    client.on('desktop.changed', (info) => useDesktopStore.getState().received(info)),
    // The address follows the menu's choice, so Back returns to the page the person was on.
    client.on('desktop.navigate', ({ page }) => navigate?.(paths.section(page))),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/** First load of everything the frame shows; a failure goes to the page's alert. */
export async function loadStudio(): Promise<void> {
  const answers: Envelope<unknown>[] = await Promise.all([
    useAppInfoStore.getState().load(),
    useSettingsStore.getState().load(),
    useProfilesStore.getState().load(),
    useJobsStore.getState().loadQueue(),
    useDesktopStore.getState().load(),
  ]);
  for (const answer of answers) {
    if (answer.ok) continue;
    useAlertStore.getState().report(answer.error);
    return;
  }
}
