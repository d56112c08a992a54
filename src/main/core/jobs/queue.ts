/**
 * The submission queue: takes runnable jobs in order (jobs outside batches, then batches oldest
 * first, each in its own order) and submits them while the global, per-model and per-batch
 * concurrency caps allow. A job holds a slot from `submitting` until its results are stored.
 * The queue can be paused as a whole (persisted) or per batch; budgeted batches are checked
 * against the live balance before each submission and stop with a clear reason. One timer wakes
 * it for delayed retries and after a 429 slowdown.
 */
import { DEFAULT_CONCURRENCY } from '../../../shared/contract';
import type { GatewayClient } from '../gateway/client';
import { createLogger } from '../log';
import type { LibraryDatabase } from '../library';
import {
  getBatch,
  listRunnableJobs,
  readQueueState,
  setBatchNote,
  setBatchStatus,
  updateJob,
  writeQueueState,
  type Batch,
  type Job,
  type QueueState,
} from './store';
import type { BatchKeys } from './batch-keys';
import { isBudgeted, type BatchBudgets } from './budget';
import type { CostMeter } from './cost-meter';
import { activeCounts, earliestQueuedRetry, hasRunnableQueuedJobs } from './engine-queries';
import type { EngineEvents } from './events';
import { retryDelay, type RetryLimits } from './outcome';
import type { RateGate } from './rate-gate';
import { whenNoConnection, type SubmissionHalt } from './out-of-credits';
import type { JobSubmitter } from './submitter';
import type { WorkTracker } from './work-tracker';
import { abortedWith, type Clock } from '../lifecycle/clock';
import { DisposableStore } from '../lifecycle/disposable';
import { RunOnceScheduler } from '../lifecycle/scheduler';
import { TurnShare } from '../lifecycle/turn-budget';

const log = createLogger('queue');

/**
 * Jobs launched in one turn of the event loop. Each launch reads its job and builds its request
 * at once; a thousand in one turn held the loop (and every window call) for most of a second,
 * and 16 still took 15-30 ms of a turn on a busy machine (each launch's first steps run in the same turn).
 * Fewer once the turn's budget is spent (`turnBudget`).
 */
const LAUNCHES_PER_TURN = 8;
/** Queued jobs read per turn (each row parsed): enough to find those to launch past jobs held back by a model's or a batch's cap. */
const CANDIDATES_PER_TURN = 32;

export interface QueueLimits {
  /** Jobs in flight at once (submitting to downloading), across everything. */
  maxActive: number;
  /** Jobs in flight at once per model id. */
  maxActivePerModel: number;
}

export const DEFAULT_QUEUE_LIMITS: QueueLimits = { ...DEFAULT_CONCURRENCY };

export interface QueueDeps {
  db: LibraryDatabase;
  events: EngineEvents;
  tracker: WorkTracker;
  gate: RateGate;
  budgets: BatchBudgets;
  keys: BatchKeys;
  submitter: JobSubmitter;
  costs: CostMeter;
  limits: QueueLimits;
  retry: RetryLimits;
  profileClient: (profileId: string | null) => Promise<GatewayClient>;
  clock: Clock;
}

export class JobQueue {
  /** Wakes the queue for delayed retries and when the rate gate opens; one per run. */
  private timer: RunOnceScheduler | undefined;
  /** The timer of a run (start to stop); submissions listen to their own signal, aborted only by `abortSubmissions`. */
  private run = DisposableStore.disposed();
  private submissions = DisposableStore.disposed();
  private pumpScheduled = false;
  private readonly share = new TurnShare();
  /** Jobs picked but not yet `submitting` (their budget check or connection is under way). */
  private readonly launching = new Map<string, { model: string; batchId: string | null }>();
  private readonly budgetBusy = new Set<string>();
  /** Jobs from their launch until their submission is answered (a cost measurement waits for none). */
  private readonly outstanding = new Set<string>();
  private submitSignal = abortedWith(this.submissions);
  private pauseState: QueueState;

  constructor(private readonly deps: QueueDeps) {
    this.pauseState = readQueueState(deps.db);
  }

  start(): void {
    this.run = new DisposableStore();
    this.timer = this.run.add(new RunOnceScheduler(() => this.pump(), 0, this.deps.clock));
    this.submissions = new DisposableStore();
    this.submitSignal = abortedWith(this.submissions);
    this.pump();
  }

  /** Stops taking jobs; submissions already out continue until `abortSubmissions`. */
  stop(): void {
    this.run.dispose();
  }

  /** Aborts submissions still out (they end `unknown` if they may have reached the gateway). */
  abortSubmissions(): void {
    this.submissions.dispose();
  }

  private get stopped(): boolean {
    return this.run.isDisposed;
  }

  get paused(): boolean {
    return this.pauseState.paused;
  }

  /** The caps in force; `setLimits` changes them while the queue runs. */
  get limits(): QueueLimits {
    return { ...this.deps.limits };
  }

  /** New caps (the concurrency setting): more jobs start at once if they now may; jobs in flight are never stopped. */
  setLimits(limits: Partial<QueueLimits>): void {
    this.deps.limits = { ...this.deps.limits, ...limits };
    this.pump();
  }

  /** Why the queue is paused, when the engine paused it (out of credits, no connection). */
  get pauseReason(): string | null {
    return this.pauseState.reason;
  }

  /** Pauses the whole queue (kept in the library across restarts); `reason` when the engine pauses it by itself. */
  pause(reason: string | null = null): void {
    this.pauseState = { paused: true, reason };
    if (this.deps.db.isOpen) writeQueueState(this.deps.db, this.pauseState);
    this.deps.events.emit({ type: 'queue.changed', paused: true, reason });
  }

  resume(): void {
    this.pauseState = { paused: false, reason: null };
    if (this.deps.db.isOpen) writeQueueState(this.deps.db, this.pauseState);
    this.deps.events.emit({ type: 'queue.changed', paused: false, reason: null });
    this.pump();
  }

  /** Pauses a batch on the engine's own account, saying why (the waiting job carries the reason too). */
  stopBatch(batchId: string, reason: string, jobId?: string): void {
    const { db } = this.deps;
    // Status, note and the waiting job change together, or not at all.
    const stopped = db.transaction(() => {
      // A batch the user paused or canceled meanwhile keeps the user's status.
      if (getBatch(db, batchId)?.status !== 'active') return false;
      setBatchStatus(db, batchId, 'paused');
      setBatchNote(db, batchId, reason);
      if (jobId !== undefined) updateJob(db, jobId, ['queued'], { errorCode: 'batch_stopped', errorMessage: reason });
      return true;
    });
    if (!stopped) return;
    if (jobId !== undefined) this.deps.events.jobsChanged(jobId);
    log.warn(`batch ${batchId} stopped: ${reason}`);
    this.deps.events.batchChanged(batchId, reason);
  }

  /** Stops a batch or pauses the queue, as the out-of-credits policy decided. */
  private halt(halt: SubmissionHalt): void {
    if (halt.kind === 'stop-batch') this.stopBatch(halt.batchId, halt.reason, halt.jobId);
    else this.pause(halt.reason);
  }

  /** Looks for jobs to submit on the next turn (coalesced). */
  pump(): void {
    if (this.pumpScheduled || this.stopped) return;
    this.pumpScheduled = true;
    // On a later turn instead when this one's budget is already spent.
    setImmediate(() =>
      this.share.runInTurn((spent) => {
        this.pumpScheduled = false;
        this.pumpNow(spent);
      }),
    );
  }

  private pumpNow(spent: () => boolean): void {
    // While a job's cost is being measured nothing else is submitted; its end pumps again.
    if (this.stopped || !this.deps.db.isOpen || this.paused || this.deps.costs.busy) return;
    const { db, gate, limits, costs } = this.deps;
    if (gate.waitMs() > 0) {
      this.wakeAt(gate.opensAt);
      return;
    }
    // Nothing queued (a thousand tasks polled, say): no need to count the jobs in flight.
    if (!hasRunnableQueuedJobs(db)) return;
    const counts = activeCounts(db);
    let total = counts.total + this.launching.size;
    const perModel = new Map(counts.byModel);
    const perBatch = new Map(counts.byBatch);
    for (const { model, batchId } of this.launching.values()) {
      perModel.set(model, (perModel.get(model) ?? 0) + 1);
      if (batchId !== null) perBatch.set(batchId, (perBatch.get(batchId) ?? 0) + 1);
    }
    const now = this.deps.clock.now();
    const batches = new Map<string, Batch | undefined>();
    // When every slot is taken there is nothing to read; a finishing job pumps again.
    const candidates = total >= limits.maxActive ? [] : listRunnableJobs(db, { now, limit: CANDIDATES_PER_TURN });
    let launched = 0;
    for (const job of candidates) {
      if (total >= limits.maxActive) break;
      if (launched >= LAUNCHES_PER_TURN || (launched > 0 && spent())) {
        this.pump();
        break;
      }
      if (this.launching.has(job.id) || (perModel.get(job.model) ?? 0) >= limits.maxActivePerModel) continue;
      let batch: Batch | undefined;
      if (job.batchId !== null) {
        if (!batches.has(job.batchId)) batches.set(job.batchId, getBatch(db, job.batchId));
        batch = batches.get(job.batchId);
        const cap = batch?.options.concurrency;
        if (cap !== undefined && (perBatch.get(job.batchId) ?? 0) >= cap) continue;
        if (isBudgeted(batch) && this.budgetBusy.has(batch.id)) continue;
      }
      if (costs.wantsMeasurement(job)) {
        // Measured alone, once the submissions out are answered (each one pumps when it is).
        if (this.outstanding.size === 0) this.launch(job, batch, true);
        break;
      }
      this.launch(job, batch);
      launched += 1;
      total += 1;
      perModel.set(job.model, (perModel.get(job.model) ?? 0) + 1);
      if (job.batchId !== null) perBatch.set(job.batchId, (perBatch.get(job.batchId) ?? 0) + 1);
    }
    const retryAt = earliestQueuedRetry(db, now);
    if (retryAt !== null) this.wakeAt(retryAt);
  }

  private wakeAt(at: number): void {
    this.timer?.scheduleAt(at);
  }

  private launch(job: Job, batch: Batch | undefined, measured = false): void {
    const budgeted = isBudgeted(batch);
    this.launching.set(job.id, { model: job.model, batchId: job.batchId });
    this.outstanding.add(job.id);
    if (budgeted) this.budgetBusy.add(batch.id);
    this.deps.tracker.run(`submission of job ${job.id}`, async () => {
      try {
        await this.prepareAndSubmit(job, batch, measured);
      } finally {
        this.launching.delete(job.id);
        this.outstanding.delete(job.id);
        if (budgeted) this.budgetBusy.delete(batch.id);
        this.pump();
      }
    });
  }

  private async prepareAndSubmit(job: Job, batch: Batch | undefined, measured: boolean): Promise<void> {
    const { budgets, submitter } = this.deps;
    let client: GatewayClient;
    try {
      client = this.deps.keys.clientFor(batch, await this.deps.profileClient(job.profileId));
    } catch (error) {
      this.halt(whenNoConnection(batch, job, error instanceof Error ? error.message : String(error)));
      return;
    }
    if (isBudgeted(batch)) {
      const signal = this.submitSignal;
      try {
        const verdict = await budgets.check(batch, job.model, client, job.profileId, signal);
        if (!verdict.ok) {
          this.stopBatch(batch.id, verdict.reason, job.id);
          return;
        }
      } catch (error) {
        if (signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        updateJob(this.deps.db, job.id, ['queued'], {
          errorCode: 'budget_unchecked',
          errorMessage: `The balance could not be read to check the budget (${message}); will try again.`,
          nextAttemptAt: this.deps.clock.now() + retryDelay(job.attempts + 1, this.deps.retry),
        });
        this.deps.events.jobsChanged(job.id);
        return;
      }
    }
    // The user may have paused the queue or the batch while the connection or the balance was read.
    if (this.stopped || this.paused || (job.batchId !== null && getBatch(this.deps.db, job.batchId)?.status !== 'active')) return;
    const signal = this.submitSignal;
    const submit = async (): Promise<void> => {
      const halt = await submitter.submit(job.id, client, signal, () => {
        this.launching.delete(job.id);
        if (batch) budgets.submitted(batch.id, job.model);
      });
      if (halt) this.halt(halt);
    };
    if (measured) await this.deps.costs.measure(job, client, signal, submit);
    else {
      await submit();
      await this.deps.costs.price(job.id);
    }
  }
}
