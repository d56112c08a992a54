/**
 * The timeline's logic as pure functions over plain data: how batches and single jobs merge
 * newest first from their two paged lists, which rows the virtualised list shows, how far a
 * batch has come, how long a job has run and may still run, and what a budget leaves.
 */
import { variantById } from '../../../../shared/catalog';
import type { AccountBalance, BatchView, JobView } from '../../../../shared/contract';
import { isRequestFault } from '../../entities/job-fault';
import { isActive, isBatchOpen, isCancelable, isOnGateway, isRetryable } from '../../../../shared/jobs/job-states';

/** A loaded part of a paged list: its items so far and whether more follow. */
export interface ListPart<T> {
  items: readonly T[];
  hasMore: boolean;
}

export type TimelineEntry = { kind: 'batch'; batch: BatchView } | { kind: 'job'; job: JobView };

/**
 * Batches and single jobs (jobs outside any batch), newest first. An item can be placed only
 * when no unloaded item of the other list could come before it: the list whose loaded end is
 * newer decides how far the timeline goes, and is the one to load next (`blocked`).
 */
export function mergeTimeline(batches: ListPart<BatchView>, singles: ListPart<JobView>): { entries: TimelineEntry[]; blocked: ('batches' | 'singles')[] } {
  const lastBatch = batches.items.at(-1);
  const lastSingle = singles.items.at(-1);
  // Everything older than the newest loaded end of a list with more pages waits for that list.
  // A list with more pages but none loaded yet holds everything back.
  const edge = (hasMore: boolean, last: { createdAt: number } | undefined): number => (!hasMore ? -Infinity : (last?.createdAt ?? Infinity));
  const horizon = Math.max(edge(batches.hasMore, lastBatch), edge(singles.hasMore, lastSingle));
  const blocked: ('batches' | 'singles')[] = [];
  if (batches.hasMore && (lastBatch === undefined || lastBatch.createdAt >= horizon)) blocked.push('batches');
  if (singles.hasMore && (lastSingle === undefined || lastSingle.createdAt >= horizon)) blocked.push('singles');
  const entries: TimelineEntry[] = [
    ...batches.items.filter((batch) => batch.createdAt >= horizon).map((batch) => ({ kind: 'batch' as const, batch })),
    ...singles.items.filter((job) => job.createdAt >= horizon).map((job) => ({ kind: 'job' as const, job })),
  ];
  entries.sort((a, b) => createdAtOf(b) - createdAtOf(a) || idOf(b).localeCompare(idOf(a)));
  return { entries, blocked };
}

const createdAtOf = (entry: TimelineEntry): number => (entry.kind === 'batch' ? entry.batch.createdAt : entry.job.createdAt);
const idOf = (entry: TimelineEntry): string => (entry.kind === 'batch' ? entry.batch.id : entry.job.id);

/** What the list knows of one open batch's jobs. */
export interface BatchJobsPart {
  jobs: readonly JobView[];
  /** `unloaded` until its first page is asked for. */
  status: 'unloaded' | 'loading' | 'ready' | 'error';
  hasMore: boolean;
}

export type TimelineRow =
  | { kind: 'batch'; key: string; batch: BatchView; open: boolean }
  /** `closesGroup`: the last row of an open batch (its box ends here). */
  | { kind: 'job'; key: string; job: JobView; inBatch: boolean; closesGroup: boolean }
  /** The end of an open batch's loaded jobs: loads the next page when it comes into view. */
  | { kind: 'batch-more'; key: string; batchId: string; status: BatchJobsPart['status'] | 'more' }
  /** The end of the timeline. */
  | { kind: 'end'; key: 'end'; status: 'more' | 'loading' | 'done' | 'empty' };

/** The rows of the virtualised list: a header per batch, its jobs when open, single jobs, and the end. */
export function timelineRows(
  entries: readonly TimelineEntry[],
  isOpen: (batch: BatchView) => boolean,
  jobsOf: (batchId: string) => BatchJobsPart,
  end: { hasMore: boolean; loading: boolean },
): TimelineRow[] {
  const rows: TimelineRow[] = [];
  for (const entry of entries) {
    if (entry.kind === 'job') {
      rows.push({ kind: 'job', key: `job:${entry.job.id}`, job: entry.job, inBatch: false, closesGroup: false });
      continue;
    }
    const { batch } = entry;
    const open = isOpen(batch);
    rows.push({ kind: 'batch', key: `batch:${batch.id}`, batch, open });
    if (!open) continue;
    const part = jobsOf(batch.id);
    const more = part.status !== 'ready' || part.hasMore;
    part.jobs.forEach((job, index) => {
      rows.push({ kind: 'job', key: `job:${job.id}`, job, inBatch: true, closesGroup: !more && index === part.jobs.length - 1 });
    });
    if (more) rows.push({ kind: 'batch-more', key: `more:${batch.id}`, batchId: batch.id, status: part.status === 'ready' ? 'more' : part.status });
  }
  const status = end.loading ? 'loading' : end.hasMore ? 'more' : entries.length === 0 ? 'empty' : 'done';
  rows.push({ kind: 'end', key: 'end', status });
  return rows;
}

/**
 * Open by default: batches still at work or stopped, those with a job of unknown outcome (it
 * waits for a decision), and the newest one; finished ones fold away.
 */
export function openByDefault(batch: BatchView, newest: boolean): boolean {
  return newest || isBatchOpen(batch.status) || (batch.counts.unknown ?? 0) > 0;
}

// How long a job has run and may still run is shared with Create's results.
export { durationParts, jobTiming, type JobTiming } from '../../entities/job-timing';

/** What a batch's budget leaves to spend, in credits. */
export type BudgetLeft =
  /** A key minted for the batch alone, capped at `cap`: what its jobs have not used yet. */
  | { kind: 'cap'; cap: number; left: number }
  /** A floor under the balance: what the balance holds above it; null while no balance was read. */
  | { kind: 'floor'; floor: number; left: number | null };

export function budgetLeft(batch: Pick<BatchView, 'creditBudget' | 'dedicatedKeyCredits' | 'creditsSpent'>, balance: AccountBalance | null): BudgetLeft | null {
  if (batch.dedicatedKeyCredits !== null) {
    return { kind: 'cap', cap: batch.dedicatedKeyCredits, left: Math.max(0, batch.dedicatedKeyCredits - (batch.creditsSpent ?? 0)) };
  }
  if (batch.creditBudget === null) return null;
  // The engine reads the user's balance when the key itself is unlimited; so does this.
  const remaining = balance === null ? null : balance.token.unlimited ? (balance.user?.remainCredits ?? null) : balance.token.remainCredits;
  return { kind: 'floor', floor: batch.creditBudget, left: remaining === null ? null : Math.max(0, remaining - batch.creditBudget) };
}

/** A job past the time its task usually takes, still followed: "still running on the gateway". */
export function stillRunningOnGateway(job: Pick<JobView, 'state' | 'overdueSince'>): boolean {
  return isOnGateway(job.state) && job.overdueSince !== null;
}

/** A paid job the studio keeps following while the gateway refuses the key: "waiting for a usable key". */
function waitingForKey(job: Pick<JobView, 'state' | 'waitingFor'>): boolean {
  return isActive(job.state) && job.waitingFor === 'key';
}

/** Which actions a job offers in its state (`now` decides whether its result is still valid on the gateway). */
export function jobActions(
  job: Pick<JobView, 'state' | 'errorCode' | 'assetIds' | 'overdueSince' | 'variantId' | 'waitingFor' | 'retryAt' | 'resultValidUntil'>,
  now: number = Date.now(),
): {
  cancel: boolean;
  /** The same request again: not after a refusal of the request itself, which would only be refused again. */
  retry: boolean;
  /** Create with the job's values and the reason, to change them and send again. */
  editRetry: boolean;
  resolve: boolean;
  open: boolean;
  /** Poll its task at once, and send it again as a new (paid) job: offered once it runs past its usual time. */
  checkNow: boolean;
  submitAgain: boolean;
  /** Ask the gateway whether an unknown job arrived: variants whose tasks can be found by business id (omni). */
  lookUp: boolean;
  /** Fetch the result again, free: a waiting download at once, a failed one while its result is still valid. */
  downloadAgain: boolean;
} {
  const late = stillRunningOnGateway(job);
  const findable = variantById(job.variantId)?.fields.some((field) => field.key === 'client_business_id') === true;
  return {
    cancel: isCancelable(job.state),
    retry: isRetryable(job.state) && !isRequestFault(job),
    editRetry: isRetryable(job.state),
    resolve: job.state === 'unknown',
    open: job.state === 'done' && job.assetIds.length > 0,
    checkNow: late || waitingForKey(job),
    submitAgain: late,
    lookUp: job.state === 'unknown' && findable,
    downloadAgain:
      (job.state === 'downloading' && job.waitingFor !== null) || (job.state === 'failed' && job.resultValidUntil !== null && now < job.resultValidUntil),
  };
}
