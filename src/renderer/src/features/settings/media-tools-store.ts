import { create } from 'zustand';
import type { Envelope, MediaTools } from '../../../../shared/contract';
import { studio } from '../../studio/studio-client';

interface MediaToolsState {
  /** The ffmpeg and image library this run uses; null until main has answered. */
  tools: MediaTools | null;
  load: () => Promise<Envelope<MediaTools>>;
}

/** What Settings reports about the media tools (found once per run; they do not change while running). */
export const useMediaToolsStore = create<MediaToolsState>()((set) => ({
  tools: null,
  load: async () => {
    const answer = await studio().call('app.get_media_tools', {});
    if (answer.ok) set({ tools: answer.value });
    return answer;
  },
}));
