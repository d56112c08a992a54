/**
 * Turns a mask document into pixels, as pure functions over plain arrays: the painter draws the
 * overlay from it at screen size, and the export reads it at the image's exact size. Coverage
 * 255 means "repaint", 0 means "keep".
 */
import { distanceToSegment, paintFill } from './mask-fill';
import type { Coverage, MaskDocument, MaskEdit, MaskPoint, MaskStroke } from './mask-model';

export type { Coverage } from './mask-model';

/** How strongly a brush of radius `r` covers a point at `distance` from its centre line. */
export function brushFalloff(distance: number, radius: number, hardness: number): number {
  if (distance >= radius) return 0;
  // A hard brush still gets one pixel of edge, so its outline is not jagged.
  const inner = Math.min(radius * hardness, radius - 1);
  if (distance <= inner) return 1;
  const u = (radius - distance) / (radius - inner);
  return u * u * (3 - 2 * u);
}

/**
 * Paints one stroke into `target` (in place, for the painter's live drawing; `rasterize` keeps
 * the pure face). Within a stroke coverage is the strongest of its segments, so a slow stroke is
 * no darker than a fast one; the stroke then covers (brush) or uncovers (eraser) what is there.
 */
export function paintStroke(target: Coverage, stroke: MaskStroke, scale = 1): void {
  const radius = (stroke.size / 2) * scale;
  const points = stroke.points.map((point) => ({ x: point.x * scale, y: point.y * scale }));
  const first = points[0];
  if (first === undefined || radius <= 0) return;
  const segments: [MaskPoint, MaskPoint][] = points.length === 1 ? [[first, first]] : points.slice(1).map((point, i) => [points[i] ?? first, point]);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const left = Math.max(0, Math.floor(Math.min(...xs) - radius));
  const top = Math.max(0, Math.floor(Math.min(...ys) - radius));
  const right = Math.min(target.width, Math.ceil(Math.max(...xs) + radius));
  const bottom = Math.min(target.height, Math.ceil(Math.max(...ys) + radius));
  if (left >= right || top >= bottom) return;
  const boxWidth = right - left;
  const strength = new Float32Array(boxWidth * (bottom - top));
  for (const [a, b] of segments) {
    const x0 = Math.max(left, Math.floor(Math.min(a.x, b.x) - radius));
    const x1 = Math.min(right, Math.ceil(Math.max(a.x, b.x) + radius));
    const y0 = Math.max(top, Math.floor(Math.min(a.y, b.y) - radius));
    const y1 = Math.min(bottom, Math.ceil(Math.max(a.y, b.y) + radius));
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const value = brushFalloff(distanceToSegment(x + 0.5, y + 0.5, a, b), radius, stroke.hardness);
        const index = (y - top) * boxWidth + (x - left);
        if (value > (strength[index] ?? 0)) strength[index] = value;
      }
    }
  }
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      const s = strength[(y - top) * boxWidth + (x - left)] ?? 0;
      if (s === 0) continue;
      const index = y * target.width + x;
      const current = target.data[index] ?? 0;
      target.data[index] = stroke.tool === 'brush' ? current + s * (255 - current) : current * (1 - s);
    }
  }
}

/**
 * Puts `source` over the whole of `target` (in place), resampled bilinearly: a saved mask of the
 * same shape and another size still lands where it was painted, with soft edges kept soft.
 */
export function stretchCoverage(target: Coverage, source: Coverage): void {
  const sx = source.width / target.width;
  const sy = source.height / target.height;
  const at = (x: number, y: number): number => source.data[y * source.width + x] ?? 0;
  for (let y = 0; y < target.height; y++) {
    const fy = Math.min(source.height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(source.height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < target.width; x++) {
      const fx = Math.min(source.width - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(source.width - 1, x0 + 1);
      const wx = fx - x0;
      const top = at(x0, y0) * (1 - wx) + at(x1, y0) * wx;
      const bottom = at(x0, y1) * (1 - wx) + at(x1, y1) * wx;
      target.data[y * target.width + x] = top * (1 - wy) + bottom * wy;
    }
  }
}

/** Applies one edit to `target` in place. */
export function applyToCoverage(target: Coverage, edit: MaskEdit, scale = 1): void {
  if (edit.kind === 'stroke') paintStroke(target, edit, scale);
  else if (edit.kind === 'load') stretchCoverage(target, edit.mask);
  else if (edit.kind === 'fill') paintFill(target, edit, scale);
  else if (edit.kind === 'clear') target.data.fill(0);
  else for (let i = 0; i < target.data.length; i++) target.data[i] = 255 - (target.data[i] ?? 0);
}

/** The coverage of a document at `scale` of its size (1 for the export, the screen's for the overlay). */
export function rasterize(doc: MaskDocument, scale = 1): Coverage {
  const width = Math.max(1, Math.round(doc.width * scale));
  const height = Math.max(1, Math.round(doc.height * scale));
  const coverage: Coverage = { width, height, data: new Uint8ClampedArray(width * height) };
  for (const edit of doc.edits) applyToCoverage(coverage, edit, width / doc.width);
  return coverage;
}

/** Share of pixels marked for repainting (more than half covered), 0 to 1. */
export function repaintShare(coverage: Coverage): number {
  let marked = 0;
  for (const value of coverage.data) if (value >= 128) marked += 1;
  return coverage.data.length === 0 ? 0 : marked / coverage.data.length;
}

/**
 * The mask as the gateway reads it, RGBA row by row: transparent where the model repaints,
 * opaque (black) where it keeps the image.
 */
export function maskPixels(coverage: Coverage): Uint8ClampedArray<ArrayBuffer> {
  const rgba = new Uint8ClampedArray(coverage.width * coverage.height * 4);
  for (let i = 0; i < coverage.data.length; i++) rgba[i * 4 + 3] = 255 - (coverage.data[i] ?? 0);
  return rgba;
}

/**
 * The overlay the painter shows over the image: the accent colour where it will be repainted,
 * for `rect` of the coverage (the whole of it by default), row by row.
 */
export function overlayPixels(
  coverage: Coverage,
  colour: { r: number; g: number; b: number },
  opacity = 0.55,
  rect: { x: number; y: number; width: number; height: number } = { x: 0, y: 0, width: coverage.width, height: coverage.height },
): Uint8ClampedArray<ArrayBuffer> {
  const rgba = new Uint8ClampedArray(rect.width * rect.height * 4);
  for (let row = 0; row < rect.height; row++) {
    const from = (rect.y + row) * coverage.width + rect.x;
    for (let column = 0; column < rect.width; column++) {
      const at = (row * rect.width + column) * 4;
      rgba[at] = colour.r;
      rgba[at + 1] = colour.g;
      rgba[at + 2] = colour.b;
      rgba[at + 3] = (coverage.data[from + column] ?? 0) * opacity;
    }
  }
  return rgba;
}
