import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { applyEdit, canRedo, canUndo, emptyMask, redo, screenToImage, undo, zoomAround, type MaskDocument, type MaskStroke } from './mask-model';
import { brushFalloff, rasterize, repaintShare, type Coverage } from './mask-raster';
import { exportMaskPng } from './mask-export';

const brush = (points: { x: number; y: number }[], size = 20, hardness = 1): MaskStroke => ({ kind: 'stroke', tool: 'brush', size, hardness, points });
const eraser = (points: { x: number; y: number }[], size = 20): MaskStroke => ({ ...brush(points, size), tool: 'eraser' });
const at = (coverage: Coverage, x: number, y: number): number => coverage.data[y * coverage.width + x] ?? -1;

describe('mask strokes', () => {
  it('covers the pixels a hard brush passes over and leaves the rest untouched', () => {
    const doc = applyEdit(
      emptyMask(100, 60),
      brush([
        { x: 20, y: 30 },
        { x: 80, y: 30 },
      ]),
    );
    const coverage = rasterize(doc);
    expect(at(coverage, 50, 30)).toBe(255);
    expect(at(coverage, 20, 22)).toBe(255); // inside the radius (10) at the stroke's start
    expect(at(coverage, 50, 45)).toBe(0); // 15 px away from the line
    expect(at(coverage, 5, 5)).toBe(0);
  });

  it('a single click paints a disc', () => {
    const coverage = rasterize(applyEdit(emptyMask(40, 40), brush([{ x: 20, y: 20 }], 10)));
    expect(at(coverage, 20, 20)).toBe(255);
    expect(at(coverage, 26, 20)).toBe(0);
    expect(repaintShare(coverage)).toBeCloseTo((Math.PI * 25) / 1600, 1);
  });

  it('a soft brush fades from the centre line to its edge', () => {
    const coverage = rasterize(
      applyEdit(
        emptyMask(100, 100),
        brush(
          [
            { x: 10, y: 50 },
            { x: 90, y: 50 },
          ],
          40,
          0,
        ),
      ),
    );
    const centre = at(coverage, 50, 50);
    const halfway = at(coverage, 50, 60);
    const edge = at(coverage, 50, 69);
    expect(centre).toBeGreaterThan(240);
    expect(halfway).toBeGreaterThan(edge);
    expect(halfway).toBeLessThan(centre);
    expect(at(coverage, 50, 75)).toBe(0);
    expect(brushFalloff(0, 10, 0)).toBe(1);
    expect(brushFalloff(10, 10, 0)).toBe(0);
  });

  it('overlapping segments of one stroke are not darker than one pass', () => {
    const back = applyEdit(
      emptyMask(60, 20),
      brush(
        [
          { x: 10, y: 10 },
          { x: 50, y: 10 },
          { x: 10, y: 10 },
        ],
        12,
        0,
      ),
    );
    const once = applyEdit(
      emptyMask(60, 20),
      brush(
        [
          { x: 10, y: 10 },
          { x: 50, y: 10 },
        ],
        12,
        0,
      ),
    );
    expect([...rasterize(back).data]).toEqual([...rasterize(once).data]);
  });

  it('the eraser takes paint away where it passes', () => {
    let doc = applyEdit(
      emptyMask(100, 40),
      brush(
        [
          { x: 10, y: 20 },
          { x: 90, y: 20 },
        ],
        20,
      ),
    );
    doc = applyEdit(
      doc,
      eraser(
        [
          { x: 50, y: 0 },
          { x: 50, y: 40 },
        ],
        20,
      ),
    );
    const coverage = rasterize(doc);
    expect(at(coverage, 50, 20)).toBe(0);
    expect(at(coverage, 20, 20)).toBe(255);
  });

  it('invert swaps repaint and keep; clear keeps everything', () => {
    let doc = applyEdit(emptyMask(50, 50), brush([{ x: 25, y: 25 }], 10));
    doc = applyEdit(doc, { kind: 'invert' });
    const inverted = rasterize(doc);
    expect(at(inverted, 25, 25)).toBe(0);
    expect(at(inverted, 2, 2)).toBe(255);
    expect(repaintShare(rasterize(applyEdit(doc, { kind: 'clear' })))).toBe(0);
  });

  it('undo and redo walk the edits; a new edit forgets what was undone', () => {
    let doc: MaskDocument = applyEdit(emptyMask(30, 30), brush([{ x: 5, y: 5 }]));
    doc = applyEdit(doc, { kind: 'invert' });
    expect(canUndo(doc)).toBe(true);
    doc = undo(doc);
    expect(doc.edits.map((edit) => edit.kind)).toEqual(['stroke']);
    expect(canRedo(doc)).toBe(true);
    doc = redo(doc);
    expect(doc.edits.map((edit) => edit.kind)).toEqual(['stroke', 'invert']);
    doc = applyEdit(undo(doc), { kind: 'clear' });
    expect(canRedo(doc)).toBe(false);
    expect(undo(undo(undo(emptyMask(2, 2)))).edits).toEqual([]);
  });

  it('ignores strokes without points and clamps silly brush sizes', () => {
    const doc = emptyMask(20, 20);
    expect(applyEdit(doc, brush([]))).toBe(doc);
    const clamped = applyEdit(
      doc,
      brush(
        [
          { x: 1, y: 1 },
          { x: Number.NaN, y: 3 },
        ],
        99_999,
        7,
      ),
    );
    expect(clamped.edits[0]).toMatchObject({ size: 600, hardness: 1, points: [{ x: 1, y: 1 }] });
  });

  it('draws the same mask at screen scale as at full size', () => {
    const doc = applyEdit(
      emptyMask(400, 200),
      brush(
        [
          { x: 100, y: 100 },
          { x: 300, y: 100 },
        ],
        80,
      ),
    );
    const small = rasterize(doc, 0.25);
    expect([small.width, small.height]).toEqual([100, 50]);
    expect(at(small, 50, 25)).toBe(255);
    expect(repaintShare(small)).toBeCloseTo(repaintShare(rasterize(doc)), 1);
  });
});

describe('mask view', () => {
  it('maps the screen to image pixels through the fit, zoom and pan', () => {
    const doc = emptyMask(1000, 500);
    const box = { width: 500, height: 500 };
    // Fitted: 0.5 px per image pixel, centred vertically (125 px bands above and below).
    expect(screenToImage(doc, box, { zoom: 1, panX: 0, panY: 0 }, { x: 250, y: 250 })).toEqual({ x: 500, y: 250 });
    const zoomed = zoomAround({ zoom: 1, panX: 0, panY: 0 }, 2, { x: 250, y: 250 });
    // The point under the pointer stays under it.
    expect(screenToImage(doc, box, zoomed, { x: 250, y: 250 })).toEqual({ x: 500, y: 250 });
    expect(zoomAround(zoomed, 100, { x: 0, y: 0 }).zoom).toBe(8);
  });
});

describe('mask export', () => {
  it('is a PNG with an alpha channel at exactly the image’s pixel size: transparent where painted', async () => {
    const doc = applyEdit(
      emptyMask(321, 173),
      brush(
        [
          { x: 60, y: 86 },
          { x: 120, y: 86 },
        ],
        40,
      ),
    );
    const png = Buffer.from(await exportMaskPng(doc));
    const image = sharp(png);
    const meta = await image.metadata();
    expect(meta).toMatchObject({ format: 'png', width: 321, height: 173, hasAlpha: true, channels: 4 });
    const { data } = await image.raw().toBuffer({ resolveWithObject: true });
    const alpha = (x: number, y: number): number => data[(y * 321 + x) * 4 + 3] ?? -1;
    expect(alpha(90, 86)).toBe(0);
    expect(alpha(300, 20)).toBe(255);
  });

  it('exports an inverted mask as the inverse', async () => {
    const painted = applyEdit(emptyMask(64, 64), brush([{ x: 32, y: 32 }], 20));
    const inverted = applyEdit(painted, { kind: 'invert' });
    const alphaOf = async (doc: MaskDocument): Promise<number[]> => {
      const { data } = await sharp(Buffer.from(await exportMaskPng(doc)))
        .raw()
        .toBuffer({ resolveWithObject: true });
      return [data[(32 * 64 + 32) * 4 + 3] ?? -1, data[(2 * 64 + 2) * 4 + 3] ?? -1];
    };
    expect(await alphaOf(painted)).toEqual([0, 255]);
    expect(await alphaOf(inverted)).toEqual([255, 0]);
  });
});
