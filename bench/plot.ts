/**
 * Plots as standalone SVG text, drawn from data with nothing but string building: a distribution
 * plot (each series' cumulative distribution, so medians and tails of a run and its baseline can
 * be compared at a glance) and a time-series plot (values over time, a reference line such as a
 * minimum drawn dashed). Both share the axes, ticks, legend and colours here.
 */
import { percentile } from './measure';

interface DistributionSeries {
  name: string;
  /** Raw values in the plot's unit (milliseconds, say); order does not matter. */
  values: readonly number[];
}

export interface DistributionPlot {
  title: string;
  /** What the values are, with their unit: `frame time (ms)`. */
  valueLabel: string;
  series: readonly DistributionSeries[];
  /** A logarithmic value axis, for values spread over orders of magnitude. */
  logScale?: boolean;
  /** Where the legend goes (top left by default); bottom right keeps it off curves that rise at once. */
  legendAt?: 'top-left' | 'bottom-right';
}

interface TimeSeries {
  name: string;
  /** [x, y] points in order of x. */
  points: readonly (readonly [number, number])[];
  /** `step` holds each value until the next point (counts, levels); `dashed` draws a reference. */
  style?: 'line' | 'step' | 'dashed';
}

interface TimeSeriesPlot {
  title: string;
  xLabel: string;
  yLabel: string;
  series: readonly TimeSeries[];
}

const WIDTH = 720;
const HEIGHT = 420;
const MARGIN = { top: 48, right: 24, bottom: 56, left: 72 };
const PLOT_WIDTH = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_HEIGHT = HEIGHT - MARGIN.top - MARGIN.bottom;
/** Distinguishable for most kinds of colour blindness (Okabe-Ito). */
const COLOURS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#000000'];

/** A linear or logarithmic mapping of data to pixels, with tick positions. */
interface Axis {
  at(value: number): number;
  ticks: number[];
}

/** Round tick values (1, 2 or 5 times a power of ten) covering [min, max], about `count` of them. */
function niceTicks(min: number, max: number, count = 6): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0];
  if (max <= min) return [min];
  const rough = (max - min) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10].find((factor) => factor * power >= rough) ?? 10) * power;
  const ticks: number[] = [];
  for (let tick = Math.ceil(min / step) * step; tick <= max + step * 1e-9; tick += step) ticks.push(Number(tick.toPrecision(12)));
  return ticks;
}

function linearAxis(min: number, max: number, from: number, to: number): Axis {
  const ticks = niceTicks(min, max);
  const low = Math.min(min, ticks[0] ?? min);
  const high = Math.max(max, ticks.at(-1) ?? max, low + 1e-9);
  return { at: (value) => from + ((value - low) / (high - low)) * (to - from), ticks };
}

function logAxis(min: number, max: number, from: number, to: number): Axis {
  const low = Math.floor(Math.log10(Math.max(min, 1e-9)));
  const high = Math.max(low + 1, Math.ceil(Math.log10(Math.max(max, 1e-9))));
  const ticks: number[] = [];
  for (let power = low; power <= high; power++) for (const factor of high - low > 3 ? [1] : [1, 2, 5]) ticks.push(factor * 10 ** power);
  return {
    at: (value) => from + ((Math.log10(Math.max(value, 10 ** low)) - low) / (high - low)) * (to - from),
    ticks: ticks.filter((tick) => tick <= 10 ** high),
  };
}

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

function label(value: number): string {
  if (value !== 0 && (Math.abs(value) >= 1e5 || Math.abs(value) < 1e-3)) return value.toExponential(0);
  return Number(value.toPrecision(6)).toLocaleString('en-US');
}

function text(x: number, y: number, content: string, attributes = ''): string {
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" ${attributes}>${escapeXml(content)}</text>`;
}

/** The frame: background, title, grid lines, tick labels and axis titles. */
function frame(title: string, x: Axis, y: Axis, xLabel: string, yLabel: string, yFormat: (value: number) => string = label): string[] {
  const bottom = MARGIN.top + PLOT_HEIGHT;
  const parts = [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    text(WIDTH / 2, 26, title, 'text-anchor="middle" font-size="16" font-weight="600"'),
    `<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${PLOT_WIDTH}" height="${PLOT_HEIGHT}" fill="none" stroke="#888"/>`,
  ];
  for (const tick of x.ticks) {
    const at = x.at(tick);
    parts.push(`<line x1="${at.toFixed(1)}" y1="${MARGIN.top}" x2="${at.toFixed(1)}" y2="${bottom}" stroke="#e4e4e4"/>`);
    parts.push(text(at, bottom + 18, label(tick), 'text-anchor="middle" font-size="11"'));
  }
  for (const tick of y.ticks) {
    const at = y.at(tick);
    parts.push(`<line x1="${MARGIN.left}" y1="${at.toFixed(1)}" x2="${MARGIN.left + PLOT_WIDTH}" y2="${at.toFixed(1)}" stroke="#e4e4e4"/>`);
    parts.push(text(MARGIN.left - 8, at + 4, yFormat(tick), 'text-anchor="end" font-size="11"'));
  }
  parts.push(text(MARGIN.left + PLOT_WIDTH / 2, HEIGHT - 14, xLabel, 'text-anchor="middle" font-size="12"'));
  parts.push(
    text(
      18,
      MARGIN.top + PLOT_HEIGHT / 2,
      yLabel,
      `text-anchor="middle" font-size="12" transform="rotate(-90 18 ${(MARGIN.top + PLOT_HEIGHT / 2).toFixed(1)})"`,
    ),
  );
  return parts;
}

/** Width kept for a legend placed at the right (its longest line at 12 px). */
const LEGEND_WIDTH = 330;

function legend(entries: readonly { name: string; colour: string; dashed: boolean }[], at: 'top-left' | 'bottom-right' = 'top-left'): string[] {
  const bottomRight = at === 'bottom-right';
  return entries.flatMap((entry, index) => {
    const y = bottomRight ? MARGIN.top + PLOT_HEIGHT - 10 - (entries.length - 1 - index) * 18 : MARGIN.top + 14 + index * 18;
    const x = bottomRight ? MARGIN.left + PLOT_WIDTH - LEGEND_WIDTH : MARGIN.left + 12;
    return [
      `<line x1="${x}" y1="${y - 4}" x2="${x + 22}" y2="${y - 4}" stroke="${entry.colour}" stroke-width="2.5"${entry.dashed ? ' stroke-dasharray="6 4"' : ''}/>`,
      text(x + 30, y, entry.name, 'font-size="12"'),
    ];
  });
}

function svg(parts: readonly string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="system-ui, 'Noto Sans', 'Noto Sans CJK SC', sans-serif">`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}

function path(points: readonly (readonly [number, number])[], colour: string, dashed: boolean): string {
  if (points.length === 0) return '';
  const d = points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="2"${dashed ? ' stroke-dasharray="6 4"' : ''}/>`;
}

/**
 * Each series' cumulative distribution: for every value on the horizontal axis, the share of
 * samples at or below it. The legend gives each series' median and 95th percentile.
 */
export function distributionPlot(plot: DistributionPlot): string {
  const all = plot.series.flatMap((series) => series.values);
  const min = plot.logScale ? Math.min(...all) : Math.min(0, ...all);
  const max = Math.max(...all, min + 1e-9);
  const x = plot.logScale ? logAxis(min, max, MARGIN.left, MARGIN.left + PLOT_WIDTH) : linearAxis(min, max, MARGIN.left, MARGIN.left + PLOT_WIDTH);
  const y: Axis = { at: (share) => MARGIN.top + PLOT_HEIGHT * (1 - share), ticks: [0, 0.25, 0.5, 0.75, 0.95, 1] };
  const parts = frame(plot.title, x, y, plot.valueLabel, 'share of samples at or below', (share) => `${Math.round(share * 100)}%`);
  const entries = plot.series.map((series, index) => {
    const colour = COLOURS[index % COLOURS.length] ?? '#000';
    const sorted = [...series.values].sort((a, b) => a - b);
    const steps: [number, number][] = [];
    sorted.forEach((value, rank) => {
      steps.push([x.at(value), y.at(rank / sorted.length)], [x.at(value), y.at((rank + 1) / sorted.length)]);
    });
    parts.push(path(steps, colour, false));
    const p50 = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    return {
      name: `${series.name}: median ${label(Number(p50.toPrecision(3)))}, p95 ${label(Number(p95.toPrecision(3)))} (${sorted.length})`,
      colour,
      dashed: false,
    };
  });
  parts.push(...legend(entries, plot.legendAt));
  return svg(parts);
}

/**
 * Values over time; `step` series hold each value until the next point, `dashed` ones are references.
 * @public for the engine benchmark with 1,000 tasks in flight, which plots its queue over time.
 */
export function timeSeriesPlot(plot: TimeSeriesPlot): string {
  const xs = plot.series.flatMap((series) => series.points.map(([px]) => px));
  const ys = plot.series.flatMap((series) => series.points.map(([, py]) => py));
  const x = linearAxis(Math.min(0, ...xs), Math.max(...xs, 1e-9), MARGIN.left, MARGIN.left + PLOT_WIDTH);
  const y = linearAxis(Math.min(0, ...ys), Math.max(...ys, 1e-9), MARGIN.top + PLOT_HEIGHT, MARGIN.top);
  const parts = frame(plot.title, x, y, plot.xLabel, plot.yLabel);
  const entries = plot.series.map((series, index) => {
    const colour = COLOURS[index % COLOURS.length] ?? '#000';
    const points: [number, number][] = [];
    series.points.forEach(([px, py], at) => {
      const previous = series.points[at - 1];
      if (series.style === 'step' && previous) points.push([x.at(px), y.at(previous[1])]);
      points.push([x.at(px), y.at(py)]);
    });
    parts.push(path(points, colour, series.style === 'dashed'));
    return { name: series.name, colour, dashed: series.style === 'dashed' };
  });
  parts.push(...legend(entries));
  return svg(parts);
}
