import type { StateCreator } from 'zustand';
import type { CostEstimate, CreateBatchInput, Envelope, EstimateCostInput, RouteOutput, StudioError } from '../../../../../shared/contract';
import { studio } from '../../../studio/studio-client';
import type { PromptMode } from '../model/batch-input';

export type { PromptMode };

export interface CsvFile {
  name: string;
  text: string;
}

export interface BatchSlice {
  mode: PromptMode;
  /** Requests per prompt (each is one paid request). */
  count: number;
  csv: CsvFile | null;
  /** Other models every prompt also runs on (`<model>|<variant>` keys of the picker). */
  fanOut: string[];
  /** Stop submitting when the remaining credits would fall below this (text as typed; empty: none). */
  creditBudget: string;
  /** Credits of a key minted for this batch alone (text as typed; empty: none). */
  keyCredits: string;
  estimate: { status: 'idle' | 'loading' | 'ready' | 'error'; value: CostEstimate | null; error: StudioError | null; key: string };
  /** The artist tried to submit since the last batch went: every problem shows, required fields included. */
  attempted: boolean;
  setAttempted: (attempted: boolean) => void;
  setMode: (mode: PromptMode) => void;
  setCount: (count: number) => void;
  setCsv: (csv: CsvFile | null) => void;
  toggleFanOut: (key: string) => void;
  setCreditBudget: (text: string) => void;
  setKeyCredits: (text: string) => void;
  /**
   * Prices the batch the form describes; an answer for an older form is dropped. `priced` counts
   * the jobs with a known cost: when it grows, the same question is asked again.
   */
  requestEstimate: (input: EstimateCostInput, priced?: number) => Promise<void>;
  submitBatch: (input: CreateBatchInput) => Promise<Envelope<RouteOutput<'jobs.create_batch'>>>;
}

/** Batch controls of the Create screen, the estimate before submitting, and submitting. */
export const createBatchSlice: StateCreator<BatchSlice> = (set, get) => ({
  mode: 'single',
  count: 1,
  csv: null,
  fanOut: [],
  creditBudget: '',
  keyCredits: '',
  estimate: { status: 'idle', value: null, error: null, key: '' },
  attempted: false,
  setAttempted: (attempted) => set({ attempted }),
  setMode: (mode) => set({ mode }),
  setCount: (count) => set({ count }),
  setCsv: (csv) => set({ csv }),
  toggleFanOut: (key) => set((state) => ({ fanOut: state.fanOut.includes(key) ? state.fanOut.filter((k) => k !== key) : [...state.fanOut, key] })),
  setCreditBudget: (creditBudget) => set({ creditBudget }),
  setKeyCredits: (keyCredits) => set({ keyCredits }),
  requestEstimate: async (input, priced = 0) => {
    const key = `${priced}:${JSON.stringify(input)}`;
    if (get().estimate.key === key && get().estimate.status !== 'error') return;
    set((state) => ({ estimate: { ...state.estimate, status: 'loading', key } }));
    const answer = await studio().call('jobs.estimate_cost', input);
    if (get().estimate.key !== key) return;
    set({ estimate: answer.ok ? { status: 'ready', value: answer.value, error: null, key } : { status: 'error', value: null, error: answer.error, key } });
  },
  submitBatch: (input) => studio().call('jobs.create_batch', input),
});

/** A positive number typed in a field, or undefined when it is empty or not one. */
export function positiveNumber(text: string): number | undefined {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(value) && value > 0 ? value : undefined;
}
