import type { StoreApi, UseBoundStore } from 'zustand';
import { useAppInfoStore } from '../../src/renderer/src/studio/app-info-store';
import { useAssetsStore } from '../../src/renderer/src/entities/assets-store';
import { useCharactersStore } from '../../src/renderer/src/entities/characters-store';
import { useJobsStore } from '../../src/renderer/src/entities/jobs-store';
import { usePagedQueriesStore } from '../../src/renderer/src/entities/paged-queries';
import { useAlertStore } from '../../src/renderer/src/errors/alert-store';
import { useBatchStore } from '../../src/renderer/src/features/create/stores/batch-store';
import { useCharacterStore } from '../../src/renderer/src/features/create/stores/character-store';
import { useFormStore } from '../../src/renderer/src/features/create/stores/form-store';
import { useMaskStore } from '../../src/renderer/src/features/create/stores/mask-store';
import { useModelsStore } from '../../src/renderer/src/features/create/stores/models-store';
import { useRecentStore } from '../../src/renderer/src/features/create/stores/recent-store';
import { useReferencesStore } from '../../src/renderer/src/features/create/stores/references-store';
import { useAccountStore } from '../../src/renderer/src/features/account/account-store';
import { useGalleryStore } from '../../src/renderer/src/features/gallery/gallery-store';
import { useDesktopStore } from '../../src/renderer/src/features/settings/desktop-store';
import { useProfilesStore } from '../../src/renderer/src/features/settings/profiles-store';
import { useSettingsStore } from '../../src/renderer/src/features/settings/settings-store';
import { useTimelineStore } from '../../src/renderer/src/features/timeline/timeline-store';
import { useToastStore } from '../../src/renderer/src/ui/toast-store';

const stores: UseBoundStore<StoreApi<object>>[] = [
  useAppInfoStore,
  useAssetsStore,
  useCharactersStore,
  useJobsStore,
  usePagedQueriesStore,
  useAlertStore,
  useAccountStore,
  useGalleryStore,
  useDesktopStore,
  useProfilesStore,
  useSettingsStore,
  useTimelineStore,
  useToastStore,
  useBatchStore,
  useCharacterStore,
  useFormStore,
  useMaskStore,
  useModelsStore,
  useRecentStore,
  useReferencesStore,
];

/** Puts every store of the renderer back to its first state, so tests do not see each other. */
export function resetStores(): void {
  for (const store of stores) store.setState(store.getInitialState(), true);
}
