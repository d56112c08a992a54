/**
 * What the timeline and the account page read from the job tables, a page at a time: jobs and
 * batches by keyset (never a whole library at once), the credits spent per day, and how long
 * each model variant usually takes.
 */
import { z } from 'zod';
import type { BatchStatus, JobState } from '../../../../shared/jobs/job-states';
import { pageSize, type LibraryDatabase } from '../../library';
import { decodeKeyset, encodeKeyset } from '../../library/keyset-cursor';
import { countJobsByBatch, emptyCounts, FINISHED_BATCH, toBatch, type BatchRow, type BatchWithCounts } from './batches';
import { jobColumns, toJob, type Job, type JobRow } from './job-row';

export interface Page<T> {
  items: T[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export interface JobPageRequest {
  /** One batch's jobs, in queue order. Without it: jobs newest first. */
  batchId?: string | undefined;
  /** Only jobs outside any batch (single jobs such as character creations), newest first. */
  outsideBatches?: boolean | undefined;
  states?: readonly JobState[] | undefined;
  /** 1-200, default 50. */
  limit?: number | undefined;
  cursor?: string | null | undefined;
}

const newestKey = z.object({ t: z.number().int(), id: z.string().min(1) });
const queueKey = z.object({ p: z.number().int(), s: z.number().int() });

const placeholders = (count: number): string => Array.from({ length: count }, () => '?').join(', ');

/**
 * One page of jobs: a batch's in queue order (position, then insertion), any other selection
 * newest first (created_at, id). Reads one row more than the page to know whether one follows.
 */
export function listJobsPage(db: LibraryDatabase, request: JobPageRequest = {}): Page<Job> {
  const limit = pageSize(request.limit);
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (request.batchId !== undefined) {
    where.push('batch_id = ?');
    params.push(request.batchId);
  } else if (request.outsideBatches === true) {
    where.push('batch_id IS NULL');
  }
  if (request.states !== undefined && request.states.length > 0) {
    where.push(`state IN (${placeholders(request.states.length)})`);
    params.push(...request.states);
  }
  const inQueueOrder = request.batchId !== undefined;
  if (request.cursor) {
    if (inQueueOrder) {
      const after = decodeKeyset(queueKey, request.cursor);
      where.push('(position, seq) > (?, ?)');
      params.push(after.p, after.s);
    } else {
      const after = decodeKeyset(newestKey, request.cursor);
      where.push('(created_at, id) < (?, ?)');
      params.push(after.t, after.id);
    }
  }
  const order = inQueueOrder ? 'position, seq' : 'created_at DESC, id DESC';
  const sql = `SELECT ${jobColumns}, seq FROM jobs ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order} LIMIT ?`;
  const rows = db.prepare<unknown[], JobRow & { seq: number }>(sql).all(...params, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const more = rows.length > limit && last !== undefined;
  return {
    items: page.map(toJob),
    nextCursor: !more ? null : inQueueOrder ? encodeKeyset({ p: last.position, s: last.seq }) : encodeKeyset({ t: last.created_at, id: last.id }),
  };
}

/** A batch with its counts and the credits its jobs cost so far (measured or estimated; null when none is known). */
export interface BatchWithCost extends BatchWithCounts {
  creditsSpent: number | null;
}

/** Credits of each of these batches' jobs together (only batches with a known cost). */
export function creditsByBatch(db: LibraryDatabase, ids: readonly string[]): Map<string, number> {
  if (ids.length === 0) return new Map();
  const sql = `SELECT batch_id AS id, SUM(credits) AS credits FROM jobs WHERE batch_id IN (${placeholders(ids.length)}) AND credits IS NOT NULL GROUP BY batch_id`;
  return new Map(
    db
      .prepare<string[], { id: string; credits: number }>(sql)
      .all(...ids)
      .map((row) => [row.id, row.credits]),
  );
}

/** Adds counts and costs to batch rows, reading them for these batches only. */
function withCountsAndCost(db: LibraryDatabase, rows: readonly BatchRow[]): BatchWithCost[] {
  const ids = rows.map((row) => row.id);
  const counts = countJobsByBatch(db, ids);
  const credits = creditsByBatch(db, ids);
  return rows.map((row) => ({ ...toBatch(row), counts: counts.get(row.id) ?? emptyCounts(), creditsSpent: credits.get(row.id) ?? null }));
}

/** One page of batches, newest first (created_at, id), each with its counts and cost. */
export function listBatchesPage(
  db: LibraryDatabase,
  request: { statuses?: readonly BatchStatus[] | undefined; limit?: number | undefined; cursor?: string | null | undefined } = {},
): Page<BatchWithCost> {
  const limit = pageSize(request.limit);
  const where: string[] = [FINISHED_BATCH];
  const params: (string | number)[] = [];
  if (request.statuses !== undefined && request.statuses.length > 0) {
    where.push(`status IN (${placeholders(request.statuses.length)})`);
    params.push(...request.statuses);
  }
  if (request.cursor) {
    const after = decodeKeyset(newestKey, request.cursor);
    where.push('(created_at, id) < (?, ?)');
    params.push(after.t, after.id);
  }
  const sql = `SELECT * FROM batches WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ?`;
  const rows = db.prepare<unknown[], BatchRow>(sql).all(...params, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: withCountsAndCost(db, page),
    nextCursor: rows.length > limit && last !== undefined ? encodeKeyset({ t: last.created_at, id: last.id }) : null,
  };
}

export interface DaySpend {
  /** Start of the day (Unix ms), as the caller gave it. */
  start: number;
  /** Credits of the jobs submitted that day, measured or estimated. */
  credits: number;
  /** The part of `credits` measured from the balance. */
  measuredCredits: number;
  /** Jobs with a known cost submitted that day. */
  jobs: number;
}

/**
 * Credits spent per day, from the studio's own records (each job's measured or estimated cost, on
 * the day its latest submission began). `dayStarts` are the caller's local midnights, ascending;
 * the last day ends at `end`. Jobs of unknown cost are not counted.
 */
export function creditsPerDay(db: LibraryDatabase, dayStarts: readonly number[], end: number): DaySpend[] {
  if (dayStarts.length === 0) return [];
  const bounds = dayStarts.map((start, index) => [start, dayStarts[index + 1] ?? end] as const);
  const sql = `
    WITH days(start, finish) AS (VALUES ${bounds.map(() => '(?, ?)').join(', ')})
    SELECT d.start AS start, COALESCE(SUM(j.credits), 0) AS credits,
           COALESCE(SUM(CASE WHEN j.credits_measured = 1 THEN j.credits ELSE 0 END), 0) AS measuredCredits,
           COUNT(j.id) AS jobs
    FROM days d LEFT JOIN jobs j ON j.credits IS NOT NULL AND j.started_at >= d.start AND j.started_at < d.finish
    GROUP BY d.start ORDER BY d.start`;
  return db.prepare<number[], DaySpend>(sql).all(...bounds.flat());
}

export interface TypicalDuration {
  variantId: string;
  /** Median time from the start of the submission to the stored result, of the newest done jobs. */
  medianMs: number;
  /** How many finished jobs the median rests on. */
  samples: number;
}

/** How many of the newest finished jobs of a variant its typical duration looks at. */
const DURATION_SAMPLES = 20;

/** How long jobs of each of these variants took lately (variants without a finished job are left out). */
export function typicalDurations(db: LibraryDatabase, variantIds: readonly string[]): TypicalDuration[] {
  const statement = db.prepare<[string, number], { ms: number }>(
    `SELECT finished_at - started_at AS ms FROM jobs
     WHERE variant_id = ? AND state = 'done' AND started_at IS NOT NULL AND finished_at >= started_at
     ORDER BY finished_at DESC LIMIT ?`,
  );
  return [...new Set(variantIds)].flatMap((variantId) => {
    const durations = statement
      .all(variantId, DURATION_SAMPLES)
      .map((row) => row.ms)
      .sort((a, b) => a - b);
    if (durations.length === 0) return [];
    const middle = Math.floor(durations.length / 2);
    const median = durations.length % 2 === 1 ? (durations[middle] ?? 0) : ((durations[middle - 1] ?? 0) + (durations[middle] ?? 0)) / 2;
    return [{ variantId, medianMs: Math.round(median), samples: durations.length }];
  });
}
