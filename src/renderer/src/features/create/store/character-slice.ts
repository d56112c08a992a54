import { create } from 'zustand';
import type { AssetView, Envelope, JobView } from '../../../../../shared/contract';
import { studio } from '../../../studio/studio-client';

/** Where a new character comes from. */
export type CharacterSourceChoice = { kind: 'library'; assetId: string } | { kind: 'address'; url: string };

export interface CharacterRequest {
  description: string;
  source: CharacterSourceChoice;
  /** `<start>,<end>` seconds, two apart; absent: the whole video (library videos only). */
  segment?: string;
}

interface CharacterState {
  /** The dialog is open, with this source chosen first (a video of the library, from `?character=`). */
  open: boolean;
  initialAssetId: string | null;
  /** Finished videos of the library to choose from (the newest page). */
  videos: AssetView[];
  show: (assetId?: string | null) => void;
  hide: () => void;
  loadVideos: () => Promise<Envelope<{ items: AssetView[] }>>;
  /** Starts the character task; the recent strip follows it to the registry. */
  create: (request: CharacterRequest) => Promise<Envelope<JobView>>;
}

/** "Create a character": from a finished video of the library or a video address. */
export const useCharacterStore = create<CharacterState>()((set) => ({
  open: false,
  initialAssetId: null,
  videos: [],
  show: (assetId = null) => set({ open: true, initialAssetId: assetId }),
  hide: () => set({ open: false }),
  loadVideos: async () => {
    const answer = await studio().call('library.list_assets', { kind: 'video', limit: 60 });
    // Only videos of a gateway task can be a character's source.
    if (answer.ok) set({ videos: answer.value.items.filter((video) => video.taskId !== null) });
    return answer;
  },
  create: ({ description, source, segment }) =>
    studio().call('characters.create', {
      description,
      ...(source.kind === 'library' ? { fromAssetId: source.assetId } : { videoUrl: source.url }),
      ...(segment === undefined ? {} : { segment }),
    }),
}));
