import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../../tests/helpers/virtual-clock';
import { sleep } from '../lifecycle/clock';
import { WorkTracker } from './work-tracker';

describe('WorkTracker.quiet', () => {
  it('waits for work that is running, not for work pausing on the clock', async () => {
    const tracker = new WorkTracker();
    const clock = new VirtualClock();
    const steps: string[] = [];
    let answer: () => void = () => undefined;
    tracker.run('a request', async () => {
      await new Promise<void>((resolve) => (answer = resolve));
      steps.push('answered');
      // A wait deep inside the work (here directly; in the app, a gateway client's between attempts).
      await sleep(clock, 60_000);
      steps.push('retried');
    });
    let quiet = false;
    const waiting = tracker.quiet().then(() => (quiet = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(quiet).toBe(false);
    answer();
    await waiting;
    // The request was answered and its retry now waits for time to pass: quiet, though not done.
    expect(steps).toEqual(['answered']);
    expect(tracker.size).toBe(1);
    await clock.advance(60_000);
    await tracker.quiet();
    expect(steps).toEqual(['answered', 'retried']);
    expect(tracker.size).toBe(0);
  });

  it('does not take a wait outside its work for its work waiting', async () => {
    const tracker = new WorkTracker();
    const clock = new VirtualClock();
    let answer: () => void = () => undefined;
    tracker.run('a request', () => new Promise<void>((resolve) => (answer = resolve)));
    // A route's call, not the engine's work, sits out a backoff meanwhile.
    const elsewhere = sleep(clock, 60_000);
    let quiet = false;
    const waiting = tracker.quiet().then(() => (quiet = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(quiet).toBe(false);
    answer();
    await waiting;
    await clock.advance(60_000);
    await elsewhere;
  });

  it('with pauses not counted (real time, which nobody moves on), takes a pausing piece of work for a running one', async () => {
    const tracker = new WorkTracker(false);
    const clock = new VirtualClock();
    tracker.run('a retry', () => sleep(clock, 60_000));
    let quiet = false;
    const waiting = tracker.quiet().then(() => (quiet = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(quiet).toBe(false);
    await clock.advance(60_000);
    await waiting;
    expect(tracker.size).toBe(0);
  });
});
