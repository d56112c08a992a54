import { describe, expect, it } from 'vitest';
import { clampView, fitScale, panBy, paneView, sharedFromPane, zoomAt, zoomTo } from './zoom';

const picture = { width: 2000, height: 1000 };
const viewport = { width: 1000, height: 800 };

describe('zoom and pan', () => {
  it('fits the picture without enlarging a small one', () => {
    expect(fitScale(picture, viewport)).toBe(0.5);
    expect(fitScale({ width: 200, height: 100 }, viewport)).toBe(1);
  });

  it('keeps the point under the cursor in place while zooming', () => {
    const start = { scale: 0.5, x: 0, y: 0 };
    const point = { x: 750, y: 400 }; // 250 px right of centre: picture x = 250 / 0.5 = 500 from its centre
    const zoomed = zoomAt(start, 2, point, picture, viewport);
    expect(zoomed.scale).toBe(1);
    // The same picture point (500 px right of its centre) is still under the cursor.
    expect(250 - zoomed.x).toBeCloseTo(500 * zoomed.scale);
  });

  it('never lets the picture leave the viewport, and centres what is smaller than it', () => {
    expect(clampView({ scale: 1, x: 5000, y: -5000 }, picture, viewport)).toEqual({ scale: 1, x: 500, y: -100 });
    expect(panBy({ scale: 0.25, x: 0, y: 0 }, 300, 300, picture, viewport)).toEqual({ scale: 0.25, x: 0, y: 0 });
    expect(zoomTo({ scale: 0.5, x: 0, y: 0 }, 1000, picture, viewport).scale).toBe(16);
  });

  it('shows the same part of differently sized pictures in synced panes', () => {
    const view = zoomAt({ scale: 0.5, x: 0, y: 0 }, 3, { x: 900, y: 100 }, picture, viewport);
    const shared = sharedFromPane(view, picture, viewport);
    const half = { width: 1000, height: 500 };
    const other = paneView(shared, half, viewport);
    expect(other.scale / fitScale(half, viewport)).toBeCloseTo(view.scale / fitScale(picture, viewport));
    expect(other.x / (half.width * other.scale)).toBeCloseTo(view.x / (picture.width * view.scale));
  });
});
