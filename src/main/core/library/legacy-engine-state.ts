/**
 * The job engine's state as the settings file of earlier versions held it (the queue's pause,
 * batch notes, sealed batch keys): migration 8 moves it into the library database, where the
 * engine keeps it now (`jobs/store/engine-state.ts`), and the studio then forgets the old copy.
 */
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import type { KeyValueStore } from '../settings/key-value-store';

/** Where earlier versions kept the engine's state in the settings store. */
export const LEGACY_ENGINE_STATE_KEYS = { queue: 'jobEngine.queue', batchNotes: 'jobEngine.batchNotes', batchKeys: 'jobEngine.batchKeys' } as const;

/** The engine's state as the settings file of earlier versions held it (unchecked). */
export interface LegacyEngineState {
  queue?: unknown;
  batchNotes?: unknown;
  batchKeys?: unknown;
}

/** A gateway token id: a string or a number, as the gateway gave it. */
export const tokenIdSchema = z.union([z.string(), z.number()]);
const legacyQueueSchema = z.object({ paused: z.boolean(), reason: z.string().nullable() });
const legacyKeySchema = z.object({ tokenId: tokenIdSchema, sealed: z.string() });

/** The entries of an object the settings file held (nothing for anything else). */
export function legacyEntries(value: unknown): [string, unknown][] {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : [];
}

/** Reads what an earlier version left in the settings store, if anything. */
export function readLegacyEngineState(store: KeyValueStore): LegacyEngineState | undefined {
  const state = {
    queue: store.get(LEGACY_ENGINE_STATE_KEYS.queue),
    batchNotes: store.get(LEGACY_ENGINE_STATE_KEYS.batchNotes),
    batchKeys: store.get(LEGACY_ENGINE_STATE_KEYS.batchKeys),
  };
  return Object.values(state).some((value) => value !== undefined) ? state : undefined;
}

/**
 * Moves the legacy state into the database (run by migration 8 in its transaction): the queue's
 * pause, and the notes and sealed keys of batches this database holds. Entries of batches of
 * another library are left for that library.
 */
export function importLegacyEngineState(db: Database, legacy: LegacyEngineState): void {
  const now = Date.now();
  const queue = legacyQueueSchema.safeParse(legacy.queue);
  if (queue.success && queue.data.paused) {
    db.prepare('INSERT OR IGNORE INTO queue_state (id, paused, reason, updated_at) VALUES (1, 1, ?, ?)').run(queue.data.reason, now);
  }
  const exists = db.prepare<[string], { id: string }>('SELECT id FROM batches WHERE id = ?');
  for (const [batchId, note] of legacyEntries(legacy.batchNotes)) {
    if (typeof note === 'string' && exists.get(batchId)) db.prepare('UPDATE batches SET note = ? WHERE id = ?').run(note, batchId);
  }
  for (const [batchId, value] of legacyEntries(legacy.batchKeys)) {
    const key = legacyKeySchema.safeParse(value);
    if (!key.success || !exists.get(batchId)) continue;
    db.prepare('INSERT OR IGNORE INTO batch_keys (batch_id, token_id, sealed, created_at) VALUES (?, ?, ?, ?)').run(
      batchId,
      JSON.stringify(key.data.tokenId),
      key.data.sealed,
      now,
    );
  }
}
