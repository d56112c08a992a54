/**
 * The one scheduling primitive of the background services, after VS Code's `RunOnceScheduler`:
 * a runner that runs once when its time comes. Scheduling again moves that time (it never runs
 * twice for one schedule); disposing it ends it for good.
 */
import { systemClock, type Clock } from './clock';
import type { Disposable } from './disposable';

export class RunOnceScheduler implements Disposable {
  private timer: Disposable | undefined;
  private dueAt: number | undefined;
  private disposed = false;

  constructor(
    private readonly runner: () => void,
    /** The delay `schedule()` uses when none is given. */
    private readonly delayMs: number,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Runs the runner `delayMs` from now, in place of any earlier schedule. */
  schedule(delayMs: number = this.delayMs): void {
    this.scheduleAt(this.clock.now() + delayMs);
  }

  /** Runs the runner at `time` (the clock's Unix ms; at once when past), in place of any earlier schedule. */
  scheduleAt(time: number): void {
    if (this.disposed) return;
    this.cancel();
    this.dueAt = time;
    this.arm(time);
  }

  /** When the runner will run (the clock's Unix ms), or undefined when it is not scheduled. */
  get scheduledAt(): number | undefined {
    return this.dueAt;
  }

  isScheduled(): boolean {
    return this.dueAt !== undefined;
  }

  cancel(): void {
    this.timer?.dispose();
    this.timer = undefined;
    this.dueAt = undefined;
  }

  dispose(): void {
    this.cancel();
    this.disposed = true;
  }

  private arm(time: number): void {
    this.timer = this.clock.setTimeout(() => this.fire(time), Math.max(0, time - this.clock.now()));
  }

  private fire(time: number): void {
    this.timer = undefined;
    // A timer may fire early (a very long wait is split): wait for the rest.
    if (this.clock.now() < time) {
      this.arm(time);
      return;
    }
    this.dueAt = undefined;
    this.runner();
  }
}
