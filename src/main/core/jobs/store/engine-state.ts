/**
 * The job engine's own state, kept in the library database beside the jobs it belongs to: the
 * queue's pause (with the engine's reason when it paused itself), each batch's note (why the
 * engine stopped it; a column of `batches`) and the sealed dedicated keys of batches. Writes go
 * through the same connection, so callers put them in the transaction of the job change they
 * belong to.
 */
import { tokenIdSchema, type LibraryDatabase } from '../../library';

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
