/**
 * What a benchmark reports, and its printing as compact fixed-width tables. A table holds timed
 * rows (`Stats`, from `measure`/`compare`) and figure rows (one number with a unit: throughput,
 * memory, items per second), each beside the raw baseline measured in the same run, and
 * optionally a target the ratio or the value should meet.
 */
import type { Stats } from './measure';

/**
 * What a figure should reach. `ratioAtMost`/`ratioAtLeast` bound the row's value divided by its
 * baseline's; `atMost` bounds the value itself (milliseconds for timed rows, the figure's unit
 * otherwise).
 */
interface Target {
  ratioAtMost?: number;
  ratioAtLeast?: number;
  atMost?: number;
}

/** One timed line of a table: an operation and the raw baseline it is compared with (none: it is a baseline). */
export interface Row {
  stats: Stats;
  /** The raw baseline measured in the same run; omitted on the baseline's own row. */
  raw?: Stats;
  target?: Target;
}

/** A measured quantity that is not the time of one call. */
interface Figure {
  label: string;
  value: number;
  /** `MB/s`, `MB`, `results/s`, `ms`... */
  unit: string;
}

/** A figure beside its baseline (none: it is a baseline). */
export interface FigureRow {
  figure: Figure;
  raw?: Figure;
  target?: Target;
}

export interface Table {
  title: string;
  rows?: Row[];
  figures?: FigureRow[];
  /** Lines printed under the table: set-up figures, what the baseline does, caveats. */
  notes?: string[];
}

/** A target's verdict: its wording (`≤ 1.5x raw`) and whether it was met. */
export interface Verdict {
  text: string;
  met: boolean;
}

/** Checks `target` against a value, and its ratio to a baseline when there is one. */
function judge(target: Target, value: number, ratio: number | undefined, unit: string): Verdict[] {
  const verdicts: Verdict[] = [];
  if (target.ratioAtMost !== undefined && ratio !== undefined) verdicts.push({ text: `≤ ${target.ratioAtMost}x`, met: ratio <= target.ratioAtMost });
  if (target.ratioAtLeast !== undefined && ratio !== undefined) verdicts.push({ text: `≥ ${target.ratioAtLeast}x`, met: ratio >= target.ratioAtLeast });
  if (target.atMost !== undefined) verdicts.push({ text: `≤ ${formatNumber(target.atMost)} ${unit}`, met: value <= target.atMost });
  return verdicts;
}

/** A timed row's ratio to its baseline (medians), and its verdicts (the median in milliseconds for `atMost`). */
export function judgeRow(row: Row): { ratio: number | undefined; verdicts: Verdict[] } {
  const ratio = row.raw ? row.stats.medianNs / row.raw.medianNs : undefined;
  return { ratio, verdicts: row.target ? judge(row.target, row.stats.medianNs / 1e6, ratio, 'ms') : [] };
}

export function judgeFigure(row: FigureRow): { ratio: number | undefined; verdicts: Verdict[] } {
  const ratio = row.raw ? row.figure.value / row.raw.value : undefined;
  return { ratio, verdicts: row.target ? judge(row.target, row.figure.value, ratio, row.figure.unit) : [] };
}

function verdictCell(verdicts: readonly Verdict[]): string {
  return verdicts.map((verdict) => `${verdict.text} ${verdict.met ? 'met' : 'MISSED'}`).join(', ');
}

const timedHeadings = ['operation', 'iters', 'median', 'p95', 'ops/s', 'vs raw', 'target'] as const;
const figureHeadings = ['figure', 'value', 'raw', 'vs raw', 'target'] as const;

/** Renders a table as text lines (numbers right-aligned). */
export function formatTable(table: Table): string {
  const blocks: string[] = [];
  const rows = table.rows ?? [];
  if (rows.length > 0) {
    const cells = rows.map((row) => {
      const { ratio, verdicts } = judgeRow(row);
      return [
        row.stats.label,
        String(row.stats.iterations),
        formatDuration(row.stats.medianNs),
        formatDuration(row.stats.p95Ns),
        formatRate(row.stats.opsPerSec),
        ratio === undefined ? 'raw' : `${formatRatio(ratio)}x raw`,
        verdictCell(verdicts),
      ];
    });
    blocks.push(...grid(timedHeadings, cells));
  }
  const figures = table.figures ?? [];
  if (figures.length > 0) {
    if (blocks.length > 0) blocks.push('');
    const cells = figures.map((row) => {
      const { ratio, verdicts } = judgeFigure(row);
      return [
        row.figure.label,
        `${formatNumber(row.figure.value)} ${row.figure.unit}`,
        row.raw ? `${formatNumber(row.raw.value)} ${row.raw.unit}` : 'raw',
        ratio === undefined ? '' : `${formatRatio(ratio)}x`,
        verdictCell(verdicts),
      ];
    });
    blocks.push(...grid(figureHeadings, cells));
  }
  return [`== ${table.title}`, ...blocks, ...(table.notes ?? []).map((note) => `   ${note}`), ''].join('\n');
}

/** Heading, rule and lines, the first column left-aligned; a column empty on every line is left out. */
function grid(headings: readonly string[], cells: readonly string[][]): string[] {
  const keep = headings.map((_heading, column) => column === 0 || cells.some((line) => (line[column] ?? '') !== ''));
  const pick = (line: readonly string[]): string[] => line.filter((_cell, column) => keep[column]);
  const kept = cells.map(pick);
  const head = pick(headings);
  const widths = head.map((heading, column) => Math.max(heading.length, ...kept.map((line) => displayWidth(line[column] ?? ''))));
  const render = (line: readonly string[]): string =>
    line
      .map((cell, column) => {
        const padding = ' '.repeat(Math.max(0, (widths[column] ?? 0) - displayWidth(cell)));
        return column === 0 ? cell + padding : padding + cell;
      })
      .join('  ')
      .trimEnd();
  const rule = '-'.repeat(widths.reduce((sum, width) => sum + width, 0) + 2 * (widths.length - 1));
  return [render(head), rule, ...kept.map(render)];
}

/** Characters a terminal draws two columns wide (CJK and full-width forms). */
const wide = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff01-\uff60]/u;

/** Terminal columns of a string, so Chinese labels keep the table aligned. */
function displayWidth(text: string): number {
  let width = 0;
  for (const character of text) width += wide.test(character) ? 2 : 1;
  return width;
}

/** `850 ns`, `12.3 µs`, `4.56 ms`, `1.20 s`. */
function formatDuration(ns: number): string {
  if (ns < 1_000) return `${ns.toFixed(0)} ns`;
  if (ns < 1_000_000) return `${(ns / 1_000).toFixed(1)} µs`;
  if (ns < 1_000_000_000) return `${(ns / 1_000_000).toFixed(2)} ms`;
  return `${(ns / 1_000_000_000).toFixed(2)} s`;
}

function formatRate(opsPerSec: number): string {
  return Math.round(opsPerSec).toLocaleString('en-US');
}

/** Three significant digits, thousands separated. */
function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US');
  return Number(value.toPrecision(3)).toString();
}

/** Three significant digits below 10 (so a ratio beside a target of 1.5x is never rounded onto it), whole numbers above. */
function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio)) return '∞';
  if (ratio >= 10) return ratio.toFixed(0);
  return String(Number(ratio.toPrecision(3)));
}
