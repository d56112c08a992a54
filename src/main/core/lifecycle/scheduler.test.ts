import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../../tests/helpers/virtual-clock';
import { sleep } from './clock';
import { DisposableStore } from './disposable';
import { RunOnceScheduler } from './scheduler';

describe('RunOnceScheduler', () => {
  it('runs once when its time comes, and scheduling again moves that time instead of adding a run', async () => {
    const clock = new VirtualClock();
    const runs: number[] = [];
    const scheduler = new RunOnceScheduler(() => runs.push(clock.now()), 1_000, clock);
    const start = clock.now();
    scheduler.schedule();
    await clock.advance(600);
    scheduler.schedule(); // now due at start + 1600
    await clock.advance(999);
    expect(runs).toEqual([]);
    expect(scheduler.scheduledAt).toBe(start + 1_600);
    await clock.advance(10_000);
    expect(runs).toEqual([start + 1_600]);
    expect(scheduler.isScheduled()).toBe(false);
  });

  it('runs at once for a time already past, and not at all once canceled or disposed', async () => {
    const clock = new VirtualClock();
    let runs = 0;
    const scheduler = new RunOnceScheduler(() => (runs += 1), 50, clock);
    scheduler.scheduleAt(clock.now() - 5_000);
    await clock.advance(0);
    expect(runs).toBe(1);
    scheduler.schedule();
    scheduler.cancel();
    await clock.advance(100);
    expect(runs).toBe(1);
    scheduler.schedule();
    scheduler.dispose();
    scheduler.schedule();
    await clock.advance(100);
    expect(runs).toBe(1);
    expect(clock.pendingTimers).toBe(0);
  });

  it('waits out a timer that fires before its time (a very long wait is split)', async () => {
    const clock = new VirtualClock();
    let early = true;
    // A clock whose first timer fires at once, like Node with a delay above 2^31 - 1 ms.
    const hasty = {
      now: () => clock.now(),
      setTimeout: (callback: () => void, delayMs: number) => clock.setTimeout(callback, early ? ((early = false), 0) : delayMs),
    };
    let runs = 0;
    const scheduler = new RunOnceScheduler(() => (runs += 1), 0, hasty);
    scheduler.schedule(5_000);
    await clock.advance(1);
    expect(runs).toBe(0);
    await clock.advance(5_000);
    expect(runs).toBe(1);
  });
});

describe('DisposableStore', () => {
  it('disposes everything it holds once, in order, and at once what is added after', () => {
    const order: string[] = [];
    const store = new DisposableStore();
    store.addCallback(() => order.push('timer'));
    store.addCallback(() => order.push('subscription'));
    store.dispose();
    store.dispose();
    expect(order).toEqual(['timer', 'subscription']);
    store.addCallback(() => order.push('late'));
    expect(order).toEqual(['timer', 'subscription', 'late']);
    expect(DisposableStore.disposed().isDisposed).toBe(true);
  });

  it('disposes the rest when one fails, then reports the failure', () => {
    const store = new DisposableStore();
    let closed = false;
    store.addCallback(() => {
      throw new Error('socket already gone');
    });
    store.addCallback(() => (closed = true));
    expect(() => store.dispose()).toThrow('socket already gone');
    expect(closed).toBe(true);
  });
});

describe('sleep on a clock', () => {
  it('resolves when virtual time passes, and at once (timer cleared) when aborted', async () => {
    const clock = new VirtualClock();
    let woke = false;
    const nap = sleep(clock, 30_000).then(() => (woke = true));
    await clock.advance(29_999);
    expect(woke).toBe(false);
    await clock.advance(1);
    await nap;
    expect(woke).toBe(true);
    const controller = new AbortController();
    const cut = sleep(clock, 60_000, controller.signal);
    controller.abort();
    await cut;
    expect(clock.pendingTimers).toBe(0);
  });
});
