/**
 * What stops when a submission cannot be paid for or sent. A batch that submits with a key minted
 * for it alone stops by itself (the other batches go on with the studio's key); otherwise the
 * whole queue pauses, since every other job would meet the same empty balance or dead connection.
 * The submitter and the queue decide with these; the queue carries the decision out.
 */
import type { LibraryDatabase } from '../library';
import { getBatch, type Batch, type Job } from './store';

/** What the queue does next: stop one batch (its waiting job carries the reason) or pause everything. */
export type SubmissionHalt = { kind: 'stop-batch'; batchId: string; jobId: string; reason: string } | { kind: 'pause-queue'; reason: string };

/** True when the batch submits with a key minted for it alone. */
function hasDedicatedKey(batch: Batch | undefined): batch is Batch {
  return batch?.options.dedicatedTokenId !== undefined;
}

/** True when the job's batch submits with a key minted for it alone. */
export function usesDedicatedKey(db: LibraryDatabase, job: Job): boolean {
  return job.batchId !== null && hasDedicatedKey(getBatch(db, job.batchId));
}

/** The gateway said there are no credits left for `job` (`message` is its reason, worded). */
export function whenOutOfCredits(db: LibraryDatabase, job: Job, message: string): SubmissionHalt {
  const batch = job.batchId === null ? undefined : getBatch(db, job.batchId);
  if (hasDedicatedKey(batch))
    return { kind: 'stop-batch', batchId: batch.id, jobId: job.id, reason: `The batch's dedicated key is out of credits: ${message}` };
  return { kind: 'pause-queue', reason: `Out of credits: ${message}` };
}

/** The gateway refused the batch's dedicated key (expired, revoked): only a new batch, with a new key, can go on. */
export function whenDedicatedKeyRefused(job: Job, message: string): SubmissionHalt | undefined {
  if (job.batchId === null) return undefined;
  return { kind: 'stop-batch', batchId: job.batchId, jobId: job.id, reason: `${message} Start a new batch to go on.` };
}

/** No client could be made for the job (no key for its profile, or the batch's key cannot be unsealed). */
export function whenNoConnection(batch: Batch | undefined, job: Job, message: string): SubmissionHalt {
  if (hasDedicatedKey(batch)) return { kind: 'stop-batch', batchId: batch.id, jobId: job.id, reason: message };
  return { kind: 'pause-queue', reason: `No connection to the gateway: ${message}` };
}
