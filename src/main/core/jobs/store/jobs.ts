import { randomUUID } from 'node:crypto';
import { canTransition, isTerminal, sqlStateList, waitingJobStates, type JobState } from '../../../../shared/jobs/job-states';
import { buildMatchQuery, redactRequest, type LibraryDatabase } from '../../library';
import { presetToColumn } from '../../library/preset-column';
import { definedOnly, jobColumns, patchAssignments, toJob, type Job, type JobPatch, type JobRow, type NewJob } from './job-row';

/** The prompt of a request object, if it has a string one. */
function promptOf(request: unknown): string {
  if (typeof request !== 'object' || request === null || !('prompt' in request)) return '';
  return typeof request.prompt === 'string' ? request.prompt : '';
}

/** Adds a job at the end of its batch (state `queued` unless told `draft`). */
export function insertJob(db: LibraryDatabase, input: NewJob): Job {
  const now = db.now();
  const id = input.id ?? randomUUID();
  const batchId = input.batchId ?? null;
  const request = redactRequest(input.request);
  db.prepare(
    `INSERT INTO jobs (id, batch_id, position, variant_id, model, request, path_params, prompt, state, client_business_id, profile_id, next_attempt_at, preset, created_at, updated_at)
     VALUES (?, ?, (SELECT COALESCE(MAX(position) + 1, 0) FROM jobs WHERE batch_id IS ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    batchId,
    batchId,
    input.variantId,
    input.model,
    JSON.stringify(request),
    JSON.stringify(input.pathParams ?? {}),
    input.prompt ?? promptOf(request),
    input.state ?? 'queued',
    input.clientBusinessId ?? null,
    input.profileId ?? null,
    input.nextAttemptAt ?? null,
    presetToColumn(input.preset),
    now,
    now,
  );
  return getJobOrThrow(db, id);
}

/** Adds many jobs in one transaction (a batch fan-out): all or none. */
export function insertJobs(db: LibraryDatabase, inputs: readonly NewJob[]): Job[] {
  return db.transaction(() => inputs.map((input) => insertJob(db, input)));
}

export function getJob(db: LibraryDatabase, id: string): Job | undefined {
  const row = db.prepare<[string], JobRow>(`SELECT ${jobColumns} FROM jobs WHERE id = ?`).get(id);
  return row && toJob(row);
}

function getJobOrThrow(db: LibraryDatabase, id: string): Job {
  const job = getJob(db, id);
  if (!job) throw new Error(`Job ${id} vanished while it was being written.`);
  return job;
}

/** The job that sent this `client_business_id` (omni reconciliation). */
export function findJobByClientBusinessId(db: LibraryDatabase, clientBusinessId: string): Job | undefined {
  const row = db.prepare<[string], JobRow>(`SELECT ${jobColumns} FROM jobs WHERE client_business_id = ?`).get(clientBusinessId);
  return row && toJob(row);
}

/** A batch's jobs in queue order. */
export function listBatchJobs(db: LibraryDatabase, batchId: string): Job[] {
  return db.prepare<[string], JobRow>(`SELECT ${jobColumns} FROM jobs WHERE batch_id = ? ORDER BY position, seq`).all(batchId).map(toJob);
}

/** Jobs in any of these states, oldest first (e.g. everything to resume after a restart). */
export function listJobsInStates(db: LibraryDatabase, states: readonly JobState[]): Job[] {
  if (states.length === 0) return [];
  return db
    .prepare<JobState[], JobRow>(`SELECT ${jobColumns} FROM jobs WHERE state IN (${placeholders(states.length)}) ORDER BY seq`)
    .all(...states)
    .map(toJob);
}

/**
 * Queued jobs that may be submitted now, in the order the queue should take them: jobs outside a
 * batch first, then batches oldest first, each in its own order. Jobs of paused, done or
 * canceled batches and jobs waiting for `next_attempt_at` are left out.
 */
export function listRunnableJobs(db: LibraryDatabase, options: { now?: number; limit?: number } = {}): Job[] {
  const now = options.now ?? db.now();
  const limit = options.limit ?? 100;
  const columns = jobColumns
    .split(', ')
    .map((c) => `j.${c}`)
    .join(', ');
  const due = `j.state = 'queued' AND (j.next_attempt_at IS NULL OR j.next_attempt_at <= ?)`;
  // Each walk follows a partial index in the queue's order (migration 030) and stops at the limit:
  // sorting every queued job at each call cost 2-4 ms a turn with a batch of 1,000 queued.
  const inOrder = db.prepare<[string | null, number, number], JobRow>(
    `SELECT ${columns} FROM jobs j INDEXED BY jobs_queued_in_order WHERE j.batch_id IS ? AND ${due} ORDER BY j.position, j.seq LIMIT ?`,
  );
  const rows = inOrder.all(null, now, limit);
  const activeBatches = db.prepare<[], { id: string }>(
    `SELECT id FROM batches INDEXED BY batches_active_by_age WHERE status = 'active' ORDER BY created_at, id`,
  );
  for (const { id } of activeBatches.all()) {
    if (rows.length >= limit) break;
    rows.push(...inOrder.all(id, now, limit - rows.length));
  }
  return rows.map(toJob);
}

/**
 * How many jobs in `states` there are per model or per batch (jobs outside a batch are not
 * counted per batch): what the queue checks against its concurrency caps.
 */
export function countJobsBy(db: LibraryDatabase, by: 'model' | 'batch', states: readonly JobState[]): Map<string, number> {
  if (states.length === 0) return new Map();
  const column = by === 'model' ? 'model' : 'batch_id';
  // A download waiting for its next try (the result host failed) loads nothing: it holds no slot.
  const sql = `SELECT ${column} AS k, COUNT(*) AS n FROM jobs WHERE state IN (${placeholders(states.length)}) AND ${column} IS NOT NULL
               AND (waiting_for IS NULL OR waiting_for <> 'download') GROUP BY ${column}`;
  return new Map(
    db
      .prepare<JobState[], { k: string; n: number }>(sql)
      .all(...states)
      .map((row) => [row.k, row.n]),
  );
}

/**
 * Moves a job from one of `from` to `to` and applies `patch`, in one compare-and-set UPDATE:
 * nothing happens unless the job is currently in one of `from`. Returns whether it moved.
 * Entering `submitting` counts an attempt and stamps `started_at`; entering `submitted` stamps
 * `submitted_at` (unless patched); a terminal state stamps `finished_at`, any other state clears
 * it. A move that sets an error code without its gateway text clears the old text.
 * Throws when a move is not in the transition table (a caller bug, not a race).
 */
export function transitionJob(db: LibraryDatabase, id: string, from: readonly JobState[], to: JobState, patch: JobPatch = {}): boolean {
  if (from.length === 0) throw new Error('transitionJob needs at least one state to move from.');
  for (const state of from) {
    if (!canTransition(state, to)) throw new Error(`A job cannot move from ${state} to ${to}.`);
  }
  const now = db.now();
  const auto: JobPatch = {
    finishedAt: isTerminal(to) ? now : null,
    ...(to === 'submitting' ? { startedAt: now } : {}),
    ...(to === 'submitted' ? { submittedAt: now } : {}),
    ...(patch.errorCode !== undefined ? { gatewayMessage: null } : {}),
    // Whatever the job waited for is over once it moves.
    waitingFor: null,
    waitingMessage: null,
    waitingSince: null,
    retryAt: null,
  };
  const { sets, values } = patchAssignments({ ...auto, ...definedOnly(patch) });
  const attempts = to === 'submitting' ? ', attempts = attempts + 1' : '';
  const sql = `UPDATE jobs SET state = ?, updated_at = ?${attempts}${sets} WHERE id = ? AND state IN (${placeholders(from.length)})`;
  return db.prepare(sql).run(to, now, ...values, id, ...from).changes === 1;
}

/** Applies `patch` without moving the job, only while it is in one of `states`. Returns whether it applied. */
export function updateJob(db: LibraryDatabase, id: string, states: readonly JobState[], patch: JobPatch): boolean {
  if (states.length === 0) return false;
  const { sets, values } = patchAssignments(definedOnly(patch));
  const sql = `UPDATE jobs SET updated_at = ?${sets} WHERE id = ? AND state IN (${placeholders(states.length)})`;
  return db.prepare(sql).run(db.now(), ...values, id, ...states).changes === 1;
}

/** Changes what a draft or queued job will send. Returns false once the job has been picked up. */
export function editJobRequest(db: LibraryDatabase, id: string, change: { request: unknown; model?: string; variantId?: string; prompt?: string }): boolean {
  const request = redactRequest(change.request);
  const sql = `UPDATE jobs SET request = ?, prompt = ?, model = COALESCE(?, model), variant_id = COALESCE(?, variant_id), updated_at = ?
               WHERE id = ? AND state IN (${sqlStateList(waitingJobStates)})`;
  return (
    db.prepare(sql).run(JSON.stringify(request), change.prompt ?? promptOf(request), change.model ?? null, change.variantId ?? null, db.now(), id).changes === 1
  );
}

/** Puts a batch's jobs in this order; ids not in the batch are rejected, missing ones keep their relative order after. */
export function reorderJobs(db: LibraryDatabase, batchId: string, orderedIds: readonly string[]): void {
  db.transaction(() => {
    const current = listBatchJobs(db, batchId).map((job) => job.id);
    const known = new Set(current);
    const stranger = orderedIds.find((id) => !known.has(id));
    if (stranger !== undefined) throw new Error(`Job ${stranger} is not in batch ${batchId}.`);
    const named = new Set(orderedIds);
    const order = [...new Set(orderedIds), ...current.filter((id) => !named.has(id))];
    const update = db.prepare('UPDATE jobs SET position = ? WHERE id = ?');
    order.forEach((id, position) => update.run(position, id));
  });
}

/** Deletes a job and its tasks; its assets stay in the library. */
export function deleteJob(db: LibraryDatabase, id: string): boolean {
  return db.prepare('DELETE FROM jobs WHERE id = ?').run(id).changes === 1;
}

/**
 * After a crash or restart: a job still `submitting` may or may not have reached the gateway,
 * so it becomes `unknown` (never silently resubmitted). Returns the ids it moved.
 */
export function recoverInterruptedSubmissions(db: LibraryDatabase): string[] {
  return db.transaction(() => {
    const stuck = listJobsInStates(db, ['submitting']);
    return stuck
      .filter((job) =>
        transitionJob(db, job.id, ['submitting'], 'unknown', {
          errorCode: 'interrupted',
          errorMessage: 'The app stopped while this job was being submitted; it may or may not have reached the gateway.',
        }),
      )
      .map((job) => job.id);
  });
}

/** Jobs whose prompt matches `text`, newest first. */
export function searchJobs(db: LibraryDatabase, text: string, options: { limit?: number; batchId?: string } = {}): Job[] {
  const match = buildMatchQuery(text);
  if (match === null) return [];
  const batchClause = options.batchId === undefined ? '' : 'AND batch_id = ?';
  const sql = `SELECT ${jobColumns} FROM jobs WHERE seq IN (SELECT rowid FROM job_search WHERE job_search MATCH ?) ${batchClause}
               ORDER BY created_at DESC, seq DESC LIMIT ?`;
  const params = [match, ...(options.batchId === undefined ? [] : [options.batchId]), options.limit ?? 50];
  return db
    .prepare<unknown[], JobRow>(sql)
    .all(...params)
    .map(toJob);
}

function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}
