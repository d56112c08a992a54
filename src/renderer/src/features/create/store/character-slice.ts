import type { StateCreator } from 'zustand';
import type { AssetView, CharacterView, Envelope, JobView } from '../../../../../shared/contract';
import { studio } from '../../../studio/studio-client';

/** Where a new character comes from. */
type CharacterSourceChoice = { kind: 'library'; assetId: string } | { kind: 'address'; url: string };

export interface CharacterRequest {
  description: string;
  /** The name prompts will mention it by; absent: its gateway username. */
  name?: string;
  source: CharacterSourceChoice;
  /** `<start>,<end>` seconds, two apart; absent: the whole video (library videos only). */
  segment?: string;
}

export interface CharacterSlice {
  /** The dialog is open, with this source chosen first (a video of the library, from `?character=`). */
  characterOpen: boolean;
  characterAssetId: string | null;
  /** Finished videos of the library to choose from (the newest page). */
  characterVideos: AssetView[];
  showCharacter: (assetId?: string | null) => void;
  hideCharacter: () => void;
  loadCharacterVideos: () => Promise<Envelope<{ items: AssetView[] }>>;
  /** Starts the character task; the recent strip follows it to the registry. */
  createCharacter: (request: CharacterRequest) => Promise<Envelope<JobView>>;
  /** The character whose name is being changed, if any. */
  renamingCharacterId: string | null;
  showRename: (characterId: string) => void;
  hideRename: () => void;
  /** Gives a character a name, or takes it away (null). */
  renameCharacter: (characterId: string, name: string | null) => Promise<Envelope<CharacterView>>;
}

/** "Create a character": from a finished video of the library or a video address. */
export const createCharacterSlice: StateCreator<CharacterSlice> = (set) => ({
  characterOpen: false,
  characterAssetId: null,
  characterVideos: [],
  showCharacter: (assetId = null) => set({ characterOpen: true, characterAssetId: assetId }),
  hideCharacter: () => set({ characterOpen: false }),
  loadCharacterVideos: async () => {
    const answer = await studio().call('library.list_assets', { kind: 'video', limit: 60 });
    // Only videos of a gateway task can be a character's source.
    if (answer.ok) set({ characterVideos: answer.value.items.filter((video) => video.taskId !== null) });
    return answer;
  },
  createCharacter: ({ description, name, source, segment }) =>
    studio().call('characters.create', {
      description,
      ...(name === undefined ? {} : { name }),
      ...(source.kind === 'library' ? { fromAssetId: source.assetId } : { videoUrl: source.url }),
      ...(segment === undefined ? {} : { segment }),
    }),
  renamingCharacterId: null,
  showRename: (characterId) => set({ renamingCharacterId: characterId }),
  hideRename: () => set({ renamingCharacterId: null }),
  renameCharacter: (characterId, name) => studio().call('characters.rename', { id: characterId, name }),
});
