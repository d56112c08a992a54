import { create } from 'zustand';
import type { Settings, SettingsPatch } from '../../../shared/contract';
import { studio } from '../studio-client';
import { useAlertStore } from './alert-store';
import { useAppInfoStore } from './app-info-store';

interface SettingsState {
  /** Null until main has answered once. */
  settings: Settings | null;
  load: () => Promise<void>;
  /** Applies the change at once, persists it, and rolls back if main refuses. */
  update: (patch: SettingsPatch) => Promise<boolean>;
  /** Main's word on the settings (an answer or a `settings.changed` event). */
  received: (settings: Settings) => void;
}

/** Language, theme and the active gateway profile. */
export const useSettingsStore = create<SettingsState>()((set, get) => ({
  settings: null,
  load: async () => {
    const result = await studio().call('settings.get', {});
    if (result.ok) set({ settings: result.value });
    else useAlertStore.getState().report(result.error);
  },
  update: async (patch) => {
    const before = get().settings;
    if (before) set({ settings: { ...before, ...patch } });
    const result = await studio().call('settings.update', patch);
    if (result.ok) {
      set({ settings: result.value });
      useAlertStore.getState().dismiss();
      // Switching gateway changes what the header says; refresh it without waiting for the event.
      if ('activeProfileId' in patch) void useAppInfoStore.getState().load();
      return true;
    }
    // Roll back only the fields this call changed, in case an event updated others meanwhile.
    const now = get().settings;
    if (before && now) set({ settings: { ...now, ...pick(before, Object.keys(patch) as (keyof Settings)[]) } });
    useAlertStore.getState().report(result.error);
    return false;
  },
  received: (settings) => set({ settings }),
}));

function pick(settings: Settings, keys: (keyof Settings)[]): Partial<Settings> {
  return Object.fromEntries(keys.map((key) => [key, settings[key]]));
}
