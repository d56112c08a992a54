// Saving the painted mask and using a saved one, from Create's store on the real studio core and the demo gateway.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useCreateStore } from '../../src/renderer/src/features/create/store/create-store';
import { maskUrlOf } from '../../src/renderer/src/features/create/store/mask-slice';
import { studioPerFile } from './studio-harness';

studioPerFile({ connect: false });

describe('saved masks in the painter', () => {
  it('saves the painted mask at its image’s size, finds it again from main, and sends it in place of a painting', async () => {
    const store = useCreateStore.getState;
    store().openMask({ id: 'first', width: 20, height: 10 });
    // Nothing painted yet: the painter offers nothing to save.
    await store().saveMask('empty');
    store().editMask({
      kind: 'fill',
      tool: 'brush',
      shape: 'rect',
      feather: 0,
      points: [
        { x: 0, y: 0 },
        { x: 10, y: 10 },
      ],
    });
    await store().saveMask('left half');
    expect(store().savedMaskWork).toEqual({ state: 'saved', error: null });
    await store().loadSavedMasks();
    const [saved, ...others] = store().savedMasks;
    expect(others).toEqual([]);
    expect(saved).toMatchObject({ name: 'left half', width: 20, height: 10 });
    // Painting on makes it another mask than the one saved: the painter stops saying it was saved.
    store().editMask({ kind: 'invert' });
    expect(store().savedMaskWork.state).toBe('idle');

    await store().applySavedMask(saved?.id ?? '');
    const state = store();
    expect(state).toMatchObject({ maskDoc: null, maskEditing: false, savedMaskWork: { state: 'idle', error: null } });
    const url = maskUrlOf(state);
    if (url === null) throw new Error('no mask address');
    // What the gateway holds is the saved mask: transparent (repaint) on the left, opaque on the right.
    const { data, info } = await sharp(Buffer.from(await (await fetch(url)).arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([20, 10, 4]);
    expect(data[3]).toBe(0);
    expect(data[(19 + 5 * 20) * 4 + 3]).toBe(255);
  });

  it('says in the painter when a saved mask is gone, and keeps the painting', async () => {
    const store = useCreateStore.getState;
    store().openMask({ id: 'first', width: 8, height: 8 });
    store().editMask({ kind: 'invert' });
    await store().applySavedMask('no-such-mask');
    expect(store().savedMaskWork.error).toMatchObject({ code: 'not_found', reason: 'mask_not_found' });
    expect(store().maskDoc?.edits).toHaveLength(1);
  });
});
