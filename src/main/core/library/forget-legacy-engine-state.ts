import type { KeyValueStore } from '../settings/key-value-store';
import { legacyEntries, LEGACY_ENGINE_STATE_KEYS, readLegacyEngineState } from './legacy-engine-state';
import type { LibraryDatabase } from './library-database';

/**
 * Removes from the settings store what this database now holds (after migration 8 moved it), so
 * secrets and notes do not linger in two places. Entries of other libraries' batches stay.
 */
export function forgetMovedEngineState(store: KeyValueStore, db: LibraryDatabase): void {
  const legacy = readLegacyEngineState(store);
  if (!legacy) return;
  const hasBatch = (id: string): boolean => db.prepare<[string], { id: string }>('SELECT id FROM batches WHERE id = ?').get(id) !== undefined;
  if (legacy.queue !== undefined) store.delete(LEGACY_ENGINE_STATE_KEYS.queue);
  for (const name of ['batchNotes', 'batchKeys'] as const) {
    if (legacy[name] === undefined) continue;
    const left = Object.fromEntries(legacyEntries(legacy[name]).filter(([id]) => !hasBatch(id)));
    if (Object.keys(left).length === 0) store.delete(LEGACY_ENGINE_STATE_KEYS[name]);
    else store.set(LEGACY_ENGINE_STATE_KEYS[name], left);
  }
}
