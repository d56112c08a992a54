import { create } from 'zustand';
import type { AppInfo } from '../../../shared/contract';
import { studio } from '../studio-client';
import { useAlertStore } from './alert-store';

interface AppInfoState {
  /** Name, version, shell and which gateway answers; null until the first answer. */
  info: AppInfo | null;
  load: () => Promise<void>;
}

/** What the header shows: the app and whether the demo gateway or a real one is in use. */
export const useAppInfoStore = create<AppInfoState>()((set) => ({
  info: null,
  load: async () => {
    const result = await studio().call('app.get_info', {});
    if (result.ok) set({ info: result.value });
    else useAlertStore.getState().report(result.error);
  },
}));
