import { create } from 'zustand';
import type { AppInfo, Envelope } from '../../../shared/contract';
import { studio } from '../studio/studio-client';

interface AppInfoState {
  /** Name, version, shell, library folder and which gateway answers; null until the first answer. */
  info: AppInfo | null;
  load: () => Promise<Envelope<AppInfo>>;
}

/** What the frame shows: the app, and whether the demo gateway or a real one is in use. */
export const useAppInfoStore = create<AppInfoState>()((set) => ({
  info: null,
  load: async () => {
    const answer = await studio().call('app.get_info', {});
    if (answer.ok) set({ info: answer.value });
    return answer;
  },
}));
