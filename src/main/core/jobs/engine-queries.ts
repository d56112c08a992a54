/**
 * The few queries the engine needs that the library store does not offer: rescheduling a task
 * without counting a poll, the next retry time of the queue, and what is still in motion.
 */
import { activeJobStates, onGatewayJobStates, pendingTaskStates, sqlStateList, type JobState } from '../../../shared/jobs/job-states';
import type { LibraryDatabase } from '../library';
import { countJobsBy, listJobTasks, type Task } from './store';

const PENDING_TASKS = sqlStateList(pendingTaskStates);
const ON_GATEWAY = sqlStateList(onGatewayJobStates);

/** Moves a task's next poll (null stops polling it) without counting a poll. */
export function setTaskNextPoll(db: LibraryDatabase, taskId: string, at: number | null): void {
  db.prepare('UPDATE tasks SET next_poll_at = ?, updated_at = ? WHERE id = ?').run(at, db.now(), taskId);
}

/** The earliest future retry time of a queued job that would be runnable then, or null. */
export function earliestQueuedRetry(db: LibraryDatabase, now: number): number | null {
  const sql = `SELECT MIN(j.next_attempt_at) AS at FROM jobs j LEFT JOIN batches b ON b.id = j.batch_id
               WHERE j.state = 'queued' AND j.next_attempt_at > ? AND (j.batch_id IS NULL OR b.status = 'active')`;
  return db.prepare<[number], { at: number | null }>(sql).get(now)?.at ?? null;
}

/** True when some queued job is runnable now or later (outside paused, finished or canceled batches). */
export function hasRunnableQueuedJobs(db: LibraryDatabase): boolean {
  const sql = `SELECT 1 FROM jobs j LEFT JOIN batches b ON b.id = j.batch_id
               WHERE j.state = 'queued' AND (j.batch_id IS NULL OR b.status = 'active') LIMIT 1`;
  return db.prepare<[]>(sql).get() !== undefined;
}

/** How many jobs are in these states. */
export function countJobsInStates(db: LibraryDatabase, states: readonly JobState[]): number {
  if (states.length === 0) return 0;
  const sql = `SELECT COUNT(*) AS n FROM jobs WHERE state IN (${states.map(() => '?').join(', ')})`;
  return db.prepare<JobState[], { n: number }>(sql).get(...states)?.n ?? 0;
}

export interface ActiveCounts {
  total: number;
  byModel: Map<string, number>;
  byBatch: Map<string, number>;
}

/** Jobs holding a concurrency slot, in total, per model and per batch. */
export function activeCounts(db: LibraryDatabase): ActiveCounts {
  const byModel = countJobsBy(db, 'model', activeJobStates);
  const byBatch = countJobsBy(db, 'batch', activeJobStates);
  let total = 0;
  for (const n of byModel.values()) total += n;
  return { total, byModel, byBatch };
}

/** The job's most recent task (a resubmitted job has one per accepted submission). */
export function latestTask(db: LibraryDatabase, jobId: string): Task | undefined {
  const tasks = listJobTasks(db, jobId);
  return tasks.reduce<Task | undefined>((latest, task) => (latest === undefined || task.createdAt >= latest.createdAt ? task : latest), undefined);
}

/** Pending tasks of jobs that no longer wait for them (canceled, failed...): they must not be polled. */
export function orphanedPendingTaskIds(db: LibraryDatabase): string[] {
  const sql = `SELECT t.id AS id FROM tasks t JOIN jobs j ON j.id = t.job_id
               WHERE t.state IN (${PENDING_TASKS}) AND t.next_poll_at IS NOT NULL
                 AND j.state NOT IN (${ON_GATEWAY})`;
  return db
    .prepare<[], { id: string }>(sql)
    .all()
    .map((row) => row.id);
}

/** Pending latest tasks of submitted or running jobs that have no next poll (resumed after a restart). */
export function unscheduledLiveTaskIds(db: LibraryDatabase): string[] {
  const sql = `SELECT t.id AS id, t.job_id AS jobId FROM tasks t JOIN jobs j ON j.id = t.job_id
               WHERE t.state IN (${PENDING_TASKS}) AND t.next_poll_at IS NULL AND j.state IN (${ON_GATEWAY})`;
  return db
    .prepare<[], { id: string; jobId: string }>(sql)
    .all()
    .filter((row) => latestTask(db, row.jobId)?.id === row.id)
    .map((row) => row.id);
}

/** Jobs in flight waiting for a usable key (their task's polls, or their download, were refused because of the key). */
export function jobsWaitingForKey(db: LibraryDatabase): { id: string; state: JobState }[] {
  const sql = `SELECT id, state FROM jobs WHERE waiting_for = 'key' AND state IN (${sqlStateList(activeJobStates)})`;
  return db.prepare<[], { id: string; state: JobState }>(sql).all();
}
