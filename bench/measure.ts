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
}

export interface MeasureOptions {
  /** Calls to time (default 200). */
  iterations?: number;
  /** Untimed calls first, so the JIT, statement caches and connections are warm (default 10% of `iterations`, at least 5). */
  warmup?: number;
  /** Stop timing after this many milliseconds even if `iterations` is not reached (default 5000). */
  budgetMs?: number;
}

/** A call to benchmark; a returned promise is awaited (and the wait is part of the time). */
export type Operation = () => unknown;

/** Keeps results reachable so the engine cannot drop a call as unused. */
let sink: unknown;

/** The last value an operation returned, for benchmarks that want to print something about it. */
export function lastResult(): unknown {
  return sink;
}

async function call(operation: Operation): Promise<void> {
  const result = operation();
  // Await only real promises: a sync operation should not pay for a microtask hop it never has.
  sink = isThenable(result) ? await result : result;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** Times `operation` and returns its statistics. */
export async function measure(label: string, operation: Operation, options: MeasureOptions = {}): Promise<Stats> {
  const iterations = Math.max(1, Math.trunc(options.iterations ?? 200));
  const warmup = Math.max(0, Math.trunc(options.warmup ?? Math.max(5, Math.ceil(iterations / 10))));
  const budgetNs = BigInt(Math.trunc((options.budgetMs ?? 5000) * 1e6));

  for (let i = 0; i < warmup; i++) await call(operation);

  const samples: number[] = [];
  const started = process.hrtime.bigint();
  while (samples.length < iterations && process.hrtime.bigint() - started < budgetNs) {
    const before = process.hrtime.bigint();
    await call(operation);
    samples.push(Number(process.hrtime.bigint() - before));
  }
  return summarise(label, samples);
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
  };
}

/** Nearest-rank percentile of sorted samples (0 when there are none). */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? 0;
}

/** Milliseconds since `startNs` (a `process.hrtime.bigint()` reading), for one-off steps such as seeding. */
export function elapsedMs(startNs: bigint): number {
  return Number(process.hrtime.bigint() - startNs) / 1e6;
}
