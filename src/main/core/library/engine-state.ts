/**
 * The job engine's own state, kept in the library database beside the jobs it belongs to: the
 * queue's pause (with the engine's reason when it paused itself), each batch's note (why the
 * engine stopped it; a column of `batches`) and the sealed dedicated keys of batches. Writes go
 * through the same connection, so callers put them in the transaction of the job change they
 * belong to.
 */
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import type { KeyValueStore } from '../settings/key-value-store';
import type { LibraryDatabase } from './library-database';

export interface QueueState {
  paused: boolean;
  /** Why the engine paused the queue by itself (out of credits, no connection); null when the user did. */
  reason: string | null;
}

/** A batch's dedicated key: the gateway's token id and the secret sealed by the vault. */
export interface StoredBatchKey {
  tokenId: string | number;
  sealed: string;
}

export function readQueueState(db: LibraryDatabase): QueueState {
  const row = db.prepare<[], { paused: number; reason: string | null }>('SELECT paused, reason FROM queue_state WHERE id = 1').get();
  return row ? { paused: row.paused === 1, reason: row.reason } : { paused: false, reason: null };
}

export function writeQueueState(db: LibraryDatabase, state: QueueState): void {
  db.prepare(
    'INSERT INTO queue_state (id, paused, reason, updated_at) VALUES (1, ?, ?, ?) ' +
      'ON CONFLICT (id) DO UPDATE SET paused = excluded.paused, reason = excluded.reason, updated_at = excluded.updated_at',
  ).run(state.paused ? 1 : 0, state.reason, db.now());
}

/** Sets (or clears, with null) why the engine stopped a batch; false when the batch does not exist. */
export function setBatchNote(db: LibraryDatabase, batchId: string, note: string | null): boolean {
  return db.prepare('UPDATE batches SET note = ?, updated_at = ? WHERE id = ?').run(note, db.now(), batchId).changes === 1;
}

export function batchKey(db: LibraryDatabase, batchId: string): StoredBatchKey | undefined {
  const row = db.prepare<[string], { token_id: string; sealed: string }>('SELECT token_id, sealed FROM batch_keys WHERE batch_id = ?').get(batchId);
  if (!row) return undefined;
  const tokenId = tokenIdSchema.safeParse(JSON.parse(row.token_id));
  return tokenId.success ? { tokenId: tokenId.data, sealed: row.sealed } : undefined;
}

/** Stores (or replaces) a batch's sealed key; the batch row must exist (same transaction). */
export function putBatchKey(db: LibraryDatabase, batchId: string, key: StoredBatchKey): void {
  db.prepare(
    'INSERT INTO batch_keys (batch_id, token_id, sealed, created_at) VALUES (?, ?, ?, ?) ' +
      'ON CONFLICT (batch_id) DO UPDATE SET token_id = excluded.token_id, sealed = excluded.sealed',
  ).run(batchId, JSON.stringify(key.tokenId), key.sealed, db.now());
}

/** Forgets a batch's sealed key (the batch ended, or the key lives in memory only); true when there was one. */
export function deleteBatchKey(db: LibraryDatabase, batchId: string): boolean {
  return db.prepare('DELETE FROM batch_keys WHERE batch_id = ?').run(batchId).changes === 1;
}

/** Every batch's sealed key kept in the database. */
export function listBatchKeys(db: LibraryDatabase): { batchId: string; key: StoredBatchKey }[] {
  const rows = db.prepare<[], { batch_id: string }>('SELECT batch_id FROM batch_keys ORDER BY created_at').all();
  return rows.flatMap((row) => {
    const key = batchKey(db, row.batch_id);
    return key ? [{ batchId: row.batch_id, key }] : [];
  });
}

// ---- The settings file of earlier versions ----

/** Where earlier versions kept the engine's state in the settings store. */
export const LEGACY_ENGINE_STATE_KEYS = { queue: 'jobEngine.queue', batchNotes: 'jobEngine.batchNotes', batchKeys: 'jobEngine.batchKeys' } as const;

/** The engine's state as the settings file of earlier versions held it (unchecked). */
export interface LegacyEngineState {
  queue?: unknown;
  batchNotes?: unknown;
  batchKeys?: unknown;
}

const tokenIdSchema = z.union([z.string(), z.number()]);
const legacyQueueSchema = z.object({ paused: z.boolean(), reason: z.string().nullable() });
const legacyKeySchema = z.object({ tokenId: tokenIdSchema, sealed: z.string() });

function entries(value: unknown): [string, unknown][] {
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
  for (const [batchId, note] of entries(legacy.batchNotes)) {
    if (typeof note === 'string' && exists.get(batchId)) db.prepare('UPDATE batches SET note = ? WHERE id = ?').run(note, batchId);
  }
  for (const [batchId, value] of entries(legacy.batchKeys)) {
    const key = legacyKeySchema.safeParse(value);
    if (!key.success || !exists.get(batchId)) continue;
    db.prepare('INSERT OR IGNORE INTO batch_keys (batch_id, token_id, sealed, created_at) VALUES (?, ?, ?, ?)').run(batchId, JSON.stringify(key.data.tokenId), key.data.sealed, now);
  }
}

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
    const left = Object.fromEntries(entries(legacy[name]).filter(([id]) => !hasBatch(id)));
    if (Object.keys(left).length === 0) store.delete(LEGACY_ENGINE_STATE_KEYS[name]);
    else store.set(LEGACY_ENGINE_STATE_KEYS[name], left);
  }
}
