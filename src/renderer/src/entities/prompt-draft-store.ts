/**
 * The prompt draft channel between Create and the prompt tools (the assistant, history, presets),
 * which may not import each other: Create publishes what its form holds, the tools send commands
 * that Create applies to its own form (replace the prompt, insert at the caret, fill batch lines,
 * set options), and the preset applied to the form is kept here for the recipe to name.
 */
import { create } from 'zustand';
import type { PresetRef } from '../../../shared/contract';

/** How Create reads its prompt box: one prompt, one prompt per line, or a template. */
export type DraftMode = 'single' | 'lines' | 'template';

/** What Create's form holds now. */
interface PromptDraft {
  prompt: string;
  variantId: string | null;
  modelId: string | null;
  mode: DraftMode;
  /** The options the artist chose, by field key (what a new preset takes). */
  values: Readonly<Record<string, unknown>>;
}

/** A change for Create to make to its form. */
export type DraftCommand =
  | { kind: 'replace'; text: string }
  | { kind: 'insert'; text: string }
  | { kind: 'lines'; lines: readonly string[] }
  /** A template, with the CSV its `{{column}}` values came from when the history kept it. */
  | { kind: 'template'; text: string; csv?: { name: string; text: string } | undefined }
  | { kind: 'values'; values: Readonly<Record<string, unknown>> };

interface PromptDraftState {
  draft: PromptDraft;
  /** Commands not yet applied, oldest first. */
  pending: readonly DraftCommand[];
  /** The preset applied to the form, which the recipes of its results name. */
  preset: PresetRef | null;
  /** Create: what the form holds now. */
  publish: (draft: PromptDraft) => void;
  /** A tool: asks Create to change its form. */
  send: (...commands: DraftCommand[]) => void;
  /** Create: the commands to apply, removed from the channel. */
  take: () => readonly DraftCommand[];
  setPreset: (preset: PresetRef | null) => void;
}

const EMPTY_DRAFT: PromptDraft = { prompt: '', variantId: null, modelId: null, mode: 'single', values: {} };

export const usePromptDraftStore = create<PromptDraftState>()((set, get) => ({
  draft: EMPTY_DRAFT,
  pending: [],
  preset: null,
  publish: (draft) => set({ draft }),
  send: (...commands) => set((state) => ({ pending: [...state.pending, ...commands] })),
  take: () => {
    const { pending } = get();
    if (pending.length > 0) set({ pending: [] });
    return pending;
  },
  setPreset: (preset) => set({ preset: preset ? { id: preset.id, name: preset.name } : null }),
}));
