import { useMemo } from 'react';
import { create } from 'zustand';
import type { Envelope, StudioError } from '../../../shared/contract';

interface AlertState {
  /** The last failed call, shown in the page's alert until dismissed or replaced. */
  error: StudioError | null;
  report: (error: StudioError) => void;
  dismiss: () => void;
}

/** The page's alert: containers put failed calls here, so one accessible alert shows them. */
export const useAlertStore = create<AlertState>()((set) => ({
  error: null,
  report: (error) => set({ error }),
  dismiss: () => set({ error: null }),
}));

export interface ErrorAlertControl {
  report: (error: StudioError) => void;
  dismiss: () => void;
  /**
   * Follows an answer: a failure is shown in the alert, a success clears a stale one (the person
   * has acted on it). Returns the answer, so `const answer = alert.track(await save(draft))`.
   */
  track: <T>(answer: Envelope<T>) => Envelope<T>;
}

/** For containers: the alert, to show what a store action answered. */
export function useErrorAlert(): ErrorAlertControl {
  const report = useAlertStore((state) => state.report);
  const dismiss = useAlertStore((state) => state.dismiss);
  return useMemo(
    () => ({
      report,
      dismiss,
      track: <T>(answer: Envelope<T>): Envelope<T> => {
        if (answer.ok) dismiss();
        else report(answer.error);
        return answer;
      },
    }),
    [report, dismiss],
  );
}
