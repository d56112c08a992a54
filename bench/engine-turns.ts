/**
 * What held the event loop in one phase of `engine-load`: the turns that made a 1 ms timer late
 * by more than LONG_TURN_MS, the process's CPU time in each (a turn that used far less CPU than
 * it lasted waited for a core: other work on the machine, not the engine's), and V8's garbage
 * collections, with those that fell inside a long turn.
 */
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

/** A turn longer than this counts as long: the target for the loop's p99. */
const LONG_TURN_MS = 20;
const TIMER_MS = 1;

interface LateTimer {
  from: number;
  to: number;
  cpuMs: number;
}

interface Collection {
  start: number;
  duration: number;
  /** `perf_hooks` kind: 1 young generation (scavenge), 2 minor mark-sweep, 4 full mark-compact, 8 incremental marking, 16 weak callbacks. */
  kind: number;
}

export interface TurnReport {
  longTurns: number;
  /** Long turns during which a collection ran. */
  longWithCollection: number;
  /** Long turns in which the process itself used more than LONG_TURN_MS of CPU. */
  longBusy: number;
  collections: number;
  scavenges: number;
  collectionMs: number;
  longestCollectionMs: number;
}

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

export class TurnMonitor {
  private readonly late: LateTimer[] = [];
  private readonly collections: Collection[] = [];
  private readonly observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) this.collections.push({ start: entry.startTime, duration: entry.duration, kind: kindOf(entry) });
  });
  private timer: NodeJS.Timeout | undefined;

  constructor() {
    this.observer.observe({ entryTypes: ['gc'] });
    let last = performance.now();
    let lastCpu = cpuMs();
    const tick = (): void => {
      const now = performance.now();
      const cpu = cpuMs();
      if (now - last - TIMER_MS > LONG_TURN_MS) this.late.push({ from: last, to: now, cpuMs: cpu - lastCpu });
      last = now;
      lastCpu = cpu;
      this.timer = setTimeout(tick, TIMER_MS);
    };
    this.timer = setTimeout(tick, TIMER_MS);
  }

  stop(): TurnReport {
    clearTimeout(this.timer);
    this.observer.disconnect();
    const inside = (turn: LateTimer): boolean => this.collections.some((gc) => gc.start < turn.to && gc.start + gc.duration > turn.from);
    return {
      longTurns: this.late.length,
      longWithCollection: this.late.filter(inside).length,
      longBusy: this.late.filter((turn) => turn.cpuMs > LONG_TURN_MS).length,
      collections: this.collections.length,
      scavenges: this.collections.filter((gc) => gc.kind === 1).length,
      collectionMs: this.collections.reduce((sum, gc) => sum + gc.duration, 0),
      longestCollectionMs: Math.max(0, ...this.collections.map((gc) => gc.duration)),
    };
  }
}

function kindOf(entry: PerformanceEntry): number {
  // Node 20's types leave out the `detail` that its gc entries carry.
  const { detail } = entry as PerformanceEntry & { detail?: { kind?: number } };
  return detail?.kind ?? 0;
}

/** One line for the table's notes. */
export function describeTurns(phase: string, report: TurnReport): string {
  return (
    `${phase}: ${report.longTurns} turns over ${LONG_TURN_MS} ms, ${report.longBusy} of them with over ${LONG_TURN_MS} ms of this process's CPU (the rest waited for a core), ` +
    `${report.longWithCollection} with a garbage collection in them; ${report.collections} collections (${report.scavenges} young-generation), ` +
    `${report.collectionMs.toFixed(0)} ms in all, the longest ${report.longestCollectionMs.toFixed(1)} ms`
  );
}
