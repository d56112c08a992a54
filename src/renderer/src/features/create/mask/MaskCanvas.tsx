import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import {
  screenToImage,
  zoomAround,
  type MaskBrush,
  type MaskDocument,
  type MaskEdit,
  type MaskFill,
  type MaskPoint,
  type MaskStroke,
  type MaskView,
} from './mask-model';
import { commitEdits, editBounds, unionRect, type MaskBitmap, type Rect } from './mask-bitmap';
import { paintFill } from './mask-fill';
import { overlayPixels, paintStroke, type Coverage } from './mask-raster';
import { ShapeOutline } from './ShapeOutline';

/** Where painted areas show: a vivid red that reads on light and dark pictures alike. */
const OVERLAY_COLOUR = { r: 255, g: 40, b: 90 };
/** The overlay is drawn at most this many device pixels per screen pixel. */
const MAX_DENSITY = 2;

export interface MaskCanvasProps {
  doc: MaskDocument;
  imageUrl: string;
  imageAlt: string;
  brush: MaskBrush;
  view: MaskView;
  showOverlay: boolean;
  /** Space held or the hand chosen: dragging pans instead of painting. */
  panning: boolean;
  /** A finished stroke, rectangle or lasso. */
  onStroke: (edit: MaskEdit) => void;
  onView: (view: MaskView) => void;
  /** The share of the image marked for repainting (0 to 1), after each change. */
  onShare: (share: number) => void;
}

interface Box {
  width: number;
  height: number;
}

/**
 * Hosts the image and the mask's overlay: pointer strokes, rectangles and lassos become edits in
 * image pixels (drawn live, then handed to the store), the wheel zooms around the pointer, a drag
 * with Space pans.
 * The overlay keeps a committed bitmap (`mask-bitmap`): each change paints only what is new and
 * uploads only the rectangle it touched; a live stroke paints into a copy of it, segment by
 * segment. All drawing is pure functions; this component only moves pixels to a canvas.
 */
export function MaskCanvas({ doc, imageUrl, imageAlt, brush, view, showOverlay, panning, onStroke, onView, onShare }: MaskCanvasProps) {
  const stage = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const committed = useRef<MaskBitmap | null>(null);
  const live = useRef<{ coverage: Coverage; points: MaskPoint[]; scale: number; shown: Rect | null } | null>(null);
  const drag = useRef<{ x: number; y: number; view: MaskView } | null>(null);
  const [box, setBox] = useState<Box>({ width: 0, height: 0 });
  const [pointer, setPointer] = useState<{ x: number; y: number } | null>(null);
  const [outline, setOutline] = useState<readonly MaskPoint[] | null>(null);

  useLayoutEffect(() => {
    const element = stage.current;
    if (!element) return;
    const measure = (): void => setBox({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    observer?.observe(element);
    return () => observer?.disconnect();
  }, []);

  const fit = box.width > 0 ? Math.min(box.width / doc.width, box.height / doc.height) : 0;
  const density = Math.min(MAX_DENSITY, (globalThis.devicePixelRatio || 1) * Math.max(1, view.zoom));
  const scale = Math.min(1, fit * density);

  // Whenever the document changes (a finished stroke, an undo, an invert) or the scale: what changed, redrawn.
  useEffect(() => {
    if (scale <= 0) return;
    const { bitmap, dirty } = commitEdits(committed.current, doc, scale);
    committed.current = bitmap;
    if (dirty) draw(canvas.current, bitmap.coverage, dirty);
    onShare(bitmap.marked / bitmap.coverage.data.length);
  }, [doc, scale, onShare]);

  const toImage = (event: ReactPointerEvent): MaskPoint => {
    const rect = stage.current?.getBoundingClientRect();
    return screenToImage(doc, box, view, { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) });
  };

  const down = (event: ReactPointerEvent<HTMLDivElement>): void => {
    if (event.button !== 0 && event.button !== 1) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    if (panning || event.button === 1) {
      drag.current = { x: event.clientX, y: event.clientY, view };
      return;
    }
    const base = committed.current;
    if (!base) return;
    // A copy of the committed bitmap takes the stroke as it is drawn; the store's edit replaces it.
    live.current = { coverage: { ...base.coverage, data: base.coverage.data.slice() }, points: [toImage(event)], scale: base.scale, shown: null };
    paintLive();
  };

  const fillOf = (points: readonly MaskPoint[]): MaskFill | null =>
    brush.shape === 'freehand' ? null : { kind: 'fill', tool: brush.tool, shape: brush.shape, feather: brush.feather, points };

  const paintLive = (): void => {
    const stroke = live.current;
    const base = committed.current;
    if (!stroke || !base) return;
    const fill = fillOf(stroke.points);
    if (fill) {
      // A shape changes as a whole while dragged: restore what it covered last time, paint it again.
      const bounds = editBounds(fill, stroke.coverage, stroke.scale);
      stroke.coverage.data.set(base.coverage.data);
      paintFill(stroke.coverage, fill, stroke.scale);
      draw(canvas.current, stroke.coverage, unionRect(stroke.shown, bounds) ?? bounds);
      stroke.shown = bounds;
      setOutline(
        fill.shape === 'rect' && stroke.points.length > 1
          ? [stroke.points[0] ?? stroke.points[1] ?? { x: 0, y: 0 }, stroke.points.at(-1) ?? { x: 0, y: 0 }]
          : [...stroke.points],
      );
      return;
    }
    // Only the newest segment, and only its rectangle goes to the canvas; the finished stroke is committed whole.
    const segment: MaskStroke = { kind: 'stroke', ...brush, points: stroke.points.slice(-2) };
    paintStroke(stroke.coverage, segment, stroke.scale);
    draw(canvas.current, stroke.coverage, editBounds(segment, stroke.coverage, stroke.scale));
  };

  const move = (event: ReactPointerEvent<HTMLDivElement>): void => {
    const rect = stage.current?.getBoundingClientRect();
    setPointer({ x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) });
    if (drag.current) {
      const start = drag.current;
      onView({ ...start.view, panX: start.view.panX + event.clientX - start.x, panY: start.view.panY + event.clientY - start.y });
      return;
    }
    if (!live.current) return;
    const point = toImage(event);
    // A rectangle needs only where the drag started and where it is now.
    if (brush.shape === 'rect' && live.current.points.length > 1) live.current.points[1] = point;
    else live.current.points.push(point);
    paintLive();
  };

  const up = (): void => {
    drag.current = null;
    const stroke = live.current;
    live.current = null;
    setOutline(null);
    if (!stroke) return;
    const fill = fillOf(stroke.points);
    if (fill) {
      onStroke(fill);
      // A fill that encloses nothing is not added: put back what its preview showed.
      if (committed.current && stroke.shown) draw(canvas.current, committed.current.coverage, stroke.shown);
    } else onStroke({ kind: 'stroke', tool: brush.tool, size: brush.size, hardness: brush.hardness, points: stroke.points });
  };

  const left = (box.width - doc.width * fit) / 2;
  const top = (box.height - doc.height * fit) / 2;
  const cursor = brush.size * fit * view.zoom;
  return (
    <div
      ref={stage}
      className={`mask-stage${panning ? ' mask-stage-pan' : brush.shape === 'freehand' ? '' : ' mask-stage-shape'}`}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      onPointerLeave={() => setPointer(null)}
      onWheel={(event) => {
        const rect = stage.current?.getBoundingClientRect();
        onView(zoomAround(view, event.deltaY < 0 ? 1.15 : 1 / 1.15, { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) }));
      }}
    >
      <div className="mask-layer" style={{ transform: `translate(${view.panX}px, ${view.panY}px) scale(${view.zoom})` }}>
        <img className="mask-image" src={imageUrl} alt={imageAlt} draggable={false} style={{ left, top, width: doc.width * fit, height: doc.height * fit }} />
        <canvas ref={canvas} className="mask-overlay" hidden={!showOverlay} style={{ left, top, width: doc.width * fit, height: doc.height * fit }} />
      </div>
      {outline && (
        <ShapeOutline
          points={outline}
          shape={brush.shape === 'rect' ? 'rect' : 'lasso'}
          transform={{ left: left * view.zoom + view.panX, top: top * view.zoom + view.panY, scale: fit * view.zoom }}
        />
      )}
      {pointer && !panning && brush.shape === 'freehand' && (
        <span
          className={`mask-cursor mask-cursor-${brush.tool}`}
          aria-hidden="true"
          style={{ left: pointer.x - cursor / 2, top: pointer.y - cursor / 2, width: cursor, height: cursor }}
        />
      )}
    </div>
  );
}

/** Uploads one rectangle of the coverage to the canvas (the whole of it after a resize). */
function draw(target: HTMLCanvasElement | null, coverage: Coverage, rect: Rect): void {
  const context = target?.getContext('2d');
  if (!target || !context) return;
  let area = rect;
  if (target.width !== coverage.width || target.height !== coverage.height) {
    target.width = coverage.width;
    target.height = coverage.height;
    area = { x: 0, y: 0, width: coverage.width, height: coverage.height };
  }
  if (area.width === 0 || area.height === 0) return;
  context.putImageData(new ImageData(overlayPixels(coverage, OVERLAY_COLOUR, 0.55, area), area.width, area.height), area.x, area.y);
}
