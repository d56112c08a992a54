/**
 * Create's stream as plain data: each job one group (its results together, four of one prompt
 * as a 2×2), newest first, each group in the shape of what it made; groups laid out in justified
 * rows that fill the width, for a virtualised list; and the order the view over Create steps in.
 */
import type { AssetView, JobView } from '../../../../../shared/contract';
import { aspectOf } from './result-shape';

/** One job in the stream: its results so far, and how many tiles it takes while it runs. */
export interface JobGroup {
  kind: 'job';
  /** Stable while the job runs and after its results land. */
  key: string;
  job: JobView;
  /** Its results in the library, in the job's order. */
  assets: AssetView[];
  /** Tiles shown: its results, or what it asked for while none has landed (at most four). */
  tiles: number;
  /** Width over height of one tile. */
  aspect: number;
  /** It shows words, not pictures (it ended without a result): laid out large enough to read and act on. */
  note: boolean;
}

/** A submission on its way, shown before main answers. */
interface SendingGroup {
  kind: 'sending';
  key: 'sending';
  tiles: 1;
  aspect: 1;
  note: false;
}

export type StreamGroup = JobGroup | SendingGroup;

/** A tile is never drawn wider or taller than this, so a panorama does not take a whole row. */
const ASPECT_LIMITS = { min: 0.5, max: 2.2 } as const;
const MOST_TILES = 4;
/** The shape of a card of words (a failure and its buttons). */
const NOTE_ASPECT = 1.6;
const ENDED_WITHOUT_RESULT: ReadonlySet<JobView['state']> = new Set(['failed', 'canceled', 'expired', 'unknown']);

const clampAspect = (aspect: number): number => Math.min(ASPECT_LIMITS.max, Math.max(ASPECT_LIMITS.min, aspect));

/** How many results a job asked for (`n`), for its place while it runs. */
function askedCount(job: Pick<JobView, 'request'>): number {
  const asked = (job.request as Record<string, unknown> | null)?.n;
  return typeof asked === 'number' && Number.isInteger(asked) && asked > 0 ? Math.min(asked, MOST_TILES) : 1;
}

/** The stream's groups for `jobs` (any order), newest first, at most `limit` jobs; results read from `assets`. */
export function jobGroups(jobs: readonly JobView[], assets: Readonly<Record<string, AssetView>>, limit: number): JobGroup[] {
  const newest = [...jobs].sort((a, b) => b.createdAt - a.createdAt || b.position - a.position).slice(0, limit);
  return newest.map((job) => {
    const landed = job.assetIds.flatMap((id) => (assets[id] ? [assets[id]] : []));
    // A finished job whose results are still being read keeps the tiles it will fill.
    const tiles =
      landed.length > 0 ? Math.min(landed.length, MOST_TILES) : job.assetIds.length > 0 ? Math.min(job.assetIds.length, MOST_TILES) : askedCount(job);
    const note = job.assetIds.length === 0 && (ENDED_WITHOUT_RESULT.has(job.state) || job.state === 'done');
    return { kind: 'job', key: job.id, job, assets: landed.slice(0, MOST_TILES), tiles, aspect: clampAspect(aspectOf(job, landed[0] ?? null)), note };
  });
}

/** Width over height of a group's box: one tile, two side by side, three or four as a 2×2, or a card of words. */
export function groupAspect(group: Pick<StreamGroup, 'tiles' | 'aspect' | 'note'>): number {
  if (group.note) return NOTE_ASPECT;
  return group.tiles === 2 ? group.aspect * 2 : group.aspect;
}

/** A group of three or four shows as a 2×2, and a card of words needs room: both are laid out twice as tall as a single result. */
const isQuad = (group: Pick<StreamGroup, 'tiles' | 'note'>): boolean => group.tiles >= 3 || group.note;

interface PlacedGroup {
  group: StreamGroup;
  /** Its box's width in pixels. */
  width: number;
}

export interface StreamRow {
  key: string;
  groups: PlacedGroup[];
  /** The row's height in pixels (every box in it is this tall). */
  height: number;
}

interface RowSizing {
  /** The stream's inner width in pixels. */
  width: number;
  /** The gap between boxes, and between rows. */
  gap: number;
  /** How tall a row of single results wants to be; a row of 2×2 groups wants twice that. */
  rowHeight: number;
}

/**
 * Justified rows: groups in order, each row filled to the width at about its wanted height.
 * A 2×2 group never shares a row with single results (it would shrink them or itself), and a
 * row that cannot fill the width keeps its wanted height (or that of the full rows above it)
 * rather than stretch a lone result across the whole width.
 */
export function streamRows(groups: readonly StreamGroup[], sizing: RowSizing): StreamRow[] {
  const width = Math.max(1, sizing.width);
  const rows: StreamRow[] = [];
  let pending: StreamGroup[] = [];
  const filledHeight = new Map<boolean, number>();
  const wanted = (quad: boolean): number => sizing.rowHeight * (quad ? 2 : 1);
  const naturalWidth = (list: readonly StreamGroup[], height: number): number =>
    list.reduce((sum, group) => sum + groupAspect(group) * height, 0) + sizing.gap * Math.max(0, list.length - 1);

  const close = (fill: boolean): void => {
    const first = pending[0];
    if (!first) return;
    const target = wanted(isQuad(first));
    const gaps = sizing.gap * (pending.length - 1);
    const aspects = pending.reduce((sum, group) => sum + groupAspect(group), 0);
    // The height at which the row exactly fills the width; never taller than wanted when not filling.
    const fitted = (width - gaps) / aspects;
    // A row that does not fill the width is no taller than the full rows of its kind above it.
    const height = fill ? fitted : Math.min(fitted, target, filledHeight.get(isQuad(first)) ?? Infinity);
    if (fill) filledHeight.set(isQuad(first), height);
    rows.push({ key: pending.map((group) => group.key).join('+'), groups: pending.map((group) => ({ group, width: groupAspect(group) * height })), height });
    pending = [];
  };

  const fittedHeight = (list: readonly StreamGroup[]): number =>
    (width - sizing.gap * (list.length - 1)) / list.reduce((sum, group) => sum + groupAspect(group), 0);

  for (const group of groups) {
    const first = pending[0];
    if (first && isQuad(first) !== isQuad(group)) close(naturalWidth(pending, wanted(isQuad(first))) >= width * 0.75);
    const target = wanted(isQuad(group));
    // A group that overflows the row goes in it only when that leaves the row nearer its wanted height than stretching the row without it.
    if (pending.length > 0 && naturalWidth([...pending, group], target) > width) {
      const withIt = Math.abs(fittedHeight([...pending, group]) - target);
      const without = Math.abs(fittedHeight(pending) - target);
      if (without < withIt) close(true);
    }
    pending.push(group);
    if (naturalWidth(pending, target) >= width) close(true);
  }
  const last = pending[0];
  // A last row nearly full is filled like the others; a short one keeps its height.
  close(last !== undefined && naturalWidth(pending, wanted(isQuad(last))) >= width * 0.75);
  return rows;
}

/** How tall a row of single results wants to be at a stream `width`: about four across, within reason. */
export function wantedRowHeight(width: number): number {
  return Math.round(Math.min(240, Math.max(110, width / 4.2)));
}

/** Every result of the stream, in the order the view over Create steps through them. */
export function viewOrder(groups: readonly StreamGroup[]): AssetView[] {
  return groups.flatMap((group) => (group.kind === 'job' ? group.assets : []));
}

/** The result `step` places after (1) or before (-1) `assetId` in `order`; null at either end or when it is not there. */
export function stepFrom(order: readonly Pick<AssetView, 'id'>[], assetId: string, step: 1 | -1): string | null {
  const index = order.findIndex((asset) => asset.id === assetId);
  if (index < 0) return null;
  return order[index + step]?.id ?? null;
}
