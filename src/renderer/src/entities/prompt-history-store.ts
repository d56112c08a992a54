import { create } from 'zustand';
import type { Envelope, HistoryEntry, RouteOutput } from '../../../shared/contract';
import { studio } from '../studio/studio-client';
import { NOT_RECALLING, recallStep, type RecallState } from './prompt-recall';

/** Prompts the Up key walks through (the most recent). */
const RECALL_DEPTH = 50;

interface PromptHistoryState {
  /** The latest prompts, newest first, for Up in the prompt box. */
  recent: readonly HistoryEntry[];
  /** False once a prompt was sent since `recent` was read. */
  fresh: boolean;
  recall: RecallState;
  loadRecent: () => Promise<Envelope<HistoryEntry[]>>;
  /** A new batch went out: read the recent prompts again before the next recall. */
  markStale: () => void;
  /** The prompt to show for Up (`older`) or Down (`newer`), or undefined to leave the key alone. */
  step: (direction: 'older' | 'newer', current: string) => Promise<string | undefined>;
  /** The artist typed: the box no longer shows a recalled prompt. */
  stopRecall: () => void;
  /** A search or a list for the history picker (not cached: it changes with every prompt sent). */
  search: (query: string, order: 'recent' | 'frequent') => Promise<Envelope<HistoryEntry[]>>;
  /** The CSV a template was last filled from, to give it back with the template. */
  templateCsv: (template: string) => Promise<Envelope<RouteOutput<'prompts.template_csv'>>>;
}

/** Prompt history: what the library keeps of every prompt sent. */
export const usePromptHistoryStore = create<PromptHistoryState>()((set, get) => ({
  recent: [],
  fresh: false,
  recall: NOT_RECALLING,
  loadRecent: async () => {
    const answer = await studio().call('prompts.list_history', { order: 'recent', limit: RECALL_DEPTH });
    if (answer.ok) set({ recent: answer.value, fresh: true });
    return answer;
  },
  markStale: () => set({ fresh: false }),
  step: async (direction, current) => {
    if (!get().fresh && get().recall.index < 0) await get().loadRecent();
    const next = recallStep(
      get().recent.map((entry) => entry.prompt),
      get().recall,
      direction,
      current,
    );
    if (!next) return undefined;
    set({ recall: next.state });
    return next.text;
  },
  stopRecall: () => {
    if (get().recall.index >= 0) set({ recall: NOT_RECALLING });
  },
  search: (query, order) => studio().call('prompts.list_history', { ...(query.trim() === '' ? {} : { query }), order, limit: 100 }),
  templateCsv: (template) => studio().call('prompts.template_csv', { template }),
}));
