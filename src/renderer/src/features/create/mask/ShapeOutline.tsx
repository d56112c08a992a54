import type { MaskPoint } from './mask-model';
import { fillOutline } from './mask-model';

export interface ShapeOutlineProps {
  /** A rectangle's two corners or the lasso's points so far, in image pixels. */
  points: readonly MaskPoint[];
  shape: 'rect' | 'lasso';
  /** Where image pixel (0, 0) sits on the stage and how many screen pixels an image pixel takes. */
  transform: { left: number; top: number; scale: number };
}

/** The marching outline of a rectangle or lasso while it is dragged, so its edge shows even over a soft fill. */
export function ShapeOutline({ points, shape, transform }: ShapeOutlineProps) {
  const outline = fillOutline({ shape, points });
  if (outline.length < 2) return null;
  const path = outline.map((point) => `${transform.left + point.x * transform.scale},${transform.top + point.y * transform.scale}`).join(' ');
  return (
    <svg className="mask-outline" aria-hidden="true">
      <polygon points={path} className="mask-outline-under" />
      <polygon points={path} className="mask-outline-over" />
    </svg>
  );
}
