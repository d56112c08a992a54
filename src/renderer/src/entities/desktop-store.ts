import { create } from 'zustand';
import type { DesktopInfo, DesktopPreferences, Envelope } from '../../../shared/contract';
import { studio } from '../studio/studio-client';

interface DesktopState {
  /** What the desktop can do and the shell's preferences; null until main has answered once. */
  info: DesktopInfo | null;
  load: () => Promise<Envelope<DesktopInfo>>;
  /** The info main has given, or asks for it first (loads once at start; an action must not guess meanwhile). */
  known: () => Promise<Envelope<DesktopInfo>>;
  /** Applies the change at once, persists it, and rolls back the changed fields if main refuses. */
  update: (patch: Partial<DesktopPreferences>) => Promise<Envelope<DesktopInfo>>;
  /** Main's word on the desktop (a `desktop.changed` event). */
  received: (info: DesktopInfo) => void;
}

/**
 * The desktop shell's capabilities (reveal, trash, drag-out, notifications) and its preferences.
 * In web mode every capability is false and there are no preferences.
 */
export const useDesktopStore = create<DesktopState>()((set, get) => ({
  info: null,
  load: async () => {
    const answer = await studio().call('desktop.get_info', {});
    if (answer.ok) set({ info: answer.value });
    return answer;
  },
  known: async () => {
    const { info, load } = get();
    return info ? { ok: true, value: info } : load();
  },
  update: async (patch) => {
    const shown = get().info;
    const before = shown?.preferences;
    // A switch or select shows the new choice at once rather than flicking back while main answers.
    if (shown && before) set({ info: { ...shown, preferences: { ...before, ...patch } } });
    const answer = await studio().call('desktop.update_preferences', patch);
    if (answer.ok) {
      set({ info: answer.value });
      return answer;
    }
    // Roll back only the fields this call changed, in case an event updated others meanwhile.
    const now = get().info;
    if (before && now?.preferences)
      set({ info: { ...now, preferences: { ...now.preferences, ...pick(before, Object.keys(patch) as (keyof DesktopPreferences)[]) } } });
    return answer;
  },
  received: (info) => set({ info }),
}));

function pick(preferences: DesktopPreferences, keys: (keyof DesktopPreferences)[]): Partial<DesktopPreferences> {
  return Object.fromEntries(keys.map((key) => [key, preferences[key]]));
}

/** Selectors other features use to offer the desktop's actions only where the shell has them. */
export const desktopSelectors = {
  canReveal: (state: Pick<DesktopState, 'info'>): boolean => state.info?.reveal ?? false,
  canTrash: (state: Pick<DesktopState, 'info'>): boolean => state.info?.trash ?? false,
  canDrag: (state: Pick<DesktopState, 'info'>): boolean => state.info?.drag ?? false,
  /** The shell notifies and badges by itself, so the window need not ask for the browser's permission. */
  systemNotifications: (state: Pick<DesktopState, 'info'>): boolean => state.info?.systemNotifications ?? false,
};
