import type { QueryClock } from '../../src/renderer/src/entities/query-lifetime';

/** A clock that moves only when the test says so: timers run as `advance` passes their time. */
export function manualClock(start = 1_000_000): QueryClock & { advance(ms: number): void } {
  let now = start;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let nextId = 1;
  return {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
    advance: (ms) => {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((timer) => timer !== due);
        now = due.at;
        due.run();
      }
      now = end;
    },
  };
}
