import type { StoreApi, UseBoundStore } from 'zustand';
import { useAppInfoStore } from '../../src/renderer/src/entities/app-info-store';
import { useAssetsStore } from '../../src/renderer/src/entities/assets-store';
import { useBalanceStore } from '../../src/renderer/src/entities/balance-store';
import { useCharactersStore } from '../../src/renderer/src/entities/characters-store';
import { useDesktopStore } from '../../src/renderer/src/entities/desktop-store';
import { useJobsStore } from '../../src/renderer/src/entities/jobs-store';
import { usePagedQueriesStore } from '../../src/renderer/src/entities/paged-queries';
import { usePresetsStore } from '../../src/renderer/src/entities/presets-store';
import { usePromptDraftStore } from '../../src/renderer/src/entities/prompt-draft-store';
import { usePromptHistoryStore } from '../../src/renderer/src/entities/prompt-history-store';
import { useProfilesStore } from '../../src/renderer/src/entities/profiles-store';
import { configureQueryLifetime } from '../../src/renderer/src/entities/query-lifetime';
import { configureEntityCaps } from '../../src/renderer/src/entities/retention';
import { useSettingsStore } from '../../src/renderer/src/entities/settings-store';
import { useAlertStore } from '../../src/renderer/src/errors/alert-store';
import { useAccountStore } from '../../src/renderer/src/features/account/account-store';
import { useAssistantStore } from '../../src/renderer/src/features/assistant/assistant-store';
import { useCreateStore } from '../../src/renderer/src/features/create/store/create-store';
import { useGalleryStore } from '../../src/renderer/src/features/gallery/gallery-store';
import { useMediaToolsStore } from '../../src/renderer/src/features/settings/media-tools-store';
import { useTimelineStore } from '../../src/renderer/src/features/timeline/timeline-store';
import { useToastStore } from '../../src/renderer/src/ui/toast-store';

const stores: UseBoundStore<StoreApi<object>>[] = [
  useAppInfoStore,
  useAssetsStore,
  useBalanceStore,
  useCharactersStore,
  useDesktopStore,
  useJobsStore,
  usePagedQueriesStore,
  usePresetsStore,
  usePromptDraftStore,
  usePromptHistoryStore,
  useProfilesStore,
  useSettingsStore,
  useAlertStore,
  useAccountStore,
  useAssistantStore,
  useCreateStore,
  useGalleryStore,
  useMediaToolsStore,
  useTimelineStore,
  useToastStore,
];

/**
 * Puts every store of the renderer back to its first state, so tests do not see each other (test
 * files share their modules). reset-stores.test.ts finds the stores in the source and checks this
 * list has each.
 */
export function resetStores(): void {
  for (const store of stores) store.setState(store.getInitialState(), true);
  configureQueryLifetime();
  configureEntityCaps();
}
