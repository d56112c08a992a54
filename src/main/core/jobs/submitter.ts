/**
 * Submits one queued job, writing each step before the network step it precedes:
 * `queued -> submitting` (written) -> POST -> `submitted` with its task row (one transaction),
 * or, for direct answers, the images staged to disk -> `downloading`. The answer's own style
 * decides which (the gateway picks the channel, not the variant); the task row remembers the
 * route of the family that answered. A failed POST ends as the outcome rules say
 * (`outcome.ts`): back to the queue when the gateway provably did not take it, `unknown` when it
 * may have (an unreadable 200 keeps an excerpt of what came back), `failed` when it refused.
 */
import type { VariantEntry } from '../../../shared/catalog';
import type { GatewayClient } from '../gateway/client';
import { directAnswerCap, type PreparedRequest, type SubmitResult } from '../gateway/generation';
import { GatewayError } from '../gateway/gateway-error';
import { createLogger } from '../log';
import type { LibraryDatabase } from '../library';
import { editJobRequest, getJob, getTask, insertTask, transitionJob, type Job } from './store';
import { timingForPoll, type PollTimingOverrides } from './cadence';
import type { EngineEvents } from './events';
import type { GroupedWrites } from './grouped-writes';
import { businessIdFor, BUSINESS_ID_FIELD, entryOf, supportsBusinessId, wireRequestOf } from './job-request';
import { classifySubmitError, type RetryLimits } from './outcome';
import type { RateGate } from './rate-gate';
import type { ResultStaging } from './staging';
import { cancelJob } from './job-actions';
import { usesDedicatedKey, whenDedicatedKeyRefused, whenOutOfCredits, type SubmissionHalt } from './out-of-credits';
import type { TaskPoller } from './poller';
import type { ResultDownloader } from './downloader';
import type { UnknownReconciler } from './reconciler';

const log = createLogger('submitter');

export interface SubmitterDeps {
  db: LibraryDatabase;
  /** Where claims and task records are committed, one flush for those made together (durable). */
  writes: GroupedWrites;
  events: EngineEvents;
  staging: ResultStaging;
  gate: RateGate;
  retry: RetryLimits;
  timings: PollTimingOverrides;
  /** The largest image accepted: with the request's count it caps what its answer may weigh. */
  maxImageBytes: number;
  /** Jobs the user canceled while their POST was out; they are canceled once the task id is known. */
  cancelRequests: Set<string>;
  /** Who follows a submission on: the poller a task, the downloader staged images, the reconciler an unknown outcome. */
  followers: SubmissionFollowers;
}

interface SubmissionFollowers {
  poller: Pick<TaskPoller, 'wake'>;
  downloader: Pick<ResultDownloader, 'enqueue'>;
  reconciler: Pick<UnknownReconciler, 'wake'>;
}

export class JobSubmitter {
  constructor(private readonly deps: SubmitterDeps) {}

  /**
   * Submits `jobId` with `client` if it is still queued. `onClaimed` runs as soon as the
   * `submitting` write is committed (the queue counts the job as active from then on). Resolves
   * with what must stop when the gateway refused for want of credits or a usable key.
   */
  async submit(jobId: string, client: GatewayClient, signal: AbortSignal, onClaimed: () => void): Promise<SubmissionHalt | undefined> {
    const { db, events } = this.deps;
    const job = getJob(db, jobId);
    if (job?.state !== 'queued') return;
    const entry = entryOf(job);
    if (!entry) {
      this.failQueued(job, 'unknown_variant', `The studio no longer knows the model variant ${job.variantId}.`);
      return;
    }
    const request = wireRequestOf(job);
    const businessId = supportsBusinessId(entry) ? businessIdFor(job, request.body[BUSINESS_ID_FIELD]) : null;
    if (businessId !== null) request.body[BUSINESS_ID_FIELD] = businessId;
    let prepared: PreparedRequest;
    try {
      // The last look: the catalog's check, as the form and batch creation made it.
      prepared = client.generation.prepareRequest(entry, request);
    } catch (error) {
      this.failQueued(job, 'invalid_request', error instanceof Error ? error.message : String(error));
      return;
    }
    // Claims made together (a pump launches many jobs at once) share one commit, flushed before any POST.
    const claimed = await this.deps.writes.run(() => {
      if (businessId !== null && businessId !== job.clientBusinessId) {
        editJobRequest(db, job.id, { request: { ...(job.request as object), [BUSINESS_ID_FIELD]: businessId }, prompt: job.prompt });
      }
      return transitionJob(db, job.id, ['queued'], 'submitting', {
        clientBusinessId: businessId ?? undefined,
        errorCode: null,
        errorMessage: null,
        nextAttemptAt: null,
        answerStyle: null,
        rawAnswer: null,
      });
    });
    onClaimed();
    if (!claimed) return;
    events.jobsChanged(job.id);
    let result: SubmitResult;
    try {
      result = await client.generation.send(prepared, { signal, maxAnswerBytes: directAnswerCap(this.deps.maxImageBytes, prepared.body) });
    } catch (error) {
      return this.failed(job, error);
    }
    this.deps.gate.succeeded();
    if (result.style !== result.expected && result.expected !== 'detect') {
      log.info(`job ${job.id}: ${entry.id} usually answers ${result.expected}; this answer was ${result.style}, followed as such`);
    }
    await this.accepted(job, entry, result);
    events.jobsChanged(job.id);
  }

  private failQueued(job: Job, code: string, message: string): void {
    transitionJob(this.deps.db, job.id, ['queued'], 'failed', { errorCode: code, errorMessage: message });
    this.deps.events.jobsChanged(job.id);
  }

  private async accepted(job: Job, entry: VariantEntry, result: SubmitResult): Promise<void> {
    const { db } = this.deps;
    const answerStyle = result.style;
    switch (result.style) {
      case 'task': {
        const taskId = result.task.taskId;
        const family = result.poll.cadence;
        // A slower request (a 4K tier) gets its own longer deadline from the catalog.
        const timing = timingForPoll(result.poll, family, this.deps.timings, job.request);
        const now = this.deps.db.now();
        const recorded = await this.deps.writes.run(() => {
          const inserted = insertTask(db, {
            id: taskId,
            jobId: job.id,
            family,
            pollRoute: result.pollPath,
            nextPollAt: now + timing.initialDelayMs,
            deadlineAt: now + timing.deadlineMs,
            createdAt: now,
          });
          const owner = inserted ? job.id : getTask(db, taskId)?.jobId;
          if (owner !== job.id) {
            transitionJob(db, job.id, ['submitting'], 'unknown', {
              errorCode: 'task_id_clash',
              errorMessage: `The gateway answered with task id ${taskId}, which already belongs to another job; this job's outcome is unknown.`,
              answerStyle,
            });
            return false;
          }
          return transitionJob(db, job.id, ['submitting'], 'submitted', { errorCode: null, errorMessage: null, answerStyle });
        });
        if (!recorded) return;
        this.deps.followers.poller.wake();
        if (this.deps.cancelRequests.delete(job.id)) cancelJob(this.deps, job.id);
        return;
      }
      case 'direct': {
        const results = result.images.map((image) => ({
          ...(image.b64 === undefined ? {} : { b64: image.b64 }),
          ...(image.url === undefined ? {} : { url: image.url }),
          ...(image.revisedPrompt === undefined ? {} : { revisedPrompt: image.revisedPrompt }),
        }));
        if (results.length === 0) {
          transitionJob(db, job.id, ['submitting'], 'failed', {
            errorCode: 'no_result',
            errorMessage: 'The gateway answered without any image; what came back is kept with the job.',
            answerStyle,
            rawAnswer: result.rawAnswer ?? null,
          });
          return;
        }
        try {
          await this.deps.staging.write({ jobId: job.id }, { receivedAt: this.deps.db.now(), results });
        } catch (error) {
          const message = `The images arrived but could not be written to the library folder (${(error as Error).message}).`;
          transitionJob(db, job.id, ['submitting'], 'failed', { errorCode: 'write_failed', errorMessage: message, answerStyle });
          return;
        }
        this.deps.cancelRequests.delete(job.id);
        if (transitionJob(db, job.id, ['submitting'], 'downloading', { errorCode: null, errorMessage: null, answerStyle })) {
          this.deps.followers.downloader.enqueue(job.id);
        }
        return;
      }
      case 'summary': {
        const { summary } = result;
        const described = [
          summary.data_count === undefined ? undefined : `${summary.data_count} image(s)`,
          summary.b64_length === undefined ? undefined : `${summary.b64_length} Base64 characters`,
          summary.reason,
        ].filter((part) => part !== undefined && part !== '');
        const message =
          `The gateway answered this edit with a summary only${described.length > 0 ? ` (${described.join(', ')})` : ''}; ` +
          'it sends no image data, so nothing could be added to the library.';
        this.deps.cancelRequests.delete(job.id);
        transitionJob(db, job.id, ['submitting'], 'done', {
          errorCode: 'summary_only',
          errorMessage: message,
          answerStyle,
          revisedPrompt: summary.revised_prompt?.trim() ? summary.revised_prompt : null,
        });
        return;
      }
    }
  }

  private failed(job: Job, error: unknown): SubmissionHalt | undefined {
    const { db, events } = this.deps;
    const attempts = job.attempts + 1;
    let decision = classifySubmitError(error, attempts, this.deps.retry);
    // Nothing was done with a key the gateway refused; the batch's own key may have run past its expiry.
    const keyRefused = decision.action === 'fail' && error instanceof GatewayError && error.status === 401 && usesDedicatedKey(db, job);
    if (keyRefused)
      decision = {
        action: 'out-of-credits',
        code: 'batch_stopped',
        message: `The batch's dedicated key was refused (expired or revoked): ${decision.message}`,
      };
    // The gateway's own words, kept apart from the studio's explanation (the window shows both).
    const gatewayMessage = error instanceof GatewayError ? (error.gatewayMessage ?? null) : null;
    const cancelWanted = this.deps.cancelRequests.delete(job.id);
    log.warn(`job ${job.id} (attempt ${attempts}): ${decision.action} (${decision.code})`);
    let halt: SubmissionHalt | undefined;
    switch (decision.action) {
      case 'fail':
        transitionJob(db, job.id, ['submitting'], 'failed', { errorCode: decision.code, errorMessage: decision.message, gatewayMessage });
        break;
      case 'retry':
        if (decision.rateLimited) this.deps.gate.rateLimited(decision.delayMs);
        transitionJob(db, job.id, ['submitting'], 'queued', {
          errorCode: decision.code,
          errorMessage: `${decision.message} Will try again.`,
          gatewayMessage,
          nextAttemptAt: this.deps.db.now() + decision.delayMs,
        });
        break;
      case 'unknown': {
        const rawAnswer = error instanceof GatewayError ? (error.rawAnswer ?? null) : null;
        const message = rawAnswer === null ? decision.message : `${decision.message} What came back is kept with the job.`;
        if (
          transitionJob(db, job.id, ['submitting'], 'unknown', { errorCode: decision.code, errorMessage: message, gatewayMessage, rawAnswer }) &&
          !cancelWanted
        ) {
          this.deps.followers.reconciler.wake();
        }
        break;
      }
      case 'out-of-credits':
        transitionJob(db, job.id, ['submitting'], 'queued', { errorCode: decision.code, errorMessage: decision.message, gatewayMessage, nextAttemptAt: null });
        if (cancelWanted) break;
        halt = keyRefused ? whenDedicatedKeyRefused(job, decision.message) : whenOutOfCredits(db, job, decision.message);
        break;
    }
    if (cancelWanted) {
      // The user canceled while the POST was out and no task came of it: cancel it where the decision left it (a failed job stays failed).
      const landed = decision.action === 'unknown' ? 'unknown' : 'queued';
      const note = landed === 'unknown' ? ' It may have reached the gateway and been charged.' : '';
      if (decision.action !== 'fail') {
        transitionJob(db, job.id, [landed], 'canceled', { errorCode: 'canceled', errorMessage: `Canceled during submission.${note}`, nextAttemptAt: null });
      }
    }
    events.jobsChanged(job.id);
    return halt;
  }
}
