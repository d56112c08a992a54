/**
 * What `start()` does before anything runs, so a crash at any point is recoverable without a
 * silent duplicate: direct answers already staged to disk go on to their download; any other
 * job caught `submitting` becomes `unknown` (omni jobs are then reconciled by business id);
 * `downloading` jobs resume (results already stored are skipped); tasks of submitted and running
 * jobs resume polling; tasks of jobs that no longer wait for them are not polled.
 */
import { listJobsInStates, recoverInterruptedSubmissions, transitionJob, type LibraryDatabase } from '../library';
import { orphanedPendingTaskIds, setTaskNextPoll, unscheduledLiveTaskIds } from './engine-queries';
import { latestTask } from './engine-queries';
import type { ResultStaging } from './staging';

/** What recovery found and did. */
export interface RecoveryReport {
  /** Jobs caught mid-submission whose outcome is unknown now. */
  unknown: string[];
  /** Direct answers that had been staged before the crash, now downloading. */
  stagedResults: string[];
  /** Jobs whose downloads resume. */
  downloads: string[];
  /** Tasks whose polling resumes. */
  pendingTasks: number;
}

export async function recoverAfterRestart(db: LibraryDatabase, staging: ResultStaging, now: number = Date.now()): Promise<RecoveryReport> {
  const stagedResults: string[] = [];
  for (const job of listJobsInStates(db, ['submitting'])) {
    // A job with a task row got its answer; a direct one whose images are staged did too.
    if (latestTask(db, job.id) !== undefined) continue;
    if ((await staging.read({ jobId: job.id })) === undefined) continue;
    if (transitionJob(db, job.id, ['submitting'], 'downloading', { errorCode: null, errorMessage: null })) stagedResults.push(job.id);
  }
  for (const job of listJobsInStates(db, ['submitting'])) {
    const task = latestTask(db, job.id);
    // The task row and the `submitted` write share a transaction; this only guards older rows.
    if (task && task.state !== 'completed' && task.state !== 'failed') transitionJob(db, job.id, ['submitting'], 'submitted');
  }
  const unknown = recoverInterruptedSubmissions(db);
  for (const taskId of orphanedPendingTaskIds(db)) setTaskNextPoll(db, taskId, null);
  const live = unscheduledLiveTaskIds(db);
  for (const taskId of live) setTaskNextPoll(db, taskId, now);
  const downloads = listJobsInStates(db, ['downloading']).map((job) => job.id);
  const pendingTasks = listJobsInStates(db, ['submitted', 'running']).length;
  return { unknown, stagedResults, downloads, pendingTasks };
}
