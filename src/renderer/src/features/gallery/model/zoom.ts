/**
 * Zoom and pan of a picture in a viewport, as pure functions over `{ scale, x, y }`: `x`/`y` is
 * where the picture's centre sits relative to the viewport's centre, in screen px. The detail
 * view and the compare view (one view shared by every pane) apply it as a CSS transform.
 */

export interface View {
  scale: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

const MIN_SCALE = 0.05;
const MAX_SCALE = 16;

/** The scale at which the whole picture fits the viewport (never enlarged past 1:1). */
export function fitScale(picture: Size, viewport: Size): number {
  if (picture.width <= 0 || picture.height <= 0 || viewport.width <= 0 || viewport.height <= 0) return 1;
  return Math.min(1, viewport.width / picture.width, viewport.height / picture.height);
}

const clampScale = (scale: number): number => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/**
 * Keeps the picture from leaving the viewport: when it is larger than the viewport its edge may
 * not come inside the viewport's; when smaller, it stays centred on that axis.
 */
export function clampView(view: View, picture: Size, viewport: Size): View {
  const limit = (shown: number, room: number): number => Math.max(0, (shown - room) / 2);
  const maxX = limit(picture.width * view.scale, viewport.width);
  const maxY = limit(picture.height * view.scale, viewport.height);
  return { scale: view.scale, x: Math.min(maxX, Math.max(-maxX, view.x)), y: Math.min(maxY, Math.max(-maxY, view.y)) };
}

/**
 * Zooms by `factor` keeping the picture point under `point` (viewport px from its top-left) where
 * it is, as a wheel or pinch does.
 */
export function zoomAt(view: View, factor: number, point: { x: number; y: number }, picture: Size, viewport: Size): View {
  const scale = clampScale(view.scale * factor);
  const ratio = scale / view.scale;
  const fromCentre = { x: point.x - viewport.width / 2, y: point.y - viewport.height / 2 };
  const x = fromCentre.x - (fromCentre.x - view.x) * ratio;
  const y = fromCentre.y - (fromCentre.y - view.y) * ratio;
  return clampView({ scale, x, y }, picture, viewport);
}

/** Zooms to an exact scale around the viewport's centre (buttons, keys). */
export function zoomTo(view: View, scale: number, picture: Size, viewport: Size): View {
  return zoomAt(view, clampScale(scale) / view.scale, { x: viewport.width / 2, y: viewport.height / 2 }, picture, viewport);
}

export function panBy(view: View, dx: number, dy: number, picture: Size, viewport: Size): View {
  return clampView({ ...view, x: view.x + dx, y: view.y + dy }, picture, viewport);
}

/** The CSS transform of the picture, laid out at its natural size centred in the viewport. */
export function viewTransform(view: View): string {
  return `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
}

/**
 * A view shared by panes showing pictures of different sizes (compare): zoom relative to each
 * pane's fit, and the pan as a fraction of the shown picture, so every pane shows the same part.
 */
export interface SharedView {
  zoom: number;
  fx: number;
  fy: number;
}

export const sharedFit: SharedView = { zoom: 1, fx: 0, fy: 0 };

export function paneView(shared: SharedView, picture: Size, viewport: Size): View {
  const scale = fitScale(picture, viewport) * shared.zoom;
  return clampView({ scale, x: shared.fx * picture.width * scale, y: shared.fy * picture.height * scale }, picture, viewport);
}

export function sharedFromPane(view: View, picture: Size, viewport: Size): SharedView {
  const fit = fitScale(picture, viewport);
  const shown = { width: picture.width * view.scale || 1, height: picture.height * view.scale || 1 };
  return { zoom: view.scale / fit, fx: view.x / shown.width, fy: view.y / shown.height };
}
