import { create } from 'zustand';
import type { Envelope, Settings, SettingsPatch } from '../../../shared/contract';
import { studio } from '../studio/studio-client';

interface SettingsState {
  /** Null until main has answered once. */
  settings: Settings | null;
  load: () => Promise<Envelope<Settings>>;
  /** Applies the change at once, persists it, and rolls back the changed fields if main refuses. */
  update: (patch: SettingsPatch) => Promise<Envelope<Settings>>;
  /** Asks the person at this computer for another library folder (a dialog, or the terminal in web mode). */
  chooseLibraryFolder: (proposed: string | undefined) => Promise<Envelope<{ chosen: boolean; settings: Settings }>>;
  /** Web mode: ends every other browser's session with the studio. */
  signOutOtherBrowsers: () => Promise<Envelope<{ signedOut: number }>>;
  /** Main's word on the settings (a `settings.changed` event). */
  received: (settings: Settings) => void;
}

/** Language, theme, the active gateway profile and the library folder. */
export const useSettingsStore = create<SettingsState>()((set, get) => ({
  settings: null,
  load: async () => {
    const answer = await studio().call('settings.get', {});
    if (answer.ok) set({ settings: answer.value });
    return answer;
  },
  update: async (patch) => {
    const before = get().settings;
    if (before) set({ settings: { ...before, ...patch } });
    const answer = await studio().call('settings.update', patch);
    if (answer.ok) {
      set({ settings: answer.value });
      return answer;
    }
    // Roll back only the fields this call changed, in case an event updated others meanwhile.
    const now = get().settings;
    if (before && now) set({ settings: { ...now, ...pick(before, Object.keys(patch) as (keyof Settings)[]) } });
    return answer;
  },
  chooseLibraryFolder: async (proposed) => {
    const answer = await studio().call('settings.choose_library_folder', proposed === undefined ? {} : { proposed });
    if (answer.ok) set({ settings: answer.value.settings });
    return answer;
  },
  signOutOtherBrowsers: () => studio().call('app.sign_out_other_browsers', {}),
  received: (settings) => set({ settings }),
}));

function pick(settings: Settings, keys: (keyof Settings)[]): Partial<Settings> {
  return Object.fromEntries(keys.map((key) => [key, settings[key]]));
}

/** Selectors other features use to read settings. */
export const settingsSelectors = {
  activeProfileId: (state: Pick<SettingsState, 'settings'>): string | null => state.settings?.activeProfileId ?? null,
  /** Jobs sent at once (null: the studio's defaults). */
  concurrency: (state: Pick<SettingsState, 'settings'>): number | null => state.settings?.concurrency ?? null,
};
