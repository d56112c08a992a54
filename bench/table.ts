/** Printing of benchmark results as compact fixed-width tables. */
import type { Stats } from './measure';

/** One line of a table: an operation and the raw baseline it is compared with (none: it is a baseline). */
export interface Row {
  stats: Stats;
  /** The raw baseline measured in the same run; omitted on the baseline's own row. */
  raw?: Stats;
}

export interface Table {
  title: string;
  rows: Row[];
  /** Lines printed under the table: set-up figures, what the baseline does, caveats. */
  notes?: string[];
}

const headings = ['operation', 'iters', 'median', 'p95', 'ops/s', 'vs raw'] as const;

/** Renders a table as text lines (numbers right-aligned). */
export function formatTable(table: Table): string {
  const cells = table.rows.map((row) => [
    row.stats.label,
    String(row.stats.iterations),
    formatDuration(row.stats.medianNs),
    formatDuration(row.stats.p95Ns),
    formatRate(row.stats.opsPerSec),
    row.raw ? `${formatRatio(row.stats.medianNs / row.raw.medianNs)}x raw` : 'raw',
  ]);
  const widths = headings.map((heading, column) => Math.max(heading.length, ...cells.map((line) => displayWidth(line[column] ?? ''))));
  const render = (line: readonly string[]): string =>
    line
      .map((cell, column) => {
        const padding = ' '.repeat(Math.max(0, (widths[column] ?? 0) - displayWidth(cell)));
        return column === 0 ? cell + padding : padding + cell;
      })
      .join('  ');
  const rule = '-'.repeat(widths.reduce((sum, width) => sum + width, 0) + 2 * (widths.length - 1));
  return [
    `== ${table.title}`,
    render(headings),
    rule,
    ...cells.map(render),
    ...(table.notes ?? []).map((note) => `   ${note}`),
    '',
  ].join('\n');
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
export function formatDuration(ns: number): string {
  if (ns < 1_000) return `${ns.toFixed(0)} ns`;
  if (ns < 1_000_000) return `${(ns / 1_000).toFixed(1)} µs`;
  if (ns < 1_000_000_000) return `${(ns / 1_000_000).toFixed(2)} ms`;
  return `${(ns / 1_000_000_000).toFixed(2)} s`;
}

function formatRate(opsPerSec: number): string {
  return Math.round(opsPerSec).toLocaleString('en-US');
}

/** Two significant digits below 10, whole numbers above. */
function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio)) return '∞';
  if (ratio >= 10) return ratio.toFixed(0);
  return ratio >= 1 ? ratio.toFixed(1) : ratio.toPrecision(2);
}
