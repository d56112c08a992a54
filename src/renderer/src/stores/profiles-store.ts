import { create } from 'zustand';
import type { Profile, ProfileDraft, StudioError } from '../../../shared/contract';
import { studio } from '../studio-client';
import { useAlertStore } from './alert-store';
import { useAppInfoStore } from './app-info-store';
import { fieldErrorsOf, type FieldErrors } from './error-messages';

/** The outcome a form needs: the saved profile, or what to show beside each field. */
export type ProfileActionResult = { ok: true; profile: Profile } | { ok: false; fieldErrors: FieldErrors };

interface ProfilesState {
  /** Gateway profiles as main shows them: never a key, only whether one is stored. */
  profiles: Profile[];
  load: () => Promise<void>;
  save: (draft: ProfileDraft) => Promise<ProfileActionResult>;
  remove: (id: string) => Promise<boolean>;
  setApiKey: (id: string, apiKey: string) => Promise<ProfileActionResult>;
  clearApiKey: (id: string) => Promise<ProfileActionResult>;
  /** Main's word on the list (a `profiles.changed` event). */
  received: (profiles: Profile[]) => void;
}

function failed(error: StudioError, nameField?: string): ProfileActionResult {
  useAlertStore.getState().report(error);
  return { ok: false, fieldErrors: fieldErrorsOf(error, nameField) };
}

/** Gateway profiles and their keys. Each action reports failures to the alert store too. */
export const useProfilesStore = create<ProfilesState>()((set, get) => {
  const upsert = (profile: Profile): void => {
    const others = get().profiles.filter((p) => p.id !== profile.id);
    set({ profiles: [...others, profile].sort((a, b) => a.name.localeCompare(b.name)) });
  };
  // The header shows the active profile's address, which a save or delete may change.
  const refreshHeader = (): void => void useAppInfoStore.getState().load();
  // A call that worked makes the last error stale: the person has acted on it.
  const succeeded = (): void => useAlertStore.getState().dismiss();

  return {
    profiles: [],
    load: async () => {
      const result = await studio().call('profiles.list', {});
      if (result.ok) set({ profiles: result.value });
      else useAlertStore.getState().report(result.error);
    },
    save: async (draft) => {
      const result = await studio().call('profiles.save', draft);
      if (!result.ok) return failed(result.error);
      upsert(result.value);
      succeeded();
      refreshHeader();
      return { ok: true, profile: result.value };
    },
    remove: async (id) => {
      const result = await studio().call('profiles.delete', { id });
      if (!result.ok) {
        useAlertStore.getState().report(result.error);
        return false;
      }
      set({ profiles: get().profiles.filter((p) => p.id !== id) });
      succeeded();
      refreshHeader();
      return true;
    },
    setApiKey: async (id, apiKey) => {
      const result = await studio().call('profiles.set_api_key', { id, apiKey });
      if (!result.ok) return failed(result.error, 'apiKey');
      upsert(result.value);
      succeeded();
      return { ok: true, profile: result.value };
    },
    clearApiKey: async (id) => {
      const result = await studio().call('profiles.clear_api_key', { id });
      if (!result.ok) return failed(result.error);
      upsert(result.value);
      succeeded();
      return { ok: true, profile: result.value };
    },
    received: (profiles) => set({ profiles }),
  };
});
