/**
 * What the user can do to jobs that are already in the engine: cancel, retry, resolve an
 * unknown outcome. Each says plainly what it did, and what it could not undo (a task the gateway
 * accepted is paid for; canceling only stops the studio from following it).
 */
import {
  isBatchOpen,
  isOnGateway,
  isRetryable,
  onGatewayJobStates,
  retryableJobStates,
  waitingJobStates,
  type JobState,
} from '../../../shared/jobs/job-states';
import type { LibraryDatabase } from '../library';
import { getBatch, getJob, insertJob, listBatchJobs, setBatchStatus, transitionJob, type Job } from './store';
import { latestTask, setTaskNextPoll } from './engine-queries';
import type { EngineEvents } from './events';

/** The engine refused an action (unknown id, wrong state); the message says why. */
export class JobActionError extends Error {
  constructor(
    message: string,
    readonly code: 'not_found' | 'invalid_state' | 'invalid_input',
  ) {
    super(message);
    this.name = 'JobActionError';
  }
}

export interface CancelReport {
  jobId: string;
  /** `pending`: the job is being submitted and will be canceled when the gateway answers. */
  outcome: 'canceled' | 'pending' | 'not-cancelable';
  message: string;
}

export interface JobActionDeps {
  db: LibraryDatabase;
  events: EngineEvents;
  cancelRequests: Set<string>;
}

export function cancelJob(deps: JobActionDeps, jobId: string): CancelReport {
  const { db, events } = deps;
  const job = getJob(db, jobId);
  if (!job) throw new JobActionError(`There is no job ${jobId}.`, 'not_found');
  const cancel = (from: readonly JobState[], message: string): CancelReport => {
    const moved = transitionJob(db, job.id, from, 'canceled', { errorCode: 'canceled', errorMessage: message, nextAttemptAt: null });
    events.jobsChanged(job.id);
    // The state moved under us (a poll or the submitter got there first): report what it is now.
    return moved ? { jobId, outcome: 'canceled', message } : cancelJob(deps, jobId);
  };
  switch (job.state) {
    case 'draft':
    case 'queued':
      return cancel(waitingJobStates, 'Canceled before it was sent; nothing was charged.');
    case 'submitting':
      deps.cancelRequests.add(job.id);
      return {
        jobId,
        outcome: 'pending',
        message: 'The job is being sent right now; it will be canceled as soon as the gateway answers. If the gateway accepts it, it is charged.',
      };
    case 'submitted':
    case 'running': {
      const task = latestTask(db, job.id);
      if (task) setTaskNextPoll(db, task.id, null);
      const which = task ? `task ${task.id}` : 'the task';
      return cancel(
        onGatewayJobStates,
        `Canceled. The gateway had already accepted ${which}, which cannot be un-paid; the studio stopped following it and will not download its result.`,
      );
    }
    case 'unknown':
      return cancel(['unknown'], 'Discarded. If the submission did reach the gateway, it may have been charged; its result will not be collected.');
    case 'downloading':
      return { jobId, outcome: 'not-cancelable', message: 'The result is already paid for and is being saved to the library; it cannot be canceled.' };
    default:
      return { jobId, outcome: 'not-cancelable', message: `The job has already ended (${job.state}).` };
  }
}

/** Cancels every job of a batch that can be canceled and marks the batch canceled. */
export function cancelBatch(deps: JobActionDeps, batchId: string): CancelReport[] {
  if (!getBatch(deps.db, batchId)) throw new JobActionError(`There is no batch ${batchId}.`, 'not_found');
  setBatchStatus(deps.db, batchId, 'canceled');
  const reports = listBatchJobs(deps.db, batchId).map((job) => cancelJob(deps, job.id));
  deps.events.batchChanged(batchId, null);
  return reports;
}

/** Puts a failed, canceled or expired job back in the queue (a new, paid submission). */
export function retryJob(deps: JobActionDeps, jobId: string): void {
  const { db, events } = deps;
  const job = getJob(db, jobId);
  if (!job) throw new JobActionError(`There is no job ${jobId}.`, 'not_found');
  if (!isRetryable(job.state)) {
    const hint = job.state === 'unknown' ? ' Resolve its unknown outcome instead (resubmit or discard).' : '';
    throw new JobActionError(`A ${job.state} job cannot be retried.${hint}`, 'invalid_state');
  }
  transitionJob(db, jobId, retryableJobStates, 'queued', { errorCode: null, errorMessage: null, nextAttemptAt: null });
  reopenBatch(deps, job.batchId);
  events.jobsChanged(jobId);
}

/**
 * A new job with the same request as one the gateway is still working on (a new, paid
 * submission, the artist's explicit choice): the first job keeps being followed, and whichever
 * finishes, its result is kept. The copy joins the same batch (which reopens) or none.
 */
export function submitAgain(deps: JobActionDeps, jobId: string): Job {
  const { db, events } = deps;
  const job = getJob(db, jobId);
  if (!job) throw new JobActionError(`There is no job ${jobId}.`, 'not_found');
  if (!isOnGateway(job.state)) {
    const hint = isRetryable(job.state) ? ' Retry it instead.' : job.state === 'unknown' ? ' Resolve its unknown outcome instead.' : '';
    throw new JobActionError(
      `Only a job the gateway is still working on can be submitted again as a new job; this one is ${job.state}.${hint}`,
      'invalid_state',
    );
  }
  const request = typeof job.request === 'object' && job.request !== null && !Array.isArray(job.request) ? { ...job.request } : {};
  // A business id names one submission; the copy gets its own when it is sent.
  Reflect.deleteProperty(request, 'client_business_id');
  const copy = db.transaction(() => {
    const inserted = insertJob(db, {
      batchId: job.batchId,
      variantId: job.variantId,
      model: job.model,
      pathParams: job.pathParams,
      request,
      prompt: job.prompt,
      profileId: job.profileId,
      state: 'queued',
    });
    reopenBatch(deps, job.batchId);
    return inserted;
  });
  if (copy.batchId === null) events.emit({ type: 'job.added', jobId: copy.id });
  else events.batchChanged(copy.batchId, null);
  events.jobsChanged(copy.id);
  return copy;
}

/**
 * The user's decision on a job whose submission may or may not have reached the gateway:
 * `resubmit` sends it again knowingly (both may be charged), `discard` gives it up.
 */
export function resolveUnknown(deps: JobActionDeps, jobId: string, choice: 'resubmit' | 'discard'): void {
  const { db, events } = deps;
  const job = getJob(db, jobId);
  if (!job) throw new JobActionError(`There is no job ${jobId}.`, 'not_found');
  if (job.state !== 'unknown') throw new JobActionError(`Only a job whose outcome is unknown can be resolved; this one is ${job.state}.`, 'invalid_state');
  if (choice === 'resubmit') {
    transitionJob(db, jobId, ['unknown'], 'queued', {
      errorCode: 'resubmitted',
      errorMessage: 'Sent again at your request; if the first submission reached the gateway, both are charged.',
      nextAttemptAt: null,
    });
    reopenBatch(deps, job.batchId);
  } else {
    transitionJob(db, jobId, ['unknown'], 'canceled', {
      errorCode: 'discarded',
      errorMessage: 'Discarded at your request. If the submission did reach the gateway, it may have been charged.',
    });
  }
  events.jobsChanged(jobId);
}

/** A batch that had finished becomes active again when one of its jobs goes back to the queue. */
export function reopenBatch(deps: JobActionDeps, batchId: string | null): void {
  if (batchId === null) return;
  const batch = getBatch(deps.db, batchId);
  if (batch && !isBatchOpen(batch.status)) {
    setBatchStatus(deps.db, batchId, 'active');
    deps.events.batchChanged(batchId, null);
  }
}

/** Ids of a batch's draft jobs, in queue order. */
export function draftJobIds(db: LibraryDatabase, batchId: string): string[] {
  return listBatchJobs(db, batchId)
    .filter((job) => job.state === 'draft')
    .map((job) => job.id);
}
