/**
 * How main's events reach the shared read models: every cache of `entities/` is fed here, and
 * `loadEntities` fills them at start. The app subscribes these once, after the features' handlers.
 */
import type { Envelope } from '../../../shared/contract';
import type { EventHandlers } from '../studio/feature-module';
import { useAppInfoStore } from './app-info-store';
import { assetOrder, assetPages } from './asset-pages';
import { useAssetsStore } from './assets-store';
import { useBalanceStore } from './balance-store';
import { batchPages } from './batch-pages';
import { useCharactersStore } from './characters-store';
import { useDesktopStore } from './desktop-store';
import { jobPages } from './job-pages';
import { useJobsStore } from './jobs-store';
import { itemsRemoved, itemsRestored } from './paged-list-edits';
import { itemAdded } from './paged-queries';
import { usePresetsStore } from './presets-store';
import { usePromptHistoryStore } from './prompt-history-store';
import { useProfilesStore } from './profiles-store';
import { useSettingsStore } from './settings-store';

// Which gateway answers may change with the settings or the profiles; the frame says which.
const refreshAppInfo = (): void => void useAppInfoStore.getState().load();

export const entityEvents: EventHandlers = {
  'settings.changed': (settings) => {
    useSettingsStore.getState().received(settings);
    refreshAppInfo();
  },
  'profiles.changed': (profiles) => {
    useProfilesStore.getState().received(profiles);
    refreshAppInfo();
  },
  'jobs.changed': (jobs) => useJobsStore.getState().jobsReceived(jobs),
  'jobs.batch_changed': (batch) => useJobsStore.getState().batchesReceived([batch]),
  'jobs.batch_added': (batch) => {
    useJobsStore.getState().batchesReceived([batch]);
    itemAdded(batchPages, batch);
    usePromptHistoryStore.getState().markStale();
  },
  'jobs.job_added': (job) => {
    useJobsStore.getState().jobsReceived([job]);
    itemAdded(jobPages, job);
  },
  'jobs.queue_changed': (queue) => useJobsStore.getState().queueReceived(queue),
  'library.added': (asset) => {
    useAssetsStore.getState().assetsReceived([asset]);
    itemAdded(assetPages, asset);
  },
  'library.changed': (assets) => useAssetsStore.getState().assetsReceived(assets),
  'library.removed': ({ ids }) => itemsRemoved(assetPages, ids),
  'library.restored': (assets) => {
    useAssetsStore.getState().assetsReceived(assets);
    itemsRestored(assetPages, assets, (id) => useAssetsStore.getState().assets[id], assetOrder);
  },
  'characters.changed': (characters) => useCharactersStore.getState().charactersReceived(characters),
  'account.balance': (balance) => useBalanceStore.getState().balanceReceived(balance),
  'desktop.changed': (info) => useDesktopStore.getState().received(info),
  'prompts.presets_changed': (presets) => usePresetsStore.getState().received(presets),
};

/** First load of what the frame and every feature read; the answers, in order. */
export async function loadEntities(): Promise<Envelope<unknown>[]> {
  return Promise.all([
    useAppInfoStore.getState().load(),
    useSettingsStore.getState().load(),
    useProfilesStore.getState().load(),
    useJobsStore.getState().loadQueue(),
    useDesktopStore.getState().load(),
  ]);
}
