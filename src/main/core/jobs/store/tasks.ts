import { z } from 'zod';
import { pendingTaskStates, sqlStateList, type TaskState } from '../../../../shared/jobs/job-states';
import { parseJsonColumn, type LibraryDatabase } from '../../library';

const PENDING = sqlStateList(pendingTaskStates);

/** Poll families: they differ in cadence, deadline and in what a finished record carries. */
export type TaskFamily = 'image' | 'video' | 'character';

/** How the first of a task's two routes ended, while the second is asked (see migration 13). */
export type FirstAnswer = 'completed' | 'refused' | 'video-without-address';

/** A gateway task of a job and what the poller last learned about it. Times are Unix milliseconds. */
export interface Task {
  /** The gateway's task id. */
  id: string;
  jobId: string;
  family: TaskFamily;
  /** The path polled for this task, e.g. `/v1/images/generations/{id}`. */
  pollRoute: string;
  state: TaskState;
  progress: number | null;
  rawStatus: string | null;
  resultUrls: string[];
  expiresAt: number | null;
  nextPollAt: number | null;
  polls: number;
  deadlineAt: number | null;
  lastError: string | null;
  /** Set while the second of two routes is asked: how the first ended. */
  firstAnswer: FirstAnswer | null;
  createdAt: number;
  updatedAt: number;
}

export interface NewTask {
  id: string;
  jobId: string;
  family: TaskFamily;
  pollRoute: string;
  state?: TaskState;
  nextPollAt?: number | null;
  deadlineAt?: number | null;
  /** When the gateway accepted it (the clock `deadlineAt` was counted from); now when absent. */
  createdAt?: number;
}

/** What one poll learned. Fields left undefined keep their stored value; `polls` always counts up. */
export interface PollOutcome {
  state?: TaskState;
  progress?: number | null;
  rawStatus?: string | null;
  resultUrls?: readonly string[];
  expiresAt?: number | null;
  nextPollAt?: number | null;
  lastError?: string | null;
}

interface TaskRow {
  id: string;
  job_id: string;
  family: TaskFamily;
  poll_route: string;
  state: TaskState;
  progress: number | null;
  raw_status: string | null;
  result_urls: string;
  expires_at: number | null;
  next_poll_at: number | null;
  polls: number;
  deadline_at: number | null;
  last_error: string | null;
  first_answer: FirstAnswer | null;
  created_at: number;
  updated_at: number;
}

const resultUrlsSchema = z.array(z.string());

function toTask(row: TaskRow): Task {
  return {
    id: row.id,
    jobId: row.job_id,
    family: row.family,
    pollRoute: row.poll_route,
    state: row.state,
    progress: row.progress,
    rawStatus: row.raw_status,
    resultUrls: parseJsonColumn(resultUrlsSchema, row.result_urls, `tasks.result_urls of ${row.id}`),
    expiresAt: row.expires_at,
    nextPollAt: row.next_poll_at,
    polls: row.polls,
    deadlineAt: row.deadline_at,
    lastError: row.last_error,
    firstAnswer: row.first_answer,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Records a task the gateway accepted. Returns false if that task id is already recorded. */
export function insertTask(db: LibraryDatabase, input: NewTask): boolean {
  const now = db.now();
  const sql = `INSERT INTO tasks (id, job_id, family, poll_route, state, next_poll_at, deadline_at, created_at, updated_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`;
  const created = input.createdAt ?? now;
  const params = [
    input.id,
    input.jobId,
    input.family,
    input.pollRoute,
    input.state ?? 'queued',
    input.nextPollAt ?? null,
    input.deadlineAt ?? null,
    created,
    now,
  ];
  return db.prepare(sql).run(...params).changes === 1;
}

export function getTask(db: LibraryDatabase, id: string): Task | undefined {
  const row = db.prepare<[string], TaskRow>('SELECT * FROM tasks WHERE id = ?').get(id);
  return row && toTask(row);
}

/** A job's tasks, oldest first (a retried job has one per submission). */
export function listJobTasks(db: LibraryDatabase, jobId: string): Task[] {
  return db.prepare<[string], TaskRow>('SELECT * FROM tasks WHERE job_id = ? ORDER BY created_at, id').all(jobId).map(toTask);
}

/** Stores what a poll learned and counts the poll. Returns false when the task is unknown. */
export function recordPoll(db: LibraryDatabase, id: string, outcome: PollOutcome): boolean {
  const progress = outcome.progress == null ? outcome.progress : Math.min(100, Math.max(0, Math.round(outcome.progress)));
  const assignments: [string, unknown][] = [
    ['state', outcome.state],
    ['progress', progress],
    ['raw_status', outcome.rawStatus],
    ['result_urls', outcome.resultUrls && JSON.stringify(outcome.resultUrls)],
    ['expires_at', outcome.expiresAt],
    ['next_poll_at', outcome.nextPollAt],
    ['last_error', outcome.lastError],
  ];
  const given = assignments.filter(([, value]) => value !== undefined);
  const sets = given.map(([column]) => `, ${column} = ?`).join('');
  const sql = `UPDATE tasks SET polls = polls + 1, updated_at = ?${sets} WHERE id = ?`;
  return db.prepare(sql).run(db.now(), ...given.map(([, value]) => value), id).changes === 1;
}

/**
 * Moves a task to the second route it is asked on, once the first has answered: what the first
 * yielded (addresses, expiry) stays; the task is pending again with a fresh deadline.
 */
export function moveTaskToRoute(
  db: LibraryDatabase,
  id: string,
  move: {
    pollRoute: string;
    family: TaskFamily;
    firstAnswer: FirstAnswer;
    resultUrls: readonly string[];
    expiresAt: number | null;
    nextPollAt: number;
    deadlineAt: number;
  },
): boolean {
  const sql = `UPDATE tasks SET poll_route = ?, family = ?, first_answer = ?, result_urls = ?, expires_at = ?, state = 'running',
                 progress = NULL, raw_status = NULL, next_poll_at = ?, deadline_at = ?, last_error = NULL, polls = polls + 1, updated_at = ?
               WHERE id = ?`;
  const params = [
    move.pollRoute,
    move.family,
    move.firstAnswer,
    JSON.stringify(move.resultUrls),
    move.expiresAt,
    move.nextPollAt,
    move.deadlineAt,
    db.now(),
    id,
  ];
  return db.prepare(sql).run(...params).changes === 1;
}

/** Pending tasks whose next poll is due, soonest first. */
export function listDueTasks(db: LibraryDatabase, options: { now?: number; limit?: number } = {}): Task[] {
  const sql = `SELECT * FROM tasks WHERE state IN (${PENDING}) AND next_poll_at <= ? ORDER BY next_poll_at, id LIMIT ?`;
  return db
    .prepare<[number, number], TaskRow>(sql)
    .all(options.now ?? db.now(), options.limit ?? 100)
    .map(toTask);
}

/**
 * When the poller should next wake up: the earliest `next_poll_at` of a pending task, leaving out
 * `except` (tasks whose poll is out), or null. Walks the next-poll index in order, so the few
 * left out cost a step each.
 */
export function nextPollTime(db: LibraryDatabase, except: readonly string[] = []): number | null {
  const skip = except.length === 0 ? '' : ` AND id NOT IN (${except.map(() => '?').join(', ')})`;
  const sql = `SELECT next_poll_at AS at FROM tasks WHERE state IN (${PENDING}) AND next_poll_at IS NOT NULL${skip} ORDER BY next_poll_at LIMIT 1`;
  return db.prepare<string[], { at: number }>(sql).get(...except)?.at ?? null;
}

/** Every task still pending (to resume polling after a restart), oldest first. */
export function listPendingTasks(db: LibraryDatabase): Task[] {
  return db.prepare<[], TaskRow>(`SELECT * FROM tasks WHERE state IN (${PENDING}) ORDER BY created_at, id`).all().map(toTask);
}
