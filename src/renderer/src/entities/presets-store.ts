import { create } from 'zustand';
import type { Envelope, Preset, PresetDraft } from '../../../shared/contract';
import { studio } from '../studio/studio-client';

interface PresetsState {
  presets: readonly Preset[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  load: () => Promise<Envelope<Preset[]>>;
  /** From an answer or a `prompts.presets_changed` event (another window's change). */
  received: (presets: readonly Preset[]) => void;
  save: (draft: PresetDraft) => Promise<Envelope<Preset>>;
  remove: (id: string) => Promise<Envelope<{ deleted: boolean }>>;
}

/** Style presets: named text put before or after the prompt, and options of the form. */
export const usePresetsStore = create<PresetsState>()((set) => ({
  presets: [],
  status: 'idle',
  load: async () => {
    set((state) => ({ status: state.status === 'ready' ? 'ready' : 'loading' }));
    const answer = await studio().call('prompts.list_presets', {});
    set(answer.ok ? { presets: answer.value, status: 'ready' } : { status: 'error' });
    return answer;
  },
  received: (presets) => set({ presets, status: 'ready' }),
  // The list follows from main's `prompts.presets_changed`, which every window receives.
  save: (draft) => studio().call('prompts.save_preset', draft),
  remove: (id) => studio().call('prompts.delete_preset', { id }),
}));
