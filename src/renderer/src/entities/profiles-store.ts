import { create } from 'zustand';
import type { ConnectionTest, Envelope, Profile, ProfileDraft } from '../../../shared/contract';
import { studio } from '../studio/studio-client';

interface ProfilesState {
  /** Gateway profiles as main shows them: never a key, only whether one is stored. */
  profiles: Profile[];
  load: () => Promise<Envelope<Profile[]>>;
  save: (draft: ProfileDraft) => Promise<Envelope<Profile>>;
  remove: (id: string) => Promise<Envelope<{ deleted: boolean }>>;
  setApiKey: (id: string, apiKey: string) => Promise<Envelope<Profile>>;
  clearApiKey: (id: string) => Promise<Envelope<Profile>>;
  /** Asks the profile's gateway for its models with the stored key: whether it answers as a gateway, or why not. */
  testConnection: (id: string) => Promise<Envelope<ConnectionTest>>;
  /** Main's word on the list (a `profiles.changed` event). */
  received: (profiles: Profile[]) => void;
}

const byName = (a: Profile, b: Profile): number => a.name.localeCompare(b.name);

/** Gateway profiles and their keys. Actions answer with main's envelope; the caller shows failures. */
export const useProfilesStore = create<ProfilesState>()((set, get) => {
  const upsert = (answer: Envelope<Profile>): Envelope<Profile> => {
    if (answer.ok) set({ profiles: [...get().profiles.filter((p) => p.id !== answer.value.id), answer.value].sort(byName) });
    return answer;
  };
  return {
    profiles: [],
    load: async () => {
      const answer = await studio().call('profiles.list', {});
      if (answer.ok) set({ profiles: answer.value });
      return answer;
    },
    save: async (draft) => upsert(await studio().call('profiles.save', draft)),
    remove: async (id) => {
      const answer = await studio().call('profiles.delete', { id });
      if (answer.ok) set({ profiles: get().profiles.filter((p) => p.id !== id) });
      return answer;
    },
    setApiKey: async (id, apiKey) => upsert(await studio().call('profiles.set_api_key', { id, apiKey })),
    clearApiKey: async (id) => upsert(await studio().call('profiles.clear_api_key', { id })),
    testConnection: (id) => studio().call('profiles.test_connection', { id }),
    received: (profiles) => set({ profiles }),
  };
});
