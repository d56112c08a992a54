import type { Migration } from './migration';

/**
 * Earlier versions gave up on a task at its deadline and failed its job (`deadline`), although
 * the gateway could still finish it and had been paid. Such a job is followed again: its task is
 * polled (slowly, being past its deadline) until the gateway says finished, failed or expired.
 * Only a job whose latest task is the one it gave up on (the task kept the same message). A
 * batch that had finished because of it is active again while the job runs.
 */
export const deadlineJobsFollowed: Migration = {
  version: 14,
  name: 'deadline jobs followed again',
  up(db) {
    const now = Date.now();
    const given = `SELECT t.id FROM tasks t JOIN jobs j ON j.id = t.job_id
                   WHERE j.state = 'failed' AND j.error_code = 'deadline' AND t.state = 'failed' AND t.last_error = j.error_message
                     AND t.created_at = (SELECT MAX(created_at) FROM tasks WHERE job_id = j.id)`;
    const taskIds = db
      .prepare<[], { id: string }>(given)
      .all()
      .map((row) => row.id);
    const reopenTask = db.prepare(`UPDATE tasks SET state = 'running', next_poll_at = ?, last_error = NULL, updated_at = ? WHERE id = ?`);
    const reopenJob = db.prepare(
      `UPDATE jobs SET state = 'running', error_code = NULL, error_message = NULL, finished_at = NULL, updated_at = ?
       WHERE id = (SELECT job_id FROM tasks WHERE id = ?) AND state = 'failed'`,
    );
    const reopenBatch = db.prepare(
      `UPDATE batches SET status = 'active', updated_at = ? WHERE status = 'done' AND id = (SELECT batch_id FROM jobs WHERE id = (SELECT job_id FROM tasks WHERE id = ?))`,
    );
    for (const id of taskIds) {
      reopenTask.run(now, now, id);
      reopenJob.run(now, id);
      reopenBatch.run(now, id);
    }
  },
};
