import type { StudioClient } from '../../../shared/contract/client';

let current: StudioClient | undefined;

/** Installs the client the stores use; called once at start (and by tests with their own transport). */
export function connectStudio(client: StudioClient): void {
  current = client;
}

/**
 * The client the window reaches main through: stores and renderer services make the calls; a
 * component asks it only for media URLs, and for a read-only look-up it keeps to itself (a
 * video's frame rate, a model's usual durations). Never for a change.
 */
export function studio(): StudioClient {
  if (!current) throw new Error('The studio client is not connected yet; call connectStudio() at start.');
  return current;
}
