// Counts the jobs the engine still works on, from the contract's job views and events, for the
// badge, the tray, the close decision and the quit window. Pure: fed by the shell's event listener.
import type { BatchView, JobStateView, JobView } from '../../shared/contract';
import { batchOutcome, isAccepted, isActive, isPending } from '../../shared/jobs/job-states';

export class JobTally {
  private readonly states = new Map<string, JobStateView>();

  /** Records the latest state of each job (from `jobs.list_jobs` at start, then `jobs.changed`). */
  apply(jobs: readonly Pick<JobView, 'id' | 'state'>[]): void {
    for (const job of jobs) {
      if (isPending(job.state)) this.states.set(job.id, job.state);
      else this.states.delete(job.id);
    }
  }

  /** Jobs queued or in flight: the badge and "jobs running" count. */
  get pending(): number {
    return this.states.size;
  }

  /** Generation requests on the wire right now. */
  get submitting(): number {
    return [...this.states.values()].filter((s) => s === 'submitting').length;
  }

  /** Jobs past submission and not yet finished (they resume after a restart). */
  get inFlight(): number {
    return [...this.states.values()].filter((s) => isActive(s) && isAccepted(s)).length;
  }
}

/**
 * Decides which batch events deserve a system notification: a batch that just finished, once,
 * and only while the window is not in front (the window shows it already).
 */
export class BatchNotices {
  private readonly finished = new Set<string>();

  /** Returns the outcome to announce, or undefined. Call for every `jobs.batch_changed`. */
  consider(batch: BatchView, windowFocused: boolean): { name: string; done: number; failed: number } | undefined {
    if (batch.status !== 'done') {
      this.finished.delete(batch.id);
      return undefined;
    }
    if (this.finished.has(batch.id)) return undefined;
    this.finished.add(batch.id);
    const { done, failed } = batchOutcome(batch.counts);
    return windowFocused ? undefined : { name: batch.name, done, failed };
  }

  /** Batches already finished when the shell starts are not news. */
  remember(batches: readonly BatchView[]): void {
    for (const batch of batches) if (batch.status === 'done') this.finished.add(batch.id);
  }
}
