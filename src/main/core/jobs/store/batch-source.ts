/**
 * The input a batch was made from, as an opaque key (`batches.source_key`, migration 4). The CLI
 * keys a batch by its jobs file and gateway, so the same command run again resumes that batch
 * instead of submitting (and paying for) its jobs a second time.
 */
import type { LibraryDatabase } from '../../library';
import { getBatch, type Batch } from './batches';

/** The batch made from this source, if any. */
export function findBatchBySourceKey(db: LibraryDatabase, sourceKey: string): Batch | undefined {
  const row = db.prepare<[string], { id: string }>('SELECT id FROM batches WHERE source_key = ?').get(sourceKey);
  return row && getBatch(db, row.id);
}

/**
 * Records which source a batch was made from. Returns false when the batch does not exist;
 * throws when another batch already has this key (one batch per source).
 */
export function setBatchSourceKey(db: LibraryDatabase, batchId: string, sourceKey: string | null): boolean {
  return db.prepare('UPDATE batches SET source_key = ? WHERE id = ?').run(sourceKey, batchId).changes === 1;
}

/** The source key of a batch (null when it was not made from a keyed source). */
export function batchSourceKeyOf(db: LibraryDatabase, batchId: string): string | null | undefined {
  const row = db.prepare<[string], { source_key: string | null }>('SELECT source_key FROM batches WHERE id = ?').get(batchId);
  return row?.source_key;
}
