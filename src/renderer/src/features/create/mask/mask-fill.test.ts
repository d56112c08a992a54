import { describe, expect, it } from 'vitest';
import { commitEdits } from './mask-bitmap';
import { featherFalloff, fillBounds, insidePolygon } from './mask-fill';
import { applyEdit, emptyMask, undo, type MaskFill, type MaskPoint } from './mask-model';
import { rasterize, repaintShare, type Coverage } from './mask-raster';

const rect = (a: MaskPoint, b: MaskPoint, feather = 0, tool: MaskFill['tool'] = 'brush'): MaskFill => ({
  kind: 'fill',
  tool,
  shape: 'rect',
  feather,
  points: [a, b],
});
const lasso = (points: MaskPoint[], feather = 0): MaskFill => ({ kind: 'fill', tool: 'brush', shape: 'lasso', feather, points });
const at = (coverage: Coverage, x: number, y: number): number => coverage.data[y * coverage.width + x] ?? -1;

describe('rectangle fills', () => {
  it('a hard rectangle covers exactly the pixels whose centres it holds', () => {
    const coverage = rasterize(applyEdit(emptyMask(100, 80), rect({ x: 10, y: 20 }, { x: 40, y: 50 })));
    expect(at(coverage, 10, 20)).toBe(255);
    expect(at(coverage, 39, 49)).toBe(255);
    expect(at(coverage, 40, 30)).toBe(0);
    expect(at(coverage, 9, 30)).toBe(0);
    expect(at(coverage, 20, 50)).toBe(0);
    expect(repaintShare(coverage)).toBeCloseTo((30 * 30) / (100 * 80), 5);
  });

  it('is the same whichever corner the drag starts from', () => {
    const forward = rasterize(applyEdit(emptyMask(60, 60), rect({ x: 5, y: 8 }, { x: 40, y: 33 })));
    const backward = rasterize(applyEdit(emptyMask(60, 60), rect({ x: 40, y: 33 }, { x: 5, y: 8 })));
    expect(backward.data).toEqual(forward.data);
  });

  it('with the eraser, uncovers the rectangle and keeps the rest', () => {
    let doc = applyEdit(emptyMask(50, 50), rect({ x: 0, y: 0 }, { x: 50, y: 50 }));
    doc = applyEdit(doc, rect({ x: 10, y: 10 }, { x: 20, y: 20 }, 0, 'eraser'));
    const coverage = rasterize(doc);
    expect(at(coverage, 15, 15)).toBe(0);
    expect(at(coverage, 25, 25)).toBe(255);
    expect(repaintShare(coverage)).toBeCloseTo(1 - 100 / 2500, 5);
  });

  it('a drag without width or height adds no edit', () => {
    const doc = emptyMask(50, 50);
    expect(applyEdit(doc, rect({ x: 10, y: 10 }, { x: 30, y: 10 }))).toBe(doc);
    expect(
      applyEdit(
        doc,
        lasso([
          { x: 1, y: 1 },
          { x: 20, y: 20 },
        ]),
      ),
    ).toBe(doc);
  });
});

describe('lasso fills', () => {
  it('fills a closed outline: a right triangle covers about half its box', () => {
    const coverage = rasterize(
      applyEdit(
        emptyMask(100, 100),
        lasso([
          { x: 0, y: 0 },
          { x: 100, y: 0 },
          { x: 0, y: 100 },
        ]),
      ),
    );
    expect(at(coverage, 10, 10)).toBe(255);
    expect(at(coverage, 90, 90)).toBe(0);
    expect(repaintShare(coverage)).toBeCloseTo(0.5, 1);
  });

  it('leaves the hole of a crossed outline open (even-odd), as the outline drawn shows it', () => {
    // A bow tie: the left and right triangles meeting at the centre; the top and bottom ones are outside.
    const bowTie = [
      { x: 0, y: 0 },
      { x: 100, y: 100 },
      { x: 100, y: 0 },
      { x: 0, y: 100 },
    ];
    const coverage = rasterize(applyEdit(emptyMask(100, 100), lasso(bowTie)));
    expect(at(coverage, 10, 50)).toBe(255);
    expect(at(coverage, 50, 10)).toBe(0);
    expect(insidePolygon(10, 50, bowTie)).toBe(true);
    expect(insidePolygon(50, 10, bowTie)).toBe(false);
  });

  it('drops lasso points that add nothing, keeping the outline', () => {
    const dense = Array.from({ length: 200 }, (_, i) => ({ x: 10 + (i % 2) * 0.1, y: 10 + i * 0.2 }));
    const doc = applyEdit(emptyMask(100, 100), lasso([...dense, { x: 90, y: 90 }, { x: 90, y: 10 }]));
    const edit = doc.edits[0];
    expect(edit?.kind === 'fill' && edit.points.length).toBeLessThan(40);
  });
});

describe('feathering', () => {
  it('eases from none outside to full inside, reaching half on the outline', () => {
    expect(featherFalloff(-5, 10)).toBe(0);
    expect(featherFalloff(0, 10)).toBeCloseTo(0.5, 5);
    expect(featherFalloff(5, 10)).toBe(1);
    expect(featherFalloff(2, 10)).toBeGreaterThan(featherFalloff(1, 10));
    expect(featherFalloff(0, 0)).toBe(1);
    expect(featherFalloff(-0.1, 0)).toBe(0);
  });

  it('softens a rectangle over a band centred on its edge, the middle untouched', () => {
    const feather = 20;
    const coverage = rasterize(applyEdit(emptyMask(200, 100), rect({ x: 50, y: 20 }, { x: 150, y: 80 }, feather)));
    const row = 50;
    const profile = Array.from({ length: 40 }, (_, i) => at(coverage, 30 + i, row));
    // Outside the band: nothing; inside it: full; across it: never decreasing.
    expect(at(coverage, 38, row)).toBe(0);
    expect(at(coverage, 61, row)).toBe(255);
    expect(at(coverage, 100, row)).toBe(255);
    for (let i = 1; i < profile.length; i++) expect(profile[i]).toBeGreaterThanOrEqual(profile[i - 1] ?? 0);
    // On the outline, about half.
    expect(at(coverage, 50, row)).toBeGreaterThan(100);
    expect(at(coverage, 50, row)).toBeLessThan(160);
    // A soft edge keeps the same area as the hard one, give or take the rounded corners.
    const hard = rasterize(applyEdit(emptyMask(200, 100), rect({ x: 50, y: 20 }, { x: 150, y: 80 })));
    const sum = (c: Coverage): number => c.data.reduce((total, value) => total + value, 0);
    expect(sum(coverage) / sum(hard)).toBeGreaterThan(0.95);
    expect(sum(coverage) / sum(hard)).toBeLessThan(1.02);
  });

  it('grows the changed area by half the feather, so the painter redraws all of it', () => {
    const bounds = fillBounds(rect({ x: 50, y: 20 }, { x: 150, y: 80 }, 40), { width: 400, height: 400 }, 0.5);
    expect(bounds.x).toBeLessThanOrEqual(25 - 10);
    expect(bounds.x + bounds.width).toBeGreaterThanOrEqual(75 + 10);
  });

  it('scales with the preview: a fill drawn at half size matches the full-size one', () => {
    const doc = applyEdit(
      emptyMask(200, 200),
      lasso(
        [
          { x: 20, y: 20 },
          { x: 180, y: 40 },
          { x: 100, y: 180 },
        ],
        30,
      ),
    );
    expect(repaintShare(rasterize(doc, 0.5))).toBeCloseTo(repaintShare(rasterize(doc, 1)), 2);
  });
});

describe('fills in the painter bitmap', () => {
  it('commits a fill into the bitmap and an undo takes it back', () => {
    let doc = applyEdit(emptyMask(100, 100), rect({ x: 0, y: 0 }, { x: 50, y: 100 }));
    let step = commitEdits(null, doc, 1);
    expect(step.bitmap.marked).toBe(5000);
    doc = applyEdit(
      doc,
      lasso(
        [
          { x: 50, y: 0 },
          { x: 100, y: 0 },
          { x: 100, y: 100 },
          { x: 50, y: 100 },
        ],
        10,
      ),
    );
    step = commitEdits(step.bitmap, doc, 1);
    expect(step.dirty?.x).toBeLessThanOrEqual(45);
    expect(step.bitmap.marked).toBe(10000 - Array.from(step.bitmap.coverage.data).filter((v) => v < 128).length);
    expect(step.bitmap.marked).toBeGreaterThan(9400);
    step = commitEdits(step.bitmap, undo(doc), 1);
    expect(step.bitmap.marked).toBe(5000);
  });
});
