/**
 * Callers waiting for the engine to have nothing left to do by itself (tests, the CLI, a clean
 * stop). The engine says what idle means and calls `check()` whenever that may have changed.
 */
export class IdleWaiters {
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly isIdle: () => boolean,
    private readonly describeWork: () => string,
  ) {}

  /** Resolves once idle; rejects after `timeoutMs` (when given) saying what is still going on. */
  wait(timeoutMs?: number): Promise<void> {
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const done = (): void => {
        if (timer) clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      this.waiters.add(done);
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          this.waiters.delete(done);
          reject(new Error(`The job engine was still busy after ${timeoutMs} ms: ${this.describeWork()}`));
        }, timeoutMs);
      }
      this.check();
    });
  }

  /** Releases every waiter when the engine is idle now. */
  check(): void {
    if (this.waiters.size === 0 || !this.isIdle()) return;
    for (const waiter of [...this.waiters]) waiter();
  }
}
