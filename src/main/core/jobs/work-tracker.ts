import { reportingPauses } from '../lifecycle/clock';
import { createLogger } from '../log';

const log = createLogger('job-engine');

/**
 * Keeps every piece of background work the engine started (a submission, a poll, a download),
 * so `stop()` can wait for them and `waitForIdle()` knows whether something is still running.
 * A failure of a piece of work is logged here: the work itself records it on its job.
 */
export class WorkTracker {
  /**
   * @param countPauses Whether pauses on the clock are counted (`quiet`), for a test's virtual
   *   clock. With real time nobody moves the clock on, and counting needs an AsyncLocalStorage,
   *   which on Node 20 turns on promise hooks for the whole process: every promise of main (each
   *   request, query and write) then costs about twice as much.
   */
  constructor(private readonly countPauses = true) {}

  private readonly running = new Set<Promise<void>>();
  private readonly settledListeners: (() => void)[] = [];
  /** Operations now waiting on the engine's clock (a retry's pause), which only time moving on ends. */
  private parked = 0;
  private readonly parkListeners = new Set<() => void>();

  /**
   * Starts `work` in the background and tracks it until it settles. Each `sleep` it comes to (its
   * own retry pauses, a gateway client's) counts it as parked while the sleep lasts, when pauses are counted.
   */
  run(label: string, work: () => Promise<void>): void {
    const guarded = async (): Promise<void> => {
      try {
        await work();
      } catch (error) {
        log.error(`${label} failed unexpectedly`, error);
      }
    };
    const promise = this.countPauses ? reportingPauses((pause) => void this.park(pause), guarded) : guarded();
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

  /** Waits for `wait`, a pause on the engine's clock, with the operation counted as parked meanwhile. */
  private async park<T>(wait: Promise<T>): Promise<T> {
    this.parked += 1;
    for (const listener of [...this.parkListeners]) listener();
    try {
      return await wait;
    } finally {
      this.parked -= 1;
    }
  }

  /**
   * Resolves once every operation has finished or is parked on the clock, and the turns after
   * (the queue's pump, the events' flush) started nothing new: with a virtual clock, the moment
   * to move time on.
   */
  async quiet(): Promise<void> {
    for (;;) {
      await nextTurn();
      await nextTurn();
      if (this.running.size <= this.parked) return;
      let parkedNow: () => void = () => undefined;
      const parked = new Promise<void>((resolve) => {
        parkedNow = resolve;
        this.parkListeners.add(resolve);
      });
      await Promise.race([Promise.race([...this.running]), parked]);
      this.parkListeners.delete(parkedNow);
    }
  }

  /** Resolves once everything running now (and anything it starts) has settled. */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
