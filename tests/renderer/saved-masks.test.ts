// Saving the painted mask and loading a saved one back into the painter, from Create's store on
// the real studio core and the demo gateway.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { maskFit } from '../../src/renderer/src/features/create/mask/mask-fit';
import { rasterize } from '../../src/renderer/src/features/create/mask/mask-raster';
import { useCreateStore } from '../../src/renderer/src/features/create/store/create-store';
import { maskUrlOf } from '../../src/renderer/src/features/create/store/mask-slice';
import { studioPerFile } from './studio-harness';

const perFile = studioPerFile({ connect: false });
const store = useCreateStore.getState;

/** Paints a hard rectangle between two corners, in image pixels. */
const paintRect = (from: { x: number; y: number }, to: { x: number; y: number }): void =>
  store().editMask({ kind: 'fill', tool: 'brush', shape: 'rect', feather: 0, points: [from, to] });

/** Paints the left half of a `width` x `height` image and saves it under `name`; returns its id. */
async function saveLeftHalf(name: string, width: number, height: number): Promise<string> {
  store().openMask({ id: `painted-${name}`, width, height });
  paintRect({ x: 0, y: 0 }, { x: width / 2, y: height });
  await store().saveMask(name);
  expect(store().savedMaskWork).toEqual({ state: 'saved', error: null });
  const saved = store().savedMasks.find((mask) => mask.name === name);
  if (!saved) throw new Error(`${name} was not saved`);
  return saved.id;
}

/** The painter's mask at its image's size, as a row of "#" (repaint) and "." (keep) per pixel row. */
function painted(): string[] {
  const doc = store().maskDoc;
  if (!doc) throw new Error('no mask in the painter');
  const coverage = rasterize(doc, 1);
  return Array.from({ length: coverage.height }, (_, y) =>
    Array.from(coverage.data.subarray(y * coverage.width, (y + 1) * coverage.width), (value) => (value >= 128 ? '#' : '.')).join(''),
  );
}

describe('saved masks in the painter', () => {
  it('saves the painted mask, loads it back into the painter to edit, and sends what the painter then holds', async () => {
    const id = await saveLeftHalf('left half', 20, 10);
    await store().loadSavedMasks();
    expect(store().savedMasks.map((mask) => [mask.name, mask.width, mask.height])).toEqual([['left half', 20, 10]]);

    // Cleared, then loaded back: the painter shows the saved mask again and stays open to edit it.
    store().editMask({ kind: 'clear' });
    expect(painted()[0]).toBe('....................');
    await store().loadSavedMask(id);
    expect(store()).toMatchObject({ maskEditing: true, savedMaskWork: { state: 'loaded', mask: { name: 'left half', width: 20, height: 10 } } });
    expect(painted()).toEqual(Array.from({ length: 10 }, () => '##########..........'));

    // Edited after loading (the top right corner too), then used: the gateway gets the edited mask.
    paintRect({ x: 15, y: 0 }, { x: 20, y: 2 });
    expect(store().savedMaskWork.state).toBe('idle');
    expect(painted().slice(0, 3)).toEqual(['##########.....#####', '##########.....#####', '##########..........']);
    const answer = await store().applyMask();
    expect(answer?.ok).toBe(true);
    const url = maskUrlOf(store());
    if (url === null) throw new Error('no mask address');
    const { data, info } = await sharp(Buffer.from(await (await fetch(url)).arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([20, 10, 4]);
    const alphaAt = (x: number, y: number) => data[(y * 20 + x) * 4 + 3];
    expect([alphaAt(0, 5), alphaAt(12, 5), alphaAt(18, 0), alphaAt(18, 5)]).toEqual([0, 255, 0, 255]);

    // Undo takes the load back whole, to the cleared painting.
    store().undoMask();
    store().undoMask();
    expect(painted()[0]).toBe('....................');
  });

  it('scales a mask of the image’s shape to its size, and re-checks it at once when the image is replaced', async () => {
    const id = await saveLeftHalf('small', 20, 10);
    store().openMask({ id: 'large', width: 40, height: 20 });
    await store().loadSavedMask(id);
    expect(store().savedMaskWork).toMatchObject({ state: 'loaded', mask: { width: 20, height: 10 } });
    const rows = painted();
    expect(rows).toHaveLength(20);
    expect(rows.every((row) => row === '#'.repeat(20) + '.'.repeat(20))).toBe(true);

    // The loaded mask is the painter's like any painting: another first image is measured against it.
    const { maskDoc, maskReferenceId } = store();
    expect(maskFit(maskDoc, maskReferenceId, { id: 'large', name: 'large.png', width: 40, height: 20 })).toEqual({ state: 'fits' });
    expect(maskFit(maskDoc, maskReferenceId, { id: 'other', name: 'square.png', width: 30, height: 30 })).toEqual({
      state: 'other-size',
      painted: { width: 40, height: 20 },
      image: { name: 'square.png', width: 30, height: 30 },
    });
  });

  it('refuses a mask of another shape with the reason, and keeps the painting', async () => {
    const id = await saveLeftHalf('wide', 20, 10);
    store().openMask({ id: 'square', width: 12, height: 12 });
    store().editMask({ kind: 'invert' });
    await store().loadSavedMask(id);
    expect(store().savedMaskWork).toEqual({ state: 'refused', error: null, mask: { name: 'wide', width: 20, height: 10, refused: 'otherShape' } });
    expect(store().maskDoc?.edits).toEqual([{ kind: 'invert' }]);
  });

  it('reads a mask saved by another program (filtered rows, RGBA) as the painter would have painted it', async () => {
    // Transparent (repaint) in the lower half only, in colours that make sharp choose several row filters.
    const rgba = Buffer.alloc(16 * 8 * 4);
    for (let i = 0; i < 16 * 8; i++) rgba.set([(i * 37) % 256, (i * 11) % 256, i % 256, i < 16 * 4 ? 255 : 0], i * 4);
    const lowerHalf = await sharp(rgba, { raw: { width: 16, height: 8, channels: 4 } })
      .png({ adaptiveFiltering: true })
      .toBuffer();
    const saved = await perFile.main.client.call('masks.save_mask', { name: 'lower half', bytes: lowerHalf.toString('base64') });
    if (!saved.ok) throw new Error(saved.error.message);
    store().openMask({ id: 'first', width: 16, height: 8 });
    await store().loadSavedMask(saved.value.id);
    expect(painted()).toEqual([...Array.from({ length: 4 }, () => '.'.repeat(16)), ...Array.from({ length: 4 }, () => '#'.repeat(16))]);
  });

  it('says in the painter when a saved mask is gone, and keeps the painting', async () => {
    store().openMask({ id: 'first', width: 8, height: 8 });
    store().editMask({ kind: 'invert' });
    await store().loadSavedMask('no-such-mask');
    expect(store().savedMaskWork.error).toMatchObject({ code: 'not_found', reason: 'mask_not_found' });
    expect(store().maskDoc?.edits).toHaveLength(1);
  });
});
