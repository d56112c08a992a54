import { describe, expect, it } from 'vitest';
import {
  anchorAt,
  columnsOf,
  itemsInRect,
  justifiedLayout,
  layoutRatio,
  moveInLayout,
  normalizeRect,
  prependedCount,
  rowBoxes,
  rowOfItem,
  scrollToAnchor,
  type JustifiedLayout,
} from './justified-layout';

const options = { width: 1000, target: 200, gap: 8, padding: 12 };
const squares = (count: number): number[] => Array.from({ length: count }, () => 1);
const boxesOf = (layout: JustifiedLayout) => layout.rows.map((row) => rowBoxes(layout, row));

describe('justified rows', () => {
  it('keep every item at its own ratio and fill each full row to the grid width', () => {
    const ratios = [16 / 9, 9 / 16, 1, 4 / 3, 16 / 9, 9 / 16, 1, 2, 0.75, 1.5, 1, 1];
    const layout = justifiedLayout(ratios, options);
    for (const row of layout.rows) {
      const boxes = rowBoxes(layout, row);
      for (const box of boxes) expect(Math.abs(box.width / row.height - (ratios[box.index] ?? 0)) / (ratios[box.index] ?? 1)).toBeLessThan(0.02);
      if (row.full) expect((boxes.at(-1)?.left ?? 0) + (boxes.at(-1)?.width ?? 0)).toBe(1000 - 12);
      // Items sit one gap apart.
      boxes.slice(1).forEach((box, at) => expect(box.left - ((boxes[at]?.left ?? 0) + (boxes[at]?.width ?? 0))).toBe(8));
    }
    // Rows stay near the chosen height, and the last (unfilled) row keeps it.
    for (const row of layout.rows.filter((r) => r.full)) expect(Math.abs(row.height - 200)).toBeLessThan(80);
    expect(layout.rows.at(-1)).toMatchObject({ end: 12 });
    expect(layout.rows.map((row) => row.start)).toEqual([...layout.rows.map((row) => row.start)].sort((a, b) => a - b));
  });

  it('make a grid of squares when every result is square (or the square option is on)', () => {
    const layout = justifiedLayout(squares(14), options);
    expect(layout.rows.map((row) => row.end - row.start)).toEqual([5, 5, 4]);
    expect(layout.rows[0]).toMatchObject({ top: 12, full: true });
    expect(layout.rows[1]?.top).toBe(12 + (layout.rows[0]?.height ?? 0) + 8);
    expect(layout.rows[2]).toMatchObject({ height: 200, full: false });
    expect(columnsOf(layout)).toBe(5);
    expect(layoutRatio(1920, 1080, 'image', true)).toBe(1);
    expect(layoutRatio(1920, 1080, 'image')).toBeCloseTo(16 / 9);
    expect(layoutRatio(null, null, 'video')).toBeCloseTo(16 / 9);
    // A panorama is cropped in its tile rather than becoming a sliver.
    expect(layoutRatio(8000, 500, 'image')).toBe(4);
  });

  it('grow by a page at the cost of that page: finished rows are kept as they were', () => {
    const ratios = Array.from({ length: 60 }, (_, i) => [1, 16 / 9, 0.75][i % 3] ?? 1);
    const first = justifiedLayout(ratios, options);
    const more = [...ratios, ...ratios];
    const grown = justifiedLayout(more, options, first);
    const whole = justifiedLayout(more, options);
    expect(grown.rows).toEqual(whole.rows);
    expect(grown.height).toBe(whole.height);
    // Every finished row is the very same object: nothing before the end was computed again.
    const kept = first.rows.filter((row) => row.full && row.end < 60);
    kept.forEach((row, at) => expect(grown.rows[at]).toBe(row));
    // A result put in front changes every row; a new width does too.
    expect(justifiedLayout([2, ...more], options, grown).rows).toEqual(justifiedLayout([2, ...more], options).rows);
    expect(justifiedLayout(more, { ...options, width: 700 }, grown).rows).toEqual(justifiedLayout(more, { ...options, width: 700 }).rows);
  });

  it('lay out 100,000 results and grow them by a page, keeping the rows before it', () => {
    const ratios = Array.from({ length: 100_000 }, (_, i) => [1, 16 / 9, 9 / 16, 4 / 3][i % 4] ?? 1);
    const layout = justifiedLayout(ratios, options);
    expect(layout.rows.length).toBeGreaterThan(15_000);
    expect(rowOfItem(layout, 99_999)).toBe(layout.rows.length - 1);
    const grown = justifiedLayout([...ratios, ...squares(60)], options, layout);
    expect(grown.rows.length).toBeGreaterThan(layout.rows.length);
    expect(grown.rows[layout.rows.length - 2]).toBe(layout.rows[layout.rows.length - 2]);
  });
});

describe('hit-testing and the keyboard', () => {
  const layout = justifiedLayout(squares(100), { width: 448, target: 100, gap: 8, padding: 12 }); // 4 columns of 100

  it('select what a rubber band touches, in any direction, including rows out of view', () => {
    expect(boxesOf(layout)[0]?.map((box) => box.left)).toEqual([12, 120, 228, 336]);
    const hit = itemsInRect(normalizeRect({ x: 330, y: 2000 }, { x: 150, y: 50 }), layout);
    expect(hit).toContain(1);
    expect(hit).toContain(2);
    expect(hit).not.toContain(0);
    expect(hit).not.toContain(3);
    expect(hit).toContain(17 * 4 + 2); // row 17 lies inside y 50..2000
    expect(itemsInRect({ left: 0, top: 0, right: 448, bottom: 5000 }, justifiedLayout(squares(6), layout.options))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(itemsInRect({ left: 0, top: 0, right: 11, bottom: 11 }, layout)).toEqual([]);
  });

  it('move by one, to the item under the middle of the row above or below, and stay inside the items', () => {
    expect(moveInLayout(layout, 5, 'ArrowRight')).toBe(6);
    expect(moveInLayout(layout, 5, 'ArrowDown')).toBe(9);
    expect(moveInLayout(layout, 9, 'ArrowUp')).toBe(5);
    expect(moveInLayout(layout, 2, 'ArrowUp')).toBe(2); // first row: stays
    expect(moveInLayout(layout, 97, 'ArrowDown')).toBe(99); // last row: the last item
    expect(moveInLayout(layout, 0, 'ArrowLeft')).toBe(0);
    expect(moveInLayout(layout, 99, 'ArrowRight')).toBe(99);
    expect(moveInLayout(layout, 5, 'Home')).toBe(0);
    expect(moveInLayout(layout, 5, 'End')).toBe(99);
    expect(moveInLayout(layout, 1, 'PageDown', 3)).toBe(13);
    expect(moveInLayout(layout, -1, 'ArrowDown')).toBe(0);
    expect(moveInLayout(justifiedLayout([], layout.options), 0, 'ArrowDown')).toBe(-1);
    // Rows of different widths: down from a wide item lands under its middle.
    const mixed = justifiedLayout([2, 1, 1, 1, 1, 1], { width: 448, target: 100, gap: 8, padding: 12 });
    expect(mixed.rows.map((row) => row.end - row.start)).toEqual([3, 3]);
    expect(moveInLayout(mixed, 0, 'ArrowDown')).toBe(3);
    expect(moveInLayout(mixed, 2, 'ArrowDown')).toBe(5);
  });
});

describe('results arriving at the top', () => {
  it('keep the row being looked at in place: one row down for each row of arrivals', () => {
    const before = justifiedLayout(squares(40), { width: 448, target: 100, gap: 8, padding: 12 });
    const anchor = anchorAt(before, 300);
    expect(anchor).toEqual({ index: 8, offset: 300 - (before.rows[2]?.top ?? 0) });
    if (!anchor) throw new Error('no anchor');
    // Three arrive: the anchor's item moves along its row, which stays where it is.
    const three = justifiedLayout(squares(43), before.options, before);
    expect(scrollToAnchor(three, anchor.index + 3, anchor.offset)).toBe(300);
    // A fourth fills a row: everything is one row lower, and so is the view.
    const four = justifiedLayout(squares(44), before.options, three);
    expect(scrollToAnchor(four, anchor.index + 4, anchor.offset)).toBe(300 + 108);
    expect(prependedCount(['a', 'b'], ['x', 'y', 'a', 'b'])).toBe(2);
    expect(prependedCount(['a', 'b'], ['a', 'b', 'c'])).toBe(0);
    expect(prependedCount([], ['a'])).toBe(0);
  });
});
