/**
 * An edit's output size follows its source: with a wide size left over from an earlier request,
 * a square image to edit makes the form ask for a square, on either channel of Image 2.
 */
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { useCreateStore } from '../../src/renderer/src/features/create/store/create-store';
import { studioPerFile } from './studio-harness';
import { until } from './dom';

studioPerFile({ connect: false });

beforeEach(async () => {
  await useCreateStore.getState().loadModels();
});

async function image(name: string, width: number, height: number): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#6a8' } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

const size = (): unknown => useCreateStore.getState().values.size;

describe('the size of an edit', () => {
  it('follows the shape of the image edited, not a ratio chosen before', async () => {
    const store = useCreateStore.getState();
    store.chooseModel({ variantId: 'image.gen-image-2.direct', modelId: 'gen-image-2' }, 'create');
    store.setValue('size', { tier: '1K', ratio: '16:9' });

    store.chooseModel({ variantId: 'image.gen-image-2.edit', modelId: 'gen-image-2' }, 'edit');
    await store.addFiles('image_urls', [await image('square.png', 512, 512)]);
    await until(() => expect(size()).toEqual({ tier: '1K', ratio: '1:1' }));

    // The queued channel: its own table, the same shape.
    store.setValue('size', { tier: '1K', ratio: '16:9' });
    store.chooseModel({ variantId: 'image.gen-image-2.task', modelId: 'gen-image-2' }, 'edit');
    await until(() => expect(size()).toEqual({ tier: '1K', ratio: '1:1' }));

    // A size the artist picks afterwards stays.
    store.setValue('size', { tier: '1K', ratio: '3:2' });
    expect(size()).toEqual({ tier: '1K', ratio: '3:2' });
  });

  it('takes the nearest shape of the tier chosen for a wide or tall source', async () => {
    const store = useCreateStore.getState();
    store.clearReferences();
    store.chooseModel({ variantId: 'image.gen-image-2.task', modelId: 'gen-image-2' }, 'edit');
    store.setValue('size', { tier: '2K', ratio: '1:1' });
    await store.addFiles('image_urls', [await image('tall.png', 900, 1600)]);
    await until(() => expect(size()).toEqual({ tier: '2K', ratio: '9:16' }));
  });

  it('leaves the size alone when creating rather than editing', async () => {
    const store = useCreateStore.getState();
    store.clearReferences();
    store.chooseModel({ variantId: 'image.gen-image-2.task', modelId: 'gen-image-2' }, 'create');
    store.setValue('size', { tier: '1K', ratio: '16:9' });
    await store.addFiles('image_urls', [await image('style.png', 512, 512)]);
    expect(useCreateStore.getState().trays.image_urls?.[0]?.state).toBe('ready');
    expect(size()).toEqual({ tier: '1K', ratio: '16:9' });
  });
});
