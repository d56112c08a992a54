import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { jobStates, type BatchStatus, type JobState } from '../../../../shared/jobs/job-states';
import { csvToKeep, parseJsonColumn, type LibraryDatabase, type TemplateCsv } from '../../library';

/** What a batch asks of the queue. The dedicated key is referenced by its token id, never stored. */
const batchOptionsSchema = z.object({
  /** Jobs of this batch running at once (the queue's global cap still applies). */
  concurrency: z.number().int().positive().optional(),
  /** Stop submitting when the balance would fall below this many credits. */
  creditBudget: z.number().nonnegative().optional(),
  /** Gateway token id of a dedicated capped key minted for this batch. */
  dedicatedTokenId: z.union([z.string(), z.number()]).optional(),
  /** The credits that key was capped at (what the batch may spend in all). */
  dedicatedKeyCredits: z.number().nonnegative().optional(),
  /** Models the same prompts fan out to. */
  fanOutModels: z.array(z.string()).optional(),
  /** Set while the batch's jobs are still being stored (batch-creation.ts): left out of listings, never submitted. */
  unfinished: z.literal(true).optional(),
});
export type BatchOptions = z.infer<typeof batchOptionsSchema>;

/** SQL condition on a row of `batches`: every job of the batch is stored (its creation finished). */
export const FINISHED_BATCH = "json_extract(options, '$.unfinished') IS NULL";

export interface Batch {
  id: string;
  name: string;
  status: BatchStatus;
  options: BatchOptions;
  /** Why the engine stopped the batch by itself (budget, credits, missing key); null otherwise. */
  note: string | null;
  createdAt: number;
  updatedAt: number;
}

/** How many jobs of a batch are in each state; derived by query, never stored. */
export type JobCounts = Record<JobState, number> & { total: number };

export interface BatchWithCounts extends Batch {
  counts: JobCounts;
}

/** A row of `batches` as SQLite returns it. */
export interface BatchRow {
  id: string;
  name: string;
  status: BatchStatus;
  options: string;
  note: string | null;
  created_at: number;
  updated_at: number;
}

export function toBatch(row: BatchRow): Batch {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    options: parseJsonColumn(batchOptionsSchema, row.options, `batches.options of ${row.id}`),
    note: row.note,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Creates an active batch. */
export function createBatch(
  db: LibraryDatabase,
  input: { id?: string; name: string; options?: BatchOptions; template?: string | null; templateCsv?: TemplateCsv | null },
): Batch {
  const now = db.now();
  const batch: Batch = {
    id: input.id ?? randomUUID(),
    name: input.name,
    status: 'active',
    options: batchOptionsSchema.parse(input.options ?? {}),
    note: null,
    createdAt: now,
    updatedAt: now,
  };
  db.prepare('INSERT INTO batches (id, name, status, options, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)').run(
    batch.id,
    batch.name,
    batch.status,
    JSON.stringify(batch.options),
    now,
    now,
  );
  // Named only when there is one, so the statement also suits a library from before templates were kept (tests of old versions).
  if (input.template != null) db.prepare('UPDATE batches SET template = ? WHERE id = ?').run(input.template, batch.id);
  if (input.template != null && input.templateCsv != null)
    db.prepare('UPDATE batches SET template_csv = ? WHERE id = ?').run(JSON.stringify(csvToKeep(input.templateCsv)), batch.id);
  return batch;
}

export function getBatch(db: LibraryDatabase, id: string): Batch | undefined {
  const row = db.prepare<[string], BatchRow>('SELECT * FROM batches WHERE id = ?').get(id);
  return row && toBatch(row);
}

/** Batches newest first, each with its job counts. */
export function listBatches(db: LibraryDatabase, options: { statuses?: readonly BatchStatus[] } = {}): BatchWithCounts[] {
  const rows = db.prepare<[], BatchRow>(`SELECT * FROM batches WHERE ${FINISHED_BATCH} ORDER BY created_at DESC, id DESC`).all();
  const wanted = options.statuses;
  const counts = countJobsByBatch(db);
  return rows.filter((row) => !wanted || wanted.includes(row.status)).map((row) => ({ ...toBatch(row), counts: counts.get(row.id) ?? emptyCounts() }));
}

/** Deletes a batch with its jobs and their tasks (a batch whose creation failed half way). */
export function deleteBatch(db: LibraryDatabase, id: string): boolean {
  return db.prepare('DELETE FROM batches WHERE id = ?').run(id).changes === 1;
}

/** Deletes batches whose creation never finished (the process ended half way); returns their ids. */
export function deleteUnfinishedBatches(db: LibraryDatabase): string[] {
  return db
    .prepare<[], { id: string }>(`DELETE FROM batches WHERE NOT (${FINISHED_BATCH}) RETURNING id`)
    .all()
    .map((row) => row.id);
}

/** Sets a batch's status; returns false when the batch does not exist. */
export function setBatchStatus(db: LibraryDatabase, id: string, status: BatchStatus): boolean {
  return db.prepare('UPDATE batches SET status = ?, updated_at = ? WHERE id = ?').run(status, db.now(), id).changes === 1;
}

/** Replaces a batch's options; returns false when the batch does not exist. */
export function setBatchOptions(db: LibraryDatabase, id: string, options: BatchOptions): boolean {
  const clean = batchOptionsSchema.parse(options);
  return db.prepare('UPDATE batches SET options = ?, updated_at = ? WHERE id = ?').run(JSON.stringify(clean), db.now(), id).changes === 1;
}

/** Job counts per state of one batch. */
export function batchJobCounts(db: LibraryDatabase, batchId: string): JobCounts {
  const rows = db.prepare<[string], { state: JobState; n: number }>('SELECT state, COUNT(*) AS n FROM jobs WHERE batch_id = ? GROUP BY state').all(batchId);
  return tally(rows);
}

/** Job counts per state of these batches (every batch when `ids` is absent); batches without jobs are left out. */
export function countJobsByBatch(db: LibraryDatabase, ids?: readonly string[]): Map<string, JobCounts> {
  if (ids?.length === 0) return new Map();
  const only = ids === undefined ? '' : ` AND batch_id IN (${ids.map(() => '?').join(', ')})`;
  const rows = db
    .prepare<string[], { batch_id: string; state: JobState; n: number }>(
      `SELECT batch_id, state, COUNT(*) AS n FROM jobs WHERE batch_id IS NOT NULL${only} GROUP BY batch_id, state`,
    )
    .all(...(ids ?? []));
  const byBatch = new Map<string, { state: JobState; n: number }[]>();
  for (const row of rows) byBatch.set(row.batch_id, [...(byBatch.get(row.batch_id) ?? []), row]);
  return new Map([...byBatch].map(([id, list]) => [id, tally(list)]));
}

/** Counts of a batch without jobs. */
export function emptyCounts(): JobCounts {
  return { ...(Object.fromEntries(jobStates.map((s) => [s, 0])) as Record<JobState, number>), total: 0 };
}

function tally(rows: readonly { state: JobState; n: number }[]): JobCounts {
  const counts = emptyCounts();
  for (const row of rows) {
    counts[row.state] += row.n;
    counts.total += row.n;
  }
  return counts;
}
