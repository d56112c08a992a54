/**
 * `bench/results.json` holds the latest figures of every benchmark, each with the run that
 * measured it (machine, load, command). A run of a few benchmarks replaces only theirs, so the
 * file never loses the figures of benchmarks it did not run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { tallyTargets, type BenchmarkRecord, type MachineFacts, type RunRecord } from './results';

/** How a benchmark's figures were measured. */
interface RunFacts {
  machine: MachineFacts;
  quick: boolean;
  command: string;
}

export type StoredBenchmark = BenchmarkRecord & { run: RunFacts };

export interface ResultsFile {
  /** The newest run that wrote the file. */
  updatedBy: RunFacts;
  benchmarks: StoredBenchmark[];
  /** Over every benchmark in the file, whatever run measured it. */
  targets: RunRecord['targets'];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The benchmarks a file holds, whether it is in this shape or the earlier one-run shape (`RunRecord`). */
export function storedBenchmarks(file: unknown): StoredBenchmark[] {
  if (!isObject(file) || !Array.isArray(file.benchmarks)) return [];
  const earlierRun = isObject(file.machine) ? ({ machine: file.machine, quick: file.quick, command: file.command } as unknown as RunFacts) : undefined;
  return (file.benchmarks as unknown[]).flatMap((entry) => {
    if (!isObject(entry) || typeof entry.name !== 'string') return [];
    const run = isObject(entry.run) ? (entry.run as unknown as RunFacts) : earlierRun;
    return run ? [{ ...(entry as unknown as BenchmarkRecord), run }] : [];
  });
}

/** `previous` with `run`'s benchmarks in place of the ones of the same name, listed in `order`. */
export function mergeResults(previous: unknown, run: RunRecord, order: readonly string[]): ResultsFile {
  const facts: RunFacts = { machine: run.machine, quick: run.quick, command: run.command };
  const byName = new Map(storedBenchmarks(previous).map((entry) => [entry.name, entry]));
  for (const record of run.benchmarks) byName.set(record.name, { ...record, run: facts });
  const rank = (name: string): number => (order.includes(name) ? order.indexOf(name) : order.length);
  const benchmarks = [...byName.values()].sort((a, b) => rank(a.name) - rank(b.name));
  return { updatedBy: facts, benchmarks, targets: tallyTargets(benchmarks) };
}

/** The file as it is, or undefined when there is none or it cannot be read (a new file is started). */
export function readResultsFile(path: string): unknown {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}
