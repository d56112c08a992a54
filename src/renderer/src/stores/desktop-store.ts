import { create } from 'zustand';
import type { DesktopInfo, DesktopPreferences } from '../../../shared/contract';
import { studio } from '../studio-client';
import { useAlertStore } from './alert-store';

interface DesktopState {
  /** What the desktop can do and the shell's preferences; every capability false in web mode. */
  info: DesktopInfo | null;
  load: () => Promise<void>;
  /** Applies the change at once, persists it, and rolls back if main refuses. */
  update: (patch: Partial<DesktopPreferences>) => Promise<boolean>;
  /** Main's word (an answer or a `desktop.changed` event). */
  received: (info: DesktopInfo) => void;
}

/** The desktop shell's capabilities (reveal, trash, drag-out, notifications) and its preferences. */
export const useDesktopStore = create<DesktopState>()((set, get) => ({
  info: null,
  load: async () => {
    const result = await studio().call('desktop.get_info', {});
    if (result.ok) set({ info: result.value });
    else useAlertStore.getState().report(result.error);
  },
  update: async (patch) => {
    const before = get().info;
    // A checkbox or select shows the new choice at once rather than flicking back while main answers.
    if (before?.preferences) set({ info: { ...before, preferences: { ...before.preferences, ...patch } } });
    const result = await studio().call('desktop.update_preferences', patch);
    if (result.ok) {
      set({ info: result.value });
      return true;
    }
    set({ info: before });
    useAlertStore.getState().report(result.error);
    return false;
  },
  received: (info) => set({ info }),
}));
