import { createLogger } from '../log';

const log = createLogger('job-engine');

/**
 * Keeps every piece of background work the engine started (a submission, a poll, a download),
 * so `stop()` can wait for them and `waitForIdle()` knows whether something is still running.
 * A failure of a piece of work is logged here: the work itself records it on its job.
 */
export class WorkTracker {
  private readonly running = new Set<Promise<void>>();
  private readonly settledListeners: (() => void)[] = [];

  /** Starts `work` in the background and tracks it until it settles. */
  run(label: string, work: () => Promise<void>): void {
    const promise = (async () => {
      try {
        await work();
      } catch (error) {
        log.error(`${label} failed unexpectedly`, error);
      }
    })();
    this.running.add(promise);
    void promise.finally(() => {
      this.running.delete(promise);
      for (const listener of this.settledListeners) listener();
    });
  }

  /** Called each time a piece of work settles. */
  onSettled(listener: () => void): void {
    this.settledListeners.push(listener);
  }

  get size(): number {
    return this.running.size;
  }

  /** Resolves once everything running now (and anything it starts) has settled. */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

