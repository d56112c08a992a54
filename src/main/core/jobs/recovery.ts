/**
 * What `start()` does before anything runs, so a crash at any point is recoverable without a
 * silent duplicate: direct answers already staged to disk go on to their download; any other
 * job caught `submitting` becomes `unknown` (omni jobs are then reconciled by business id);
 * `downloading` jobs resume (results already stored are skipped); tasks of submitted and running
 * jobs resume polling; tasks of jobs that no longer wait for them are not polled.
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { onGatewayJobStates } from '../../../shared/jobs/job-states';
import { dateFolder, isTemporaryName, resolveInLibrary, THUMBS_FOLDER, type LibraryDatabase } from '../library';
import { listJobsInStates, recoverInterruptedSubmissions, transitionJob } from './store';
import { latestTask, orphanedPendingTaskIds, setTaskNextPoll, unscheduledLiveTaskIds } from './engine-queries';
import { STAGING_FOLDER, type ResultStaging } from './staging';

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

/** Removes half-written files (`.<random>.<name>.tmp`) a killed process left in these library folders. */
async function sweepTemporaryFiles(root: string, folders: Iterable<string>): Promise<void> {
  for (const folder of folders) {
    const path = resolveInLibrary(root, folder);
    const names = await readdir(path).catch(() => [] as string[]);
    for (const name of names.filter(isTemporaryName)) await rm(join(path, name), { force: true });
  }
}

/** Library folders a `downloading` job writes into (media, sidecars, thumbnails). */
async function foldersOf(db: LibraryDatabase, staging: ResultStaging, jobId: string): Promise<string[]> {
  const createdAt = latestTask(db, jobId)?.createdAt ?? (await staging.read({ jobId }))?.receivedAt;
  if (createdAt === undefined) return [];
  const folder = dateFolder(createdAt);
  return [folder, `${THUMBS_FOLDER}/${folder}`];
}

export async function recoverAfterRestart(db: LibraryDatabase, staging: ResultStaging, libraryRoot: string, now: number = db.now()): Promise<RecoveryReport> {
  const stagedResults: string[] = [];
  for (const job of listJobsInStates(db, ['submitting'])) {
    // A job with a task row got its answer; a direct one whose images are staged did too.
    if (latestTask(db, job.id) !== undefined) continue;
    if ((await staging.read({ jobId: job.id })) === undefined) continue;
    if (transitionJob(db, job.id, ['submitting'], 'downloading', { errorCode: null, errorMessage: null, answerStyle: 'direct' })) stagedResults.push(job.id);
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
  // Only one engine writes a library, so any temporary file in these folders is a crash's leftover.
  const folders = new Set([STAGING_FOLDER]);
  for (const jobId of downloads) for (const folder of await foldersOf(db, staging, jobId)) folders.add(folder);
  await sweepTemporaryFiles(libraryRoot, folders);
  const pendingTasks = listJobsInStates(db, onGatewayJobStates).length;
  return { unknown, stagedResults, downloads, pendingTasks };
}
