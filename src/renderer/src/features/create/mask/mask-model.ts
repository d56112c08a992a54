/**
 * The mask as data: a list of edits (brush strokes, rectangle and lasso fills, clear, invert) over
 * the first reference image, in that image's own pixels.
 * Every edit is an action returning a new document with its undo history; nothing here knows a
 * canvas, so the painter's logic is tested without a DOM. Painted means "repaint this area".
 */

type MaskTool = 'brush' | 'eraser';

/** A point in the reference image's pixels (not the screen's). */
export interface MaskPoint {
  x: number;
  y: number;
}

export interface MaskStroke {
  kind: 'stroke';
  tool: MaskTool;
  /** Brush diameter in image pixels. */
  size: number;
  /** 0 (soft edge all the way to the centre) to 1 (a hard edge). */
  hardness: number;
  points: readonly MaskPoint[];
}

/** How a pointer drag marks the mask: a brush stroke, a rectangle, or a lasso (a free outline, closed). */
type MaskShape = 'freehand' | 'rect' | 'lasso';

/**
 * A filled area: a rectangle (its two opposite corners) or a lasso (its outline, closed back to
 * the first point). `feather` is the width in image pixels over which the edge fades, centred on
 * the outline; 0 is a hard edge.
 */
export interface MaskFill {
  kind: 'fill';
  tool: MaskTool;
  shape: 'rect' | 'lasso';
  feather: number;
  points: readonly MaskPoint[];
}

/** The painter's brush: paint or erase, by stroke, rectangle or lasso. */
export interface MaskBrush {
  tool: MaskTool;
  shape: MaskShape;
  /** Diameter in image pixels. */
  size: number;
  hardness: number;
  /** Edge softness of rectangles and lassos, in image pixels. */
  feather: number;
}

/**
 * A saved mask loaded into the painter: it replaces what is painted, stretched over the whole
 * image (its shape matches; its size may not). Painting on it is ordinary edits after it.
 */
interface MaskLoad {
  kind: 'load';
  /** The saved mask's name, said in the painter. */
  name: string;
  /** The saved mask at its own pixel size. */
  mask: Coverage;
}

export type MaskEdit = MaskStroke | MaskFill | MaskLoad | { kind: 'clear' } | { kind: 'invert' };

export interface MaskDocument {
  /** Pixel size of the image the mask belongs to; the export has exactly this size. */
  width: number;
  height: number;
  edits: readonly MaskEdit[];
  /** Edits taken back, newest last; a new edit forgets them. */
  undone: readonly MaskEdit[];
}

export const MASK_BRUSH_LIMITS = { minSize: 2, maxSize: 600 } as const;
export const MASK_FEATHER_LIMITS = { min: 0, max: 200 } as const;
/** Lasso points closer than this (image pixels) to the previous one add nothing but work. */
const LASSO_MIN_STEP = 1.5;

export function emptyMask(width: number, height: number): MaskDocument {
  if (!(width > 0 && height > 0)) throw new RangeError(`a mask needs a positive size (got ${width}x${height})`);
  return { width: Math.round(width), height: Math.round(height), edits: [], undone: [] };
}

/** Clamps a stroke's settings and drops points outside any sensible range (NaN from a bad event). */
function cleanStroke(stroke: MaskStroke): MaskStroke {
  const size = Math.min(MASK_BRUSH_LIMITS.maxSize, Math.max(MASK_BRUSH_LIMITS.minSize, stroke.size));
  const hardness = Math.min(1, Math.max(0, stroke.hardness));
  const points = stroke.points.filter((point) => Number.isFinite(point.x) && Number.isFinite(point.y));
  return { ...stroke, size, hardness, points };
}

/** The corners of a rectangle, or the outline of a lasso thinned of points that add nothing. */
function cleanFill(fill: MaskFill): MaskFill {
  const feather = Math.min(MASK_FEATHER_LIMITS.max, Math.max(MASK_FEATHER_LIMITS.min, Number.isFinite(fill.feather) ? fill.feather : 0));
  const finite = fill.points.filter((point) => Number.isFinite(point.x) && Number.isFinite(point.y));
  if (fill.shape === 'rect') {
    const first = finite[0];
    const last = finite.at(-1);
    return { ...fill, feather, points: first && last ? [first, last] : [] };
  }
  const points: MaskPoint[] = [];
  for (const point of finite) {
    const previous = points.at(-1);
    if (!previous || Math.hypot(point.x - previous.x, point.y - previous.y) >= LASSO_MIN_STEP) points.push(point);
  }
  return { ...fill, feather, points };
}

/** True when a fill encloses nothing: a rectangle without width or height, a lasso of fewer than three points. */
function isEmptyFill(fill: MaskFill): boolean {
  if (fill.shape === 'lasso') return fill.points.length < 3;
  const [a, b] = fill.points;
  return !a || !b || Math.abs(a.x - b.x) < 1 || Math.abs(a.y - b.y) < 1;
}

/** The outline of a fill as a polygon: a rectangle's four corners, or the lasso's points. */
export function fillOutline(fill: Pick<MaskFill, 'shape' | 'points'>): MaskPoint[] {
  if (fill.shape === 'lasso') return [...fill.points];
  const [a, b] = fill.points;
  if (!a || !b) return [];
  return [a, { x: b.x, y: a.y }, b, { x: a.x, y: b.y }];
}

/** Adds an edit (a stroke without points, or a fill that encloses nothing, changes nothing and is not added). */
export function applyEdit(doc: MaskDocument, edit: MaskEdit): MaskDocument {
  const clean = edit.kind === 'stroke' ? cleanStroke(edit) : edit.kind === 'fill' ? cleanFill(edit) : edit;
  if (clean.kind === 'stroke' && clean.points.length === 0) return doc;
  if (clean.kind === 'fill' && isEmptyFill(clean)) return doc;
  return { ...doc, edits: [...doc.edits, clean], undone: [] };
}

export function undo(doc: MaskDocument): MaskDocument {
  const last = doc.edits.at(-1);
  if (last === undefined) return doc;
  return { ...doc, edits: doc.edits.slice(0, -1), undone: [...doc.undone, last] };
}

export function redo(doc: MaskDocument): MaskDocument {
  const next = doc.undone.at(-1);
  if (next === undefined) return doc;
  return { ...doc, edits: [...doc.edits, next], undone: doc.undone.slice(0, -1) };
}

export const canUndo = (doc: MaskDocument): boolean => doc.edits.length > 0;
export const canRedo = (doc: MaskDocument): boolean => doc.undone.length > 0;

/** The view of the canvas: zoom (1 = the image fits) and the pan offset in screen pixels. */
export interface MaskView {
  zoom: number;
  panX: number;
  panY: number;
}

const MASK_ZOOM_LIMITS = { min: 0.5, max: 8 } as const;

export const fittedView: MaskView = { zoom: 1, panX: 0, panY: 0 };

/** Zooms by `factor` around a screen point, so the point under the pointer stays put. */
export function zoomAround(view: MaskView, factor: number, at: { x: number; y: number }): MaskView {
  const zoom = Math.min(MASK_ZOOM_LIMITS.max, Math.max(MASK_ZOOM_LIMITS.min, view.zoom * factor));
  const applied = zoom / view.zoom;
  return { zoom, panX: at.x - (at.x - view.panX) * applied, panY: at.y - (at.y - view.panY) * applied };
}

/**
 * A screen point (relative to the canvas box) in image pixels. `fit` is the scale at which the
 * whole image fits the box (zoom 1), with the image centred.
 */
export function screenToImage(
  doc: Pick<MaskDocument, 'width' | 'height'>,
  box: { width: number; height: number },
  view: MaskView,
  point: { x: number; y: number },
): MaskPoint {
  const fit = Math.min(box.width / doc.width, box.height / doc.height);
  const scale = fit * view.zoom;
  const left = (box.width - doc.width * fit) / 2;
  const top = (box.height - doc.height * fit) / 2;
  return { x: (point.x - view.panX - left * view.zoom) / scale, y: (point.y - view.panY - top * view.zoom) / scale };
}

/** A mask in pixels: coverage 255 means "repaint", 0 means "keep". */
export interface Coverage {
  width: number;
  height: number;
  /** One byte per pixel, row by row: 0 keep … 255 repaint. */
  data: Uint8ClampedArray;
}
