import { useSyncExternalStore } from 'react';
import type { wordError } from '../../../shared/contract/error-wording';

type WordError = typeof wordError;

let loaded: WordError | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/**
 * Loads the full error wording (field lines need the model catalog), kept out of the window's
 * entry. Started right after the first screen, so it is in before the studio could be gone; a
 * failed load may be tried again.
 */
export function loadErrorWording(): Promise<void> {
  loading ??= import('../../../shared/contract/error-wording').then(
    (module) => {
      loaded = module.wordError;
      for (const listener of listeners) listener();
    },
    () => {
      loading = undefined;
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The full error wording once loaded, else undefined (the component words the summary meanwhile). */
export function useLoadedErrorWording(): WordError | undefined {
  return useSyncExternalStore(
    subscribe,
    () => loaded,
    () => loaded,
  );
}
