import { describe, expect, it } from 'vitest';
import { gridLayout, itemAt, itemsInRect, normalizeRect, prependedCount, rowCount, scrollAfterPrepend, tileRect } from './grid-layout';

describe('grid layout', () => {
  it('fits as many columns as tiles of the target size allow, then fills the width', () => {
    const layout = gridLayout(1000, 200, 8, 12);
    expect(layout.columns).toBe(4);
    expect(layout.tile * 4 + 8 * 3 + 24).toBeLessThanOrEqual(1000);
    expect(layout.tile * 4 + 8 * 3 + 24).toBeGreaterThan(1000 - 4);
    expect(gridLayout(100, 400).columns).toBe(1);
    expect(rowCount(9, 4)).toBe(3);
  });

  it('places tiles row by row', () => {
    const layout = gridLayout(448, 100, 8, 12); // 4 columns of 100
    expect(layout.tile).toBe(100);
    expect(tileRect(5, layout)).toEqual({ left: 120, top: 120, right: 220, bottom: 220 });
  });

  it('selects what a rubber band touches, in any direction, including rows out of view', () => {
    const layout = gridLayout(448, 100, 8, 12);
    const band = normalizeRect({ x: 330, y: 2000 }, { x: 150, y: 50 });
    const hit = itemsInRect(band, layout, 100);
    expect(hit).toContain(1);
    expect(hit).toContain(2);
    expect(hit).not.toContain(0);
    expect(hit).not.toContain(3);
    expect(hit).toContain(17 * 4 + 2); // row 17 lies inside y 50..2000
    expect(itemsInRect({ left: 0, top: 0, right: 448, bottom: 5000 }, layout, 6)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('finds the item under a point, and none in a gap or past the end', () => {
    const layout = gridLayout(448, 100, 8, 12);
    expect(itemAt({ x: 130, y: 20 }, layout, 10)).toBe(1);
    expect(itemAt({ x: 114, y: 20 }, layout, 10)).toBeNull(); // the gap between columns 0 and 1
    expect(itemAt({ x: 130, y: 250 }, layout, 9)).toBeNull(); // item 9 does not exist
  });

  it('keeps the viewed row in place when results arrive at the top, but not at the very top', () => {
    const layout = gridLayout(448, 100, 8, 12); // rowHeight 108, 4 columns
    const row10 = 12 + 10 * 108;
    expect(scrollAfterPrepend(0, 3, layout)).toEqual({ scrollTop: 0, carry: 0 });
    // Looking at row 10 (items 40..43); 4 new items push it down exactly one row.
    expect(scrollAfterPrepend(row10, 4, layout)).toEqual({ scrollTop: row10 + 108, carry: 0 });
    // 2 new items move item 40 to 42: same row, no scroll yet; 9 are two rows and one over.
    expect(scrollAfterPrepend(row10, 2, layout)).toEqual({ scrollTop: row10, carry: 2 });
    expect(scrollAfterPrepend(row10, 9, layout)).toEqual({ scrollTop: row10 + 2 * 108, carry: 1 });
  });

  it('moves the view one row for every row of results that arrive one at a time', () => {
    const layout = gridLayout(448, 100, 8, 12);
    let view = { scrollTop: 12 + 10 * 108, carry: 0 };
    const seen: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      view = scrollAfterPrepend(view.scrollTop, 1, layout, view.carry);
      seen.push(view.scrollTop);
    }
    const row = (n: number): number => 12 + n * 108;
    expect(seen).toEqual([row(10), row(10), row(10), row(11), row(11), row(11), row(11), row(12)]);
  });

  it('counts the items put in front of a list, and nothing for other changes', () => {
    expect(prependedCount(['a', 'b'], ['x', 'y', 'a', 'b'])).toBe(2);
    expect(prependedCount(['a', 'b'], ['a', 'b', 'c'])).toBe(0);
    expect(prependedCount(['a', 'b'], ['x', 'b'])).toBe(0);
    expect(prependedCount([], ['x'])).toBe(0);
  });
});
