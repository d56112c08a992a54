import { create } from 'zustand';
import type { CharacterView, Envelope } from '../../../shared/contract';
import { studio } from '../studio/studio-client';
import { upsertMany, type ById } from './entity-cache';

interface CharactersState {
  characters: ById<CharacterView>;
  /** Characters from an answer or a `characters.changed` event. */
  charactersReceived: (characters: readonly CharacterView[]) => void;
  load: () => Promise<Envelope<CharacterView[]>>;
}

/** The character registry by id, for `@username` suggestions and the character views. */
export const useCharactersStore = create<CharactersState>()((set) => ({
  characters: {},
  charactersReceived: (characters) => set((state) => ({ characters: upsertMany(state.characters, characters) })),
  load: async () => {
    const answer = await studio().call('characters.list', {});
    if (answer.ok) set((state) => ({ characters: upsertMany(state.characters, answer.value) }));
    return answer;
  },
}));
