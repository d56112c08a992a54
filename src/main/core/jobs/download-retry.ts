/**
 * Trying one result until its address expires: each source in turn, then again ever more slowly
 * while a failure may pass. A result host that refuses the address has the task read again for a
 * fresh one (tried at once, once in a row); a refused key moves on to the account's other keys and
 * waits at least as long as a poll would for a usable key. The job shows why it waits and when it
 * tries next, kept across restarts.
 */
import type { NormalizedTask } from '../../../shared/gateway/task-record';
import { refusedForTheKey } from '../gateway/gateway-error';
import type { Clock } from '../lifecycle/clock';
import type { LibraryDatabase } from '../library';
import { createLogger } from '../log';
import type { PlannedResult, ResultPlan } from './download-plan';
import { latestTask } from './engine-queries';
import type { EngineEvents } from './events';
import { withAnyKey, type KeyedClients } from './key-fallback';
import { KEY_WAIT_MS } from './poller';
import { ResultFetchError, type ResultSource } from './result-fetch';
import { RESULT_LIFETIME_MS } from './result-validity';
import { getJob, recordPoll, updateJob, type Job, type JobWaitingFor } from './store';

const log = createLogger('downloader');

/** What the retries need from the downloader running them. */
export interface RetryContext extends KeyedClients {
  db: LibraryDatabase;
  events: EngineEvents;
  clock: Clock;
  /** Wait before the second try; doubles each time, up to `maxRetryDelayMs`. */
  retryDelayMs: number;
  maxRetryDelayMs: number;
  /** The downloader's current run (read at each use: a restart makes a new one). */
  signal(): AbortSignal;
  isStopped(): boolean;
  /** Fetches and stores the result from one source, with the `keyIndex`-th key after refusals. */
  store: (source: ResultSource, keyIndex: number) => Promise<void>;
  /** Waits until `at`, or until the job is asked to try now; returns early when stopped. */
  pauseUntil: (jobId: string, at: number) => Promise<void>;
}

/**
 * Stores one result, trying its sources in turn, and again with back-off while a failure may
 * pass, until the result's address expires. Throws the last failure when none may pass.
 */
export async function storeWithRetries(context: RetryContext, job: Job, plan: ResultPlan, item: PlannedResult): Promise<void> {
  const { clock } = context;
  let lastError: ResultFetchError | undefined;
  let keyIndex = 0;
  let justRefreshed = false;
  for (let round = 0; ; round++) {
    let mayPass = false;
    let refusedByHost = false;
    let keyRefused = false;
    for (const source of item.sources) {
      try {
        await context.store(source, keyIndex);
        if (round > 0) stopWaiting(context, job);
        return;
      } catch (error) {
        lastError = toFetchError(error, context.signal());
        if (lastError.reason === 'canceled') throw lastError;
        refusedByHost ||= lastError.reason === 'refused';
        keyRefused ||= lastError.reason === 'key';
        mayPass ||= lastError.reason === 'transient' || lastError.reason === 'refused' || lastError.reason === 'key';
      }
    }
    if (!mayPass || lastError === undefined) throw lastError ?? new ResultFetchError('The result has no source to download from.', 'permanent');
    if (plan.validUntil !== null && clock.now() >= plan.validUntil) throw expiredOnGateway(plan.validUntil, lastError);
    if (keyRefused) keyIndex += 1;
    let waitingFor: JobWaitingFor = keyRefused ? 'key' : 'download';
    if (refusedByHost && plan.taskId !== null) {
      const fresh = await freshAddress(context, job, plan, item);
      if (fresh === 'key') waitingFor = 'key';
      else if (fresh === 'fresh' && !justRefreshed) {
        // A fresh address is tried at once, but only once in a row: a host that refuses every address waits like any failure.
        justRefreshed = true;
        continue;
      }
      if (plan.validUntil !== null && clock.now() >= plan.validUntil) throw expiredOnGateway(plan.validUntil, lastError);
    }
    justRefreshed = false;
    const now = clock.now();
    const backoff = Math.min(context.retryDelayMs * 2 ** Math.min(round, 30), context.maxRetryDelayMs);
    const retryAt = Math.min(now + (waitingFor === 'key' ? Math.max(backoff, KEY_WAIT_MS) : backoff), plan.validUntil ?? Number.MAX_SAFE_INTEGER);
    startWaiting(context, job, waitingFor, lastError.message, retryAt);
    log.info(`job ${job.id}, result ${item.index}: ${lastError.message}; trying again in ${Math.round((retryAt - now) / 1000)} s`);
    await context.pauseUntil(job.id, retryAt);
    if (context.isStopped()) throw lastError;
  }
}

/**
 * Reads the task again for a fresh address after the result host refused the one it had.
 * `fresh`: a new address (or expiry) was recorded; `same`: the gateway gives the same one;
 * `key`: every key the studio holds was refused; `unavailable`: the gateway did not answer.
 */
async function freshAddress(context: RetryContext, job: Job, plan: ResultPlan, item: PlannedResult): Promise<'fresh' | 'same' | 'key' | 'unavailable'> {
  const task = latestTask(context.db, job.id);
  if (!task) return 'unavailable';
  let record: NormalizedTask;
  try {
    record = await withAnyKey(context, job, (client) => client.tasks.pollPath(task.pollRoute, task.family, { signal: context.signal() }));
  } catch (error) {
    if (context.isStopped()) return 'unavailable';
    return refusedForTheKey(error) ? 'key' : 'unavailable';
  }
  const url = record.resultUrls[item.index];
  const expiresAt = record.expiresAt === undefined ? task.expiresAt : record.expiresAt * 1000;
  const known = task.resultUrls[item.index];
  if (url === undefined || (url === known && expiresAt === task.expiresAt)) return 'same';
  const resultUrls = task.resultUrls.map((old, index) => record.resultUrls[index] ?? old);
  recordPoll(context.db, task.id, { resultUrls, expiresAt });
  plan.expiresAt = expiresAt;
  plan.validUntil = expiresAt ?? context.clock.now() + RESULT_LIFETIME_MS;
  item.sources = item.sources.map((source) => (source.kind === 'url' && source.url === known ? { kind: 'url', url } : source));
  log.info(`job ${job.id}, result ${item.index}: the gateway gave a fresh address`);
  return 'fresh';
}

/** The job shows why its download waits and when it tries again (kept across restarts). */
function startWaiting(context: RetryContext, job: Job, waitingFor: JobWaitingFor, message: string, retryAt: number): void {
  const current = getJob(context.db, job.id);
  const since = current?.waitingFor === waitingFor ? {} : { waitingSince: context.clock.now() };
  updateJob(context.db, job.id, ['downloading'], { waitingFor, waitingMessage: message, retryAt, ...since });
  context.events.jobsChanged(job.id);
}

function stopWaiting(context: RetryContext, job: Job): void {
  updateJob(context.db, job.id, ['downloading'], { waitingFor: null, waitingMessage: null, waitingSince: null, retryAt: null });
  context.events.jobsChanged(job.id);
}

/** The end of a result whose address expired while it could not be fetched. */
function expiredOnGateway(validUntil: number | null, last: ResultFetchError): ResultFetchError {
  const when = validUntil === null ? '' : ` on ${new Date(validUntil).toISOString()}`;
  return new ResultFetchError(`The result expired on the gateway${when} before it could be downloaded. Last problem: ${last.message}`, 'expired');
}

function toFetchError(error: unknown, signal: AbortSignal): ResultFetchError {
  if (error instanceof ResultFetchError) return error;
  if (signal.aborted) return new ResultFetchError('The download was stopped.', 'canceled');
  return new ResultFetchError(error instanceof Error ? error.message : String(error), 'permanent');
}
