/**
 * Timing helpers shared by the benchmarks: run an operation a bounded number of times after a
 * warm-up, time each call with `process.hrtime.bigint()`, and summarise the samples as median,
 * p95 and throughput. Nothing here asserts a time: benchmarks print figures, they do not pass or fail.
 */

/** What one benchmarked operation did. */
export interface Stats {
  label: string;
  /** Calls timed (after warm-up); fewer than asked when the time budget ran out. */
  iterations: number;
  medianNs: number;
  p95Ns: number;
  /** Timed calls per second of timed wall-clock (mean-based, so slow outliers count). */
  opsPerSec: number;
  /** Every timed call, sorted (for distribution plots; not written to results.json). */
  samplesNs: readonly number[];
}

export interface MeasureOptions {
  /** Calls to time (default 200). */
  iterations?: number;
  /** Untimed calls first, so the JIT, statement caches and connections are warm (default 10% of `iterations`, at least 5). */
  warmup?: number;
  /** Stop timing after this many milliseconds (per operation) even if `iterations` is not reached (default 5000). */
  budgetMs?: number;
}

/** A call to benchmark; a returned promise is awaited (and the wait is part of the time). */
type Operation = () => unknown;

/** Runs one call; returns what to await only when it returned a promise, so sync calls are timed without a microtask hop. */
function call(operation: Operation): PromiseLike<unknown> | undefined {
  const result = operation();
  return isThenable(result) ? result : undefined;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

export interface Contender {
  label: string;
  operation: Operation;
  /** Runs untimed before each call (a change the call then follows). */
  prepare?: () => void;
}

/** Calls per contender in one turn of `compare`. */
const TURN = 20;

/**
 * Times several operations (a raw baseline and what is compared with it) in alternating turns of
 * a few calls each, so drift during the run (JIT warming up, a server getting hot, other work on
 * the machine) falls on all of them alike rather than on whichever ran last. Statistics come back
 * in the order given; `budgetMs` is per contender.
 */
export async function compare<const T extends readonly Contender[]>(contenders: T, options: MeasureOptions = {}): Promise<{ -readonly [K in keyof T]: Stats }> {
  const iterations = Math.max(1, Math.trunc(options.iterations ?? 200));
  const warmup = Math.max(0, Math.trunc(options.warmup ?? Math.max(5, Math.ceil(iterations / 10))));
  const budgetNs = BigInt(Math.trunc((options.budgetMs ?? 5000) * 1e6)) * BigInt(contenders.length);

  for (const { operation, prepare } of contenders) {
    for (let i = 0; i < warmup; i++) {
      prepare?.();
      const pending = call(operation);
      if (pending) await pending;
    }
  }

  const samples = contenders.map((): number[] => []);
  const started = process.hrtime.bigint();
  for (let done = 0; done < iterations && process.hrtime.bigint() - started < budgetNs; done += TURN) {
    const calls = Math.min(TURN, iterations - done);
    for (const [index, { operation, prepare }] of contenders.entries()) {
      const own = samples[index] ?? [];
      for (let i = 0; i < calls; i++) {
        prepare?.();
        const before = process.hrtime.bigint();
        const pending = call(operation);
        if (pending) await pending;
        own.push(Number(process.hrtime.bigint() - before));
      }
    }
  }
  // One Stats per contender, in order: the tuple type only restates that.
  return contenders.map(({ label }, index) => summarise(label, samples[index] ?? [])) as { -readonly [K in keyof T]: Stats };
}

/** Median, p95 and throughput of samples in nanoseconds. */
export function summarise(label: string, samplesNs: readonly number[]): Stats {
  const sorted = [...samplesNs].sort((a, b) => a - b);
  const totalNs = sorted.reduce((sum, ns) => sum + ns, 0);
  return {
    label,
    iterations: sorted.length,
    medianNs: percentile(sorted, 50),
    p95Ns: percentile(sorted, 95),
    opsPerSec: totalNs > 0 ? (sorted.length * 1e9) / totalNs : 0,
    samplesNs: sorted,
  };
}

/** Nearest-rank percentile of sorted samples (0 when there are none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? 0;
}

/** Milliseconds since `startNs` (a `process.hrtime.bigint()` reading), for one-off steps such as seeding. */
export function elapsedMs(startNs: bigint): number {
  return Number(process.hrtime.bigint() - startNs) / 1e6;
}
