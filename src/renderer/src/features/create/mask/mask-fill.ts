/**
 * Rectangle and lasso fills as pure functions over coverage arrays. A fill is a closed polygon;
 * its feather is a band of `feather` pixels centred on the outline in which coverage eases from
 * full (inside) to none (outside), so half the band lies inside the shape and half outside.
 */
import { fillOutline, type Coverage, type MaskFill, type MaskPoint } from './mask-model';

/** A rectangle of coverage pixels. */
interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * How strongly a point at `signedDistance` from the outline (positive inside) is covered by a
 * fill whose edge fades over `feather` pixels: 1 deep inside, 0 outside, an eased ramp between.
 */
export function featherFalloff(signedDistance: number, feather: number): number {
  if (feather <= 0) return signedDistance >= 0 ? 1 : 0;
  const u = Math.min(1, Math.max(0, 0.5 + signedDistance / feather));
  return u * u * (3 - 2 * u);
}

/** Even-odd test of a point against a closed polygon. */
export function insidePolygon(x: number, y: number, polygon: readonly MaskPoint[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    if (!a || !b) continue;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** The distance from a point to the segment a–b (to a itself when a and b are one point). */
export function distanceToSegment(px: number, py: number, a: MaskPoint, b: MaskPoint): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - a.x) * dx + (py - a.y) * dy) / lengthSquared));
  return Math.hypot(px - (a.x + t * dx), py - (a.y + t * dy));
}

/** The pixels a fill may change at `scale`: its outline's box grown by half the feather, clipped to the coverage. */
export function fillBounds(fill: Pick<MaskFill, 'shape' | 'points' | 'feather'>, coverage: Pick<Coverage, 'width' | 'height'>, scale: number): PixelRect {
  const outline = fillOutline(fill);
  if (outline.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
  const grow = (fill.feather * scale) / 2 + 1;
  const xs = outline.map((point) => point.x * scale);
  const ys = outline.map((point) => point.y * scale);
  const left = Math.max(0, Math.floor(Math.min(...xs) - grow));
  const top = Math.max(0, Math.floor(Math.min(...ys) - grow));
  const right = Math.min(coverage.width, Math.ceil(Math.max(...xs) + grow));
  const bottom = Math.min(coverage.height, Math.ceil(Math.max(...ys) + grow));
  return { x: left, y: top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/** Which pixel centres of `box` lie inside the polygon, by scanlines (one row's edge crossings, sorted, filled in pairs). */
function insideMap(polygon: readonly MaskPoint[], box: PixelRect): Uint8Array {
  const inside = new Uint8Array(box.width * box.height);
  for (let row = 0; row < box.height; row++) {
    const y = box.y + row + 0.5;
    const crossings: number[] = [];
    for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
      const a = polygon[i];
      const b = polygon[j];
      if (a && b && a.y > y !== b.y > y) crossings.push(a.x + ((y - a.y) * (b.x - a.x)) / (b.y - a.y));
    }
    crossings.sort((p, q) => p - q);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      // Pixel centres x + 0.5 within [from, to).
      const from = Math.max(box.x, Math.ceil((crossings[k] ?? 0) - 0.5));
      const to = Math.min(box.x + box.width, Math.ceil((crossings[k + 1] ?? 0) - 0.5));
      for (let x = from; x < to; x++) inside[row * box.width + (x - box.x)] = 1;
    }
  }
  return inside;
}

/**
 * The distance from each pixel centre of `box` to the outline, only within `reach` of it
 * (Infinity further away): each edge visits its own box, so the work grows with the outline's
 * length times the feather, not with the area.
 */
function edgeDistances(polygon: readonly MaskPoint[], box: PixelRect, reach: number): Float32Array {
  const distance = new Float32Array(box.width * box.height).fill(Number.POSITIVE_INFINITY);
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[j];
    const b = polygon[i];
    if (!a || !b) continue;
    const x0 = Math.max(box.x, Math.floor(Math.min(a.x, b.x) - reach));
    const x1 = Math.min(box.x + box.width, Math.ceil(Math.max(a.x, b.x) + reach));
    const y0 = Math.max(box.y, Math.floor(Math.min(a.y, b.y) - reach));
    const y1 = Math.min(box.y + box.height, Math.ceil(Math.max(a.y, b.y) + reach));
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const index = (y - box.y) * box.width + (x - box.x);
        const d = distanceToSegment(x + 0.5, y + 0.5, a, b);
        if (d < (distance[index] ?? Number.POSITIVE_INFINITY)) distance[index] = d;
      }
    }
  }
  return distance;
}

/** Paints one fill into `target` in place: it covers (brush) or uncovers (eraser) its area, eased over its feather. */
export function paintFill(target: Coverage, fill: MaskFill, scale = 1): void {
  const polygon = fillOutline(fill).map((point) => ({ x: point.x * scale, y: point.y * scale }));
  if (polygon.length < 3) return;
  const box = fillBounds(fill, target, scale);
  if (box.width === 0 || box.height === 0) return;
  const feather = fill.feather * scale;
  const inside = insideMap(polygon, box);
  const distance = feather > 0 ? edgeDistances(polygon, box, feather / 2 + 1) : null;
  for (let row = 0; row < box.height; row++) {
    for (let column = 0; column < box.width; column++) {
      const local = row * box.width + column;
      const isInside = inside[local] === 1;
      const d = distance?.[local] ?? Number.POSITIVE_INFINITY;
      const s = featherFalloff(isInside ? d : -d, feather);
      if (s === 0) continue;
      const index = (box.y + row) * target.width + box.x + column;
      const current = target.data[index] ?? 0;
      target.data[index] = fill.tool === 'brush' ? current + s * (255 - current) : current * (1 - s);
    }
  }
}
