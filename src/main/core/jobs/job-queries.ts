/**
 * The job engine's read side: jobs, batches, pages of them, what a batch would cost and how long
 * jobs take, the keys the studio created and where the queue stands. Nothing here changes a row
 * or wakes a service, so the window can ask as often as it draws.
 */
import { pendingJobStates, type BatchStatus } from '../../../shared/jobs/job-states';
import type { CostEstimate } from '../../../shared/contract';
import { listCreatedKeys, type LibraryDatabase } from '../library';
import { estimateBatchCost } from './cost-estimate';
import { countJobsInStates } from './engine-queries';
import type { BatchDetail, EngineJobInput } from './engine-types';
import { jobDetail, type JobDetail } from './events';
import type { JobQueue, QueueLimits } from './queue';
import {
  batchJobCounts,
  creditsByBatch,
  getBatch,
  listBatchesPage,
  listJobsPage,
  typicalDurations,
  type JobPageRequest,
  type Page,
  type TypicalDuration,
} from './store';

export class JobQueries {
  constructor(
    private readonly db: LibraryDatabase,
    private readonly queue: Pick<JobQueue, 'paused' | 'pauseReason' | 'limits'>,
  ) {}

  job(jobId: string): JobDetail | undefined {
    return jobDetail(this.db, jobId);
  }

  /** A batch with its job counts and the credits its jobs cost so far. */
  batch(batchId: string): BatchDetail | undefined {
    const batch = getBatch(this.db, batchId);
    return batch && { ...batch, counts: batchJobCounts(this.db, batchId), creditsSpent: creditsByBatch(this.db, [batchId]).get(batchId) ?? null };
  }

  /** A page of batches, newest first, with their job counts, costs and the engine's note on why one stopped. */
  batchesPage(request: { statuses?: readonly BatchStatus[]; limit?: number; cursor?: string | null } = {}): Page<BatchDetail> {
    return listBatchesPage(this.db, request);
  }

  /** A page of jobs: a batch's in queue order, any other selection newest first. */
  jobsPage(request: JobPageRequest): Page<JobDetail> {
    const page = listJobsPage(this.db, request);
    return { items: page.items.flatMap((row) => jobDetail(this.db, row.id) ?? []), nextCursor: page.nextCursor };
  }

  /** What these jobs would cost, from measured jobs of the same kind on this profile (see cost-meter.ts). */
  estimateCost(jobs: readonly EngineJobInput[], profileId: string | null): CostEstimate {
    return estimateBatchCost(this.db, jobs, profileId);
  }

  /** How long jobs of these variants took lately: what the timeline's estimates rest on. */
  typicalDurations(variantIds: readonly string[]): TypicalDuration[] {
    return typicalDurations(this.db, variantIds);
  }

  /** The keys this studio created on gateways, newest first (never the secret). */
  createdKeys(): ReturnType<typeof listCreatedKeys> {
    return listCreatedKeys(this.db);
  }

  /** How many jobs are waiting, being sent, running or saving (the Timeline badge). */
  get activeJobCount(): number {
    return this.db.isOpen ? countJobsInStates(this.db, pendingJobStates) : 0;
  }

  get paused(): boolean {
    return this.queue.paused;
  }

  /** Why the queue is paused when the engine paused it itself (out of credits, no connection). */
  get pauseReason(): string | null {
    return this.queue.pauseReason;
  }

  /** The queue's caps in force. */
  get concurrency(): QueueLimits {
    return this.queue.limits;
  }
}
