/**
 * The job and batch a result came from, as its detail view shows them. The job engine owns those
 * tables (`jobs/store/`); the library only reads these few columns of the same database.
 */
import type { AssetDetail } from '../../../shared/contract';
import type { JobState } from '../../../shared/jobs/job-states';
import type { LibraryDatabase } from './library-database';

interface OriginRow {
  id: string;
  state: JobState;
  attempts: number;
  created_at: number;
  submitted_at: number | null;
  finished_at: number | null;
  credits: number | null;
  credits_measured: number;
  answer_style: 'direct' | 'summary' | 'task' | null;
  batch_id: string | null;
  batch_name: string | null;
}

/** The job (and its batch) of a result, or nulls when the job is gone (a library restored from its sidecars). */
export function assetOrigin(db: LibraryDatabase, jobId: string | null): Pick<AssetDetail, 'job' | 'batch'> {
  if (jobId === null) return { job: null, batch: null };
  const sql = `SELECT j.id, j.state, j.attempts, j.created_at, j.submitted_at, j.finished_at, j.credits, j.credits_measured, j.answer_style,
                      b.id AS batch_id, b.name AS batch_name
               FROM jobs j LEFT JOIN batches b ON b.id = j.batch_id WHERE j.id = ?`;
  const row = db.prepare<[string], OriginRow>(sql).get(jobId);
  if (!row) return { job: null, batch: null };
  return {
    job: {
      id: row.id,
      state: row.state,
      attempts: row.attempts,
      createdAt: row.created_at,
      submittedAt: row.submitted_at,
      finishedAt: row.finished_at,
      creditsSpent: row.credits,
      creditsMeasured: row.credits_measured === 1,
      answerStyle: row.answer_style,
    },
    batch: row.batch_id !== null && row.batch_name !== null ? { id: row.batch_id, name: row.batch_name } : null,
  };
}

/** True when the library database still holds this job. */
export function jobExists(db: LibraryDatabase, jobId: string): boolean {
  return db.prepare<[string]>('SELECT 1 FROM jobs WHERE id = ?').get(jobId) !== undefined;
}
