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
      await tracker.park(sleep(clock, 60_000));
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
});
