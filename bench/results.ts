/**
 * The machine-readable record of a run, `bench/results.json`: the machine it ran on (CPU, cores,
 * load at the start and the end, Node, date), and for each benchmark its tables with every
 * figure, its baseline, the ratio and each target's verdict, the plots it drew, and any failure.
 */
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { judgeFigure, judgeRow, type Table, type Verdict } from './table';

export interface MachineFacts {
  cpuModel: string;
  cores: number;
  /** 1, 5 and 15-minute load averages when the run started: other work sharing the cores. */
  loadAverageAtStart: number[];
  loadAverageAtEnd?: number[];
  node: string;
  platform: string;
  totalMemoryMB: number;
  freeMemoryMBAtStart: number;
  date: string;
}

export function machineFacts(): MachineFacts {
  return {
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    loadAverageAtStart: loadavg().map((load) => Number(load.toFixed(2))),
    node: process.version,
    platform: `${process.platform}/${process.arch}`,
    totalMemoryMB: Math.round(totalmem() / 1048576),
    freeMemoryMBAtStart: Math.round(freemem() / 1048576),
    date: new Date().toISOString(),
  };
}

interface RecordedLine {
  label: string;
  /** Milliseconds (timed rows) or the figure's unit. */
  value: number;
  unit: string;
  iterations?: number;
  medianMs?: number;
  p95Ms?: number;
  opsPerSec?: number;
  baseline?: { label: string; value: number };
  ratio?: number;
  targets?: Verdict[];
}

export interface BenchmarkRecord {
  name: string;
  summary: string;
  seconds: number;
  tables: { title: string; lines: RecordedLine[]; notes: string[] }[];
  plots: string[];
  /** Why it did not finish (or `skipped: ...`). */
  error?: string;
}

export interface RunRecord {
  machine: MachineFacts;
  quick: boolean;
  command: string;
  seconds: number;
  benchmarks: BenchmarkRecord[];
  targets: { met: number; missed: number; missedList: string[] };
}

const round = (value: number, digits = 4): number => Number(value.toPrecision(digits));

/** A table as recorded: every line with its baseline, ratio and verdicts. */
export function recordTable(table: Table): BenchmarkRecord['tables'][number] {
  const lines: RecordedLine[] = [];
  for (const row of table.rows ?? []) {
    const { ratio, verdicts } = judgeRow(row);
    lines.push({
      label: row.stats.label,
      value: round(row.stats.medianNs / 1e6),
      unit: 'ms',
      iterations: row.stats.iterations,
      medianMs: round(row.stats.medianNs / 1e6),
      p95Ms: round(row.stats.p95Ns / 1e6),
      opsPerSec: round(row.stats.opsPerSec),
      ...(row.raw ? { baseline: { label: row.raw.label, value: round(row.raw.medianNs / 1e6) } } : {}),
      ...(ratio === undefined ? {} : { ratio: round(ratio, 3) }),
      ...(verdicts.length > 0 ? { targets: verdicts } : {}),
    });
  }
  for (const row of table.figures ?? []) {
    const { ratio, verdicts } = judgeFigure(row);
    lines.push({
      label: row.figure.label,
      value: round(row.figure.value),
      unit: row.figure.unit,
      ...(row.raw ? { baseline: { label: row.raw.label, value: round(row.raw.value) } } : {}),
      ...(ratio === undefined ? {} : { ratio: round(ratio, 3) }),
      ...(verdicts.length > 0 ? { targets: verdicts } : {}),
    });
  }
  return { title: table.title, lines, notes: table.notes ?? [] };
}

/** Every target of the run, met or missed, for the closing summary. */
export function tallyTargets(benchmarks: readonly BenchmarkRecord[]): RunRecord['targets'] {
  let met = 0;
  const missedList: string[] = [];
  for (const benchmark of benchmarks) {
    for (const table of benchmark.tables) {
      for (const line of table.lines) {
        for (const verdict of line.targets ?? []) {
          if (verdict.met) met++;
          else
            missedList.push(
              `${benchmark.name}: ${line.label} (${verdict.text}${line.ratio === undefined ? '' : `, was ${line.ratio}x`}, ${line.value} ${line.unit})`,
            );
        }
      }
    }
  }
  return { met, missed: missedList.length, missedList };
}

export function finishMachineFacts(facts: MachineFacts): MachineFacts {
  return { ...facts, loadAverageAtEnd: loadavg().map((load) => Number(load.toFixed(2))) };
}
