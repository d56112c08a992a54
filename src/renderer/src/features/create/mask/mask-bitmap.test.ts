import { describe, expect, it } from 'vitest';
import { CHECKPOINT_EVERY, MAX_CHECKPOINTS, commitEdits, editBounds, markedIn, type MaskBitmap, type Rect } from './mask-bitmap';
import { applyEdit, emptyMask, redo, undo, type MaskDocument, type MaskStroke } from './mask-model';
import { overlayPixels, rasterize } from './mask-raster';

const stroke = (x: number, y: number, tool: 'brush' | 'eraser' = 'brush', size = 10): MaskStroke => ({
  kind: 'stroke',
  tool,
  size,
  hardness: 0.5,
  points: [
    { x, y },
    { x: x + 12, y: y + 5 },
  ],
});

/** What a full replay gives, the reference the bitmap must match pixel for pixel. */
const replayed = (doc: MaskDocument, scale: number): number[] => [...rasterize(doc, scale).data];

/** Pixels that differ between two coverages, as coordinates. */
function changedPixels(before: readonly number[], after: readonly number[], width: number): { x: number; y: number }[] {
  const changed: { x: number; y: number }[] = [];
  for (let i = 0; i < after.length; i++) if (before[i] !== after[i]) changed.push({ x: i % width, y: Math.floor(i / width) });
  return changed;
}
const inside = (rect: Rect | null, point: { x: number; y: number }): boolean =>
  rect !== null && point.x >= rect.x && point.y >= rect.y && point.x < rect.x + rect.width && point.y < rect.y + rect.height;

describe('the committed mask bitmap', () => {
  it('matches a full replay after every new edit, and names a rectangle that holds every changed pixel', () => {
    const scale = 0.5;
    let doc = emptyMask(200, 120);
    let bitmap: MaskBitmap | null = commitEdits(null, doc, scale).bitmap;
    const edits = [stroke(20, 20), stroke(150, 90), stroke(60, 60, 'eraser', 30), { kind: 'invert' as const }, stroke(100, 30, 'eraser')];
    for (const edit of edits) {
      const before = [...bitmap.coverage.data];
      doc = applyEdit(doc, edit);
      const step: { bitmap: MaskBitmap; dirty: Rect | null } = commitEdits(bitmap, doc, scale);
      bitmap = step.bitmap;
      const after = [...bitmap.coverage.data];
      expect(after).toEqual(replayed(doc, scale));
      for (const point of changedPixels(before, after, bitmap.coverage.width)) expect(inside(step.dirty, point)).toBe(true);
      expect(bitmap.marked).toBe(markedIn(bitmap.coverage, { x: 0, y: 0, width: bitmap.coverage.width, height: bitmap.coverage.height }));
    }
  });

  it('paints only the new stroke: the rectangle is the stroke’s, not the image', () => {
    const doc = applyEdit(emptyMask(400, 300), stroke(10, 10));
    const first = commitEdits(null, doc, 1);
    const drawn = applyEdit(doc, stroke(300, 200));
    const next = commitEdits(first.bitmap, drawn, 1);
    expect(next.dirty).toEqual(editBounds(stroke(300, 200), next.bitmap.coverage, 1));
    expect((next.dirty?.width ?? 0) * (next.dirty?.height ?? 0)).toBeLessThan(400 * 300 * 0.01);
    // Nothing new: nothing to draw, and the same bitmap.
    const again = commitEdits(next.bitmap, drawn, 1);
    expect(again.dirty).toBeNull();
    expect(again.bitmap).toBe(next.bitmap);
  });

  it('undoes and redoes through checkpoints, matching a full replay each time', () => {
    const scale = 1;
    let doc = emptyMask(80, 80);
    for (let i = 0; i < CHECKPOINT_EVERY * 2 + 3; i++) doc = applyEdit(doc, stroke((i * 7) % 70, (i * 11) % 70));
    let { bitmap } = commitEdits(null, doc, scale);
    expect(bitmap.checkpoints.map((checkpoint) => checkpoint.count)).toEqual([CHECKPOINT_EVERY, CHECKPOINT_EVERY * 2]);
    for (let i = 0; i < 5; i++) {
      const before = [...bitmap.coverage.data];
      doc = undo(doc);
      const step = commitEdits(bitmap, doc, scale);
      bitmap = step.bitmap;
      expect([...bitmap.coverage.data]).toEqual(replayed(doc, scale));
      // What an undo takes away is inside the rectangle it names.
      const changed = changedPixels(before, [...bitmap.coverage.data], bitmap.coverage.width);
      expect(changed.length).toBeGreaterThan(0);
      for (const point of changed) expect(inside(step.dirty, point)).toBe(true);
    }
    // Past the second checkpoint's count: it is dropped, the first one serves.
    expect(bitmap.checkpoints.map((checkpoint) => checkpoint.count)).toEqual([CHECKPOINT_EVERY]);
    doc = redo(redo(doc));
    bitmap = commitEdits(bitmap, doc, scale).bitmap;
    expect([...bitmap.coverage.data]).toEqual(replayed(doc, scale));
    // A new edit after an undo replaces what was undone.
    doc = applyEdit(undo(doc), stroke(5, 60, 'eraser', 20));
    bitmap = commitEdits(bitmap, doc, scale).bitmap;
    expect([...bitmap.coverage.data]).toEqual(replayed(doc, scale));
  });

  it('keeps a bounded number of checkpoints however long the history', () => {
    let doc = emptyMask(40, 40);
    for (let i = 0; i < CHECKPOINT_EVERY * (MAX_CHECKPOINTS + 4); i++) doc = applyEdit(doc, stroke(i % 30, (i * 3) % 30, 'brush', 4));
    const { bitmap } = commitEdits(null, doc, 1);
    expect(bitmap.checkpoints).toHaveLength(MAX_CHECKPOINTS);
    // Undo below the oldest kept checkpoint replays from the empty start, and still matches.
    let back = doc;
    for (let i = 0; i < doc.edits.length - 3; i++) back = undo(back);
    expect([...commitEdits(bitmap, back, 1).bitmap.coverage.data]).toEqual(replayed(back, 1));
  });

  it('starts again at a new scale or for another image', () => {
    const doc = applyEdit(emptyMask(100, 100), stroke(40, 40));
    const small = commitEdits(null, doc, 0.25);
    const large = commitEdits(small.bitmap, doc, 1);
    expect(large.bitmap.coverage.width).toBe(100);
    expect(large.dirty).toEqual({ x: 0, y: 0, width: 100, height: 100 });
    expect([...large.bitmap.coverage.data]).toEqual(replayed(doc, 1));
    const other = commitEdits(large.bitmap, emptyMask(50, 20), 1);
    expect(other.bitmap.coverage).toMatchObject({ width: 50, height: 20 });
    expect(other.bitmap.marked).toBe(0);
  });

  it('draws the overlay of one rectangle as the same pixels the whole overlay has there', () => {
    const doc = applyEdit(emptyMask(30, 20), stroke(8, 6));
    const coverage = rasterize(doc);
    const colour = { r: 255, g: 40, b: 90 };
    const whole = overlayPixels(coverage, colour);
    const rect = { x: 4, y: 3, width: 10, height: 6 };
    const part = overlayPixels(coverage, colour, 0.55, rect);
    expect(part).toHaveLength(rect.width * rect.height * 4);
    for (let row = 0; row < rect.height; row++) {
      const from = ((rect.y + row) * coverage.width + rect.x) * 4;
      expect([...part.slice(row * rect.width * 4, (row + 1) * rect.width * 4)]).toEqual([...whole.slice(from, from + rect.width * 4)]);
    }
  });
});
