/**
 * The painter's committed bitmap: the document's edits rasterised once, kept in step edit by edit.
 * A new edit is painted into it and only its area is redrawn; an undo goes back to the nearest
 * checkpoint (a copy of the coverage every few edits) and replays from there, not from the start.
 * Each step says which rectangle changed, so the canvas uploads that rectangle and nothing more.
 */
import type { MaskDocument, MaskEdit } from './mask-model';
import { fillBounds } from './mask-fill';
import { applyToCoverage, type Coverage } from './mask-raster';

/** A rectangle of coverage pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MaskBitmap {
  /** Coverage pixels per image pixel. */
  scale: number;
  /** The committed edits, rasterised. The painter's own buffer: `commitEdits` updates it in place. */
  coverage: Coverage;
  /** The edits it holds, the document's own objects, in order. */
  edits: readonly MaskEdit[];
  /** Copies of the coverage after `count` edits, oldest first (the empty start is implicit). */
  checkpoints: readonly { count: number; data: Uint8ClampedArray }[];
  /** Pixels marked for repainting (more than half covered), kept up to date rectangle by rectangle. */
  marked: number;
}

/** A checkpoint every so many edits, and at most so many kept (older undo replays from further back). */
export const CHECKPOINT_EVERY = 8;
export const MAX_CHECKPOINTS = 8;

/** The coverage size of a document drawn at `scale`. */
function coverageSize(doc: Pick<MaskDocument, 'width' | 'height'>, scale: number): { width: number; height: number } {
  return { width: Math.max(1, Math.round(doc.width * scale)), height: Math.max(1, Math.round(doc.height * scale)) };
}

const whole = (coverage: Coverage): Rect => ({ x: 0, y: 0, width: coverage.width, height: coverage.height });

/** The pixels an edit may change, or the whole coverage for a clear or an invert. */
export function editBounds(edit: MaskEdit, coverage: Pick<Coverage, 'width' | 'height'>, scale: number): Rect {
  if (edit.kind === 'fill') return fillBounds(edit, coverage, scale);
  if (edit.kind !== 'stroke' || edit.points.length === 0) return { x: 0, y: 0, width: coverage.width, height: coverage.height };
  const radius = (edit.size / 2) * scale;
  const xs = edit.points.map((point) => point.x * scale);
  const ys = edit.points.map((point) => point.y * scale);
  const left = Math.max(0, Math.floor(Math.min(...xs) - radius));
  const top = Math.max(0, Math.floor(Math.min(...ys) - radius));
  const right = Math.min(coverage.width, Math.ceil(Math.max(...xs) + radius));
  const bottom = Math.min(coverage.height, Math.ceil(Math.max(...ys) + radius));
  return { x: left, y: top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/** The smallest rectangle holding both (null stands for none). */
export function unionRect(a: Rect | null, b: Rect | null): Rect | null {
  if (a === null || a.width === 0 || a.height === 0) return b;
  if (b === null || b.width === 0 || b.height === 0) return a;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

/** How many pixels of `rect` are marked for repainting. */
export function markedIn(coverage: Coverage, rect: Rect): number {
  let count = 0;
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    const row = y * coverage.width;
    for (let x = rect.x; x < rect.x + rect.width; x++) if ((coverage.data[row + x] ?? 0) >= 128) count += 1;
  }
  return count;
}

function fresh(doc: MaskDocument, scale: number): MaskBitmap {
  const { width, height } = coverageSize(doc, scale);
  return { scale, coverage: { width, height, data: new Uint8ClampedArray(width * height) }, edits: [], checkpoints: [], marked: 0 };
}

/** Paints `edits` (the ones after `done`) into the coverage, adding a checkpoint at each multiple of CHECKPOINT_EVERY. */
function paint(coverage: Coverage, edits: readonly MaskEdit[], done: number, scale: number, checkpoints: MaskBitmap['checkpoints']): MaskBitmap['checkpoints'] {
  let kept = checkpoints;
  for (let index = done; index < edits.length; index++) {
    const edit = edits[index];
    if (edit) applyToCoverage(coverage, edit, scale);
    if ((index + 1) % CHECKPOINT_EVERY === 0) kept = [...kept, { count: index + 1, data: coverage.data.slice() }].slice(-MAX_CHECKPOINTS);
  }
  return kept;
}

/**
 * Brings the bitmap to the document's edits (a new one, or a rebuilt one when there is none yet
 * or the document or the scale changed) and says which rectangle of the coverage changed (null:
 * nothing did). Only new edits are painted; an undo restores the nearest checkpoint.
 */
export function commitEdits(bitmap: MaskBitmap | null, doc: MaskDocument, scale: number): { bitmap: MaskBitmap; dirty: Rect | null } {
  const size = coverageSize(doc, scale);
  if (!bitmap || bitmap.scale !== scale || bitmap.coverage.width !== size.width || bitmap.coverage.height !== size.height) {
    const start = fresh(doc, scale);
    const checkpoints = paint(start.coverage, doc.edits, 0, scale, []);
    const rebuilt = { ...start, edits: doc.edits, checkpoints, marked: markedIn(start.coverage, whole(start.coverage)) };
    return { bitmap: rebuilt, dirty: whole(start.coverage) };
  }
  let shared = 0;
  while (shared < bitmap.edits.length && shared < doc.edits.length && bitmap.edits[shared] === doc.edits[shared]) shared += 1;
  if (shared === bitmap.edits.length && shared === doc.edits.length) return { bitmap, dirty: null };

  // What changes: the area of every edit taken away or added past the shared ones.
  const bounds = (edits: readonly MaskEdit[]): Rect | null =>
    edits.reduce<Rect | null>((area, edit) => unionRect(area, editBounds(edit, bitmap.coverage, scale)), null);
  const dirty = unionRect(bounds(bitmap.edits.slice(shared)), bounds(doc.edits.slice(shared)));
  const markedBefore = dirty ? markedIn(bitmap.coverage, dirty) : 0;

  let from = shared;
  let checkpoints = bitmap.checkpoints;
  if (shared < bitmap.edits.length) {
    // Taken back (or replaced): start again from the last copy at or before the shared edits.
    checkpoints = checkpoints.filter((checkpoint) => checkpoint.count <= shared);
    const restore = checkpoints.at(-1);
    if (restore) bitmap.coverage.data.set(restore.data);
    else bitmap.coverage.data.fill(0);
    from = restore?.count ?? 0;
  }
  checkpoints = paint(bitmap.coverage, doc.edits, from, scale, checkpoints);
  const marked = dirty ? bitmap.marked - markedBefore + markedIn(bitmap.coverage, dirty) : bitmap.marked;
  return { bitmap: { ...bitmap, edits: doc.edits, checkpoints, marked }, dirty };
}
