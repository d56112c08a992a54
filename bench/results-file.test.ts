import { describe, expect, it } from 'vitest';
import type { BenchmarkRecord, MachineFacts, RunRecord } from './results';
import { mergeResults, storedBenchmarks } from './results-file';

const machine = (date: string): MachineFacts => ({
  cpuModel: 'cpu',
  cores: 2,
  loadAverageAtStart: [1, 1, 1],
  node: 'v20',
  platform: 'linux/x64',
  totalMemoryMB: 1,
  freeMemoryMBAtStart: 1,
  date,
});

/** A benchmark with one line whose one target is met or missed. */
const benchmark = (name: string, met: boolean): BenchmarkRecord => ({
  name,
  summary: name,
  seconds: 1,
  plots: [],
  tables: [{ title: name, notes: [], lines: [{ label: `${name} line`, value: 1, unit: 'ms', targets: [{ met, text: '<= 1x' }] }] }],
});

const run = (date: string, benchmarks: BenchmarkRecord[]): RunRecord => ({
  machine: machine(date),
  quick: true,
  command: `npm run bench -- ${benchmarks.map((b) => b.name).join(' ')}`,
  seconds: 1,
  benchmarks,
  targets: { met: 0, missed: 0, missedList: [] },
});

describe('the benchmark results file', () => {
  it('keeps the benchmarks a run did not measure, and replaces those it did, each with the run that measured it', () => {
    const first = mergeResults(undefined, run('day 1', [benchmark('transfers', false), benchmark('search', true)]), ['search', 'transfers']);
    const second = mergeResults(first, run('day 2', [benchmark('transfers', true)]), ['search', 'transfers']);

    expect(second.benchmarks.map((b) => [b.name, b.run.machine.date])).toEqual([
      ['search', 'day 1'],
      ['transfers', 'day 2'],
    ]);
    expect(second.targets).toMatchObject({ met: 2, missed: 0 });
    expect(second.updatedBy.machine.date).toBe('day 2');
  });

  it('reads a file written as one run, giving each benchmark that run', () => {
    const earlier = run('day 0', [benchmark('paging', false)]);
    expect(storedBenchmarks(earlier).map((b) => [b.name, b.run.command])).toEqual([['paging', 'npm run bench -- paging']]);
    expect(mergeResults(earlier, run('day 1', []), []).targets.missedList).toHaveLength(1);
  });

  it('starts afresh from a file it cannot read', () => {
    expect(mergeResults('not json', run('day 1', [benchmark('paging', true)]), []).benchmarks).toHaveLength(1);
  });
});
