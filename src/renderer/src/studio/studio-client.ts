import type { StudioClient } from '../../../shared/contract/client';

let current: StudioClient | undefined;

/** Installs the client the stores use; called once at start (and by tests with their own transport). */
export function connectStudio(client: StudioClient): void {
  current = client;
}

/** The client stores call main through. Components never call it. */
export function studio(): StudioClient {
  if (!current) throw new Error('The studio client is not connected yet; call connectStudio() at start.');
  return current;
}
