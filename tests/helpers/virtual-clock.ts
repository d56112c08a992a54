/**
 * Virtual time for the job engine and the demo gateway: a `Clock` on @sinonjs/fake-timers that
 * moves only when the test moves it. `runUntil` lets the engine do all it can at the present
 * moment (real sockets, real SQLite), then jumps to the next timer, again and again, so minutes
 * of engine time pass in milliseconds and no deadline depends on how loaded the machine is.
 */
import { createClock } from '@sinonjs/fake-timers';
import type { Clock } from '../../src/main/core/lifecycle/clock';
import { toDisposable, type Disposable } from '../../src/main/core/lifecycle/disposable';

/** Where virtual time starts: a fixed, recent moment (rows and keys carry plausible dates). */
const VIRTUAL_EPOCH = Date.UTC(2026, 0, 1, 9, 0, 0);

export class VirtualClock implements Clock {
  private readonly fake;
  private readonly setListeners = new Set<() => void>();

  constructor(start: number = VIRTUAL_EPOCH) {
    this.fake = createClock(start, 100_000);
  }

  now(): number {
    return this.fake.now;
  }

  setTimeout(callback: () => void, delayMs: number): Disposable {
    const id = this.fake.setTimeout(callback, Math.max(0, delayMs));
    for (const listener of [...this.setListeners]) listener();
    return toDisposable(() => this.fake.clearTimeout(id));
  }

  /**
   * Resolves once a timer is waiting (at once when one already is): the code under test has done
   * what it could and now waits for time to pass, such as a client between two attempts.
   */
  timerSet(): Promise<void> {
    if (this.fake.countTimers() > 0) return Promise.resolve();
    return new Promise((resolve) => {
      const listener = (): void => {
        this.setListeners.delete(listener);
        resolve();
      };
      this.setListeners.add(listener);
    });
  }

  /** Timers waiting to fire. */
  get pendingTimers(): number {
    return this.fake.countTimers();
  }

  /** Moves time on by `ms`, firing every timer due on the way (awaiting what they start between two). */
  async advance(ms: number): Promise<void> {
    await this.fake.tickAsync(ms);
  }

  /**
   * Jumps to the next timer and fires it, then every timer due within `windowMs` after it (as a
   * busy process would fire them together, late); false when no timer is set.
   */
  async next(windowMs = 0): Promise<boolean> {
    if (this.fake.countTimers() === 0) return false;
    const before = this.fake.now;
    await this.fake.nextAsync();
    const jumped = this.fake.now - before;
    if (jumped < windowMs) await this.fake.tickAsync(windowMs - jumped);
    return true;
  }
}

/** What `runUntil` drives: the engine's "nothing running but timers" (`JobEngine.quiet`). */
export interface Quiets {
  quiet(): Promise<void>;
}

export interface RunLimits {
  /** Virtual time after which the wait fails (default ten minutes). */
  maxVirtualMs?: number;
  /** Timers fired after which the wait fails (a loop that never settles; default 20,000). */
  maxSteps?: number;
  /**
   * Each step fires the timers due within this long of the next one together, so that work the
   * engine would do in parallel (polls of several jobs a few ms apart) goes out in parallel,
   * instead of one request per step. Default 0: one moment at a time.
   */
  windowMs?: number;
}

/**
 * Moves virtual time on until `goal` settles, and returns what it gives. Each step lets the
 * engines finish what they are doing now, then fires the next timer. Fails in words when no timer
 * is left or the limits pass before the goal.
 */
export async function runUntil<T>(clock: VirtualClock, engines: Quiets | readonly Quiets[], goal: Promise<T>, limits: RunLimits = {}): Promise<T> {
  const all: readonly Quiets[] = 'quiet' in engines ? [engines] : engines;
  const start = clock.now();
  const maxVirtualMs = limits.maxVirtualMs ?? 10 * 60_000;
  const maxSteps = limits.maxSteps ?? 20_000;
  const state = { settled: false };
  const watched = goal.finally(() => {
    state.settled = true;
  });
  watched.catch(() => undefined);
  let emptyRounds = 0;
  for (let step = 0; ; step += 1) {
    await Promise.all(all.map((engine) => engine.quiet()));
    if (state.settled) return watched;
    if (clock.now() - start > maxVirtualMs) throw new Error(`still waiting after ${maxVirtualMs} ms of virtual time`);
    if (step >= maxSteps) throw new Error(`still waiting after ${maxSteps} timers`);
    if (await clock.next(limits.windowMs)) {
      emptyRounds = 0;
      continue;
    }
    // No timer is set: only work outside the clock (a socket, a child process) can still end the wait.
    emptyRounds += 1;
    if (emptyRounds > 200) throw new Error('no timer left to fire, and the awaited outcome never came');
    await Promise.race([watched.then(noop, noop), new Promise((resolve) => setTimeout(resolve, 10))]);
  }
}

function noop(): void {}
