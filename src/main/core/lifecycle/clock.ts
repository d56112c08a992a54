/**
 * Time for the background services: `now()` and timers, injected so that a test can move time on
 * (a virtual clock) instead of waiting for it. The app uses `systemClock`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { setMaxListeners } from 'node:events';
import { toDisposable, type Disposable, type DisposableStore } from './disposable';

export interface Clock {
  /** The time in Unix milliseconds. */
  now(): number;
  /** Runs `callback` once, `delayMs` from now; disposing the timer cancels it. */
  setTimeout(callback: () => void, delayMs: number): Disposable;
}

/** Node fires longer timeouts at once; a wait that long is split (the scheduler re-arms). */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/** Real time and Node's timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(callback, delayMs) {
    const handle = setTimeout(callback, Math.min(Math.max(0, delayMs), LONGEST_TIMEOUT_MS));
    return toDisposable(() => clearTimeout(handle));
  },
};

/** Where the work running now reports its waits on a clock (see `reportingPauses`). */
const pauseReporter = new AsyncLocalStorage<(pause: Promise<void>) => void>();

/**
 * Runs `work` with every `sleep` it comes to, however deep (a gateway client's wait between two
 * attempts), handed to `report` as it starts: the job engine learns that its work is waiting for
 * time to pass, which a test on a virtual clock then moves on.
 */
export function reportingPauses<T>(report: (pause: Promise<void>) => void, work: () => T): T {
  return pauseReporter.run(report, work);
}

/** Resolves `delayMs` from now on `clock`; an abort cancels the timer and resolves at once (the caller checks the signal). */
export function sleep(clock: Clock, delayMs: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  const pause = new Promise<void>((resolve) => {
    const done = (): void => {
      timer.dispose();
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = clock.setTimeout(done, delayMs);
    signal?.addEventListener('abort', done, { once: true });
  });
  pauseReporter.getStore()?.(pause);
  return pause;
}

/**
 * An abort signal for a service's whole life: aborted when `store` is disposed. Many requests and
 * waits listen to it at once, which is expected here, so Node's listener-leak warning is lifted.
 */
export function abortedWith(store: DisposableStore): AbortSignal {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  store.addCallback(() => controller.abort());
  return controller.signal;
}
