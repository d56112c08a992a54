import { create } from 'zustand';
import type { StudioError } from '../../../shared/contract';

interface AlertState {
  /** The last failed call, shown in the page's alert until dismissed or replaced. */
  error: StudioError | null;
  report: (error: StudioError) => void;
  dismiss: () => void;
}

/** Errors from any call to main land here, so one accessible alert can show them. */
export const useAlertStore = create<AlertState>()((set) => ({
  error: null,
  report: (error) => set({ error }),
  dismiss: () => set({ error: null }),
}));
