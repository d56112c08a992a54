import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { modelChoices } from '../../src/renderer/src/features/create/model/model-choices';
import { useBatchStore } from '../../src/renderer/src/features/create/stores/batch-store';
import { useFormStore } from '../../src/renderer/src/features/create/stores/form-store';
import { useModelsStore } from '../../src/renderer/src/features/create/stores/models-store';
import { useReferencesStore } from '../../src/renderer/src/features/create/stores/references-store';
import { connectStudio } from '../../src/renderer/src/studio/studio-client';
import { resetStores } from './reset-stores';
import { startRendererStudio, type RendererStudio } from './studio-harness';

let main: RendererStudio;

beforeEach(async () => {
  resetStores();
  main = await startRendererStudio();
  connectStudio(main.client);
  await useModelsStore.getState().load();
});
afterEach(async () => {
  await main.stop();
});

/** A tiny PNG whose header declares a huge picture: a decompression bomb. */
function bombPng(width: number, height: number): Uint8Array<ArrayBuffer> {
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(width + 1))), chunk('IEND', Buffer.alloc(0))]));
}

const png = async (width: number, height: number): Promise<Uint8Array<ArrayBuffer>> =>
  new Uint8Array(await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer());

describe('Create’s slices, on the real studio core and the demo gateway', () => {
  it('offers every image and video model of the gateway: catalog variants with their usual channel, unknown models with the generic form', () => {
    const choices = modelChoices(useModelsStore.getState().models, 'generate');
    const chips = (variantId: string): string[] => choices.find((choice) => choice.variantId === variantId)?.chips.map((chip) => chip.en) ?? [];
    expect(chips('image.gen-image-2.direct')).toContain('Usually direct');
    expect(chips('image.gen-image-2.task')).toContain('Usually queued');
    const lumen = choices.filter((choice) => choice.modelId.startsWith('lumen-'));
    expect(lumen.map((choice) => [choice.modelId, choice.kind, choice.generic])).toEqual(
      expect.arrayContaining([
        ['lumen-image-1', 'image', true],
        ['lumen-video-1', 'video', true],
      ]),
    );
    expect(lumen.every((choice) => choice.chips.some((chip) => chip.en === 'Generic form'))).toBe(true);
  });

  it('keeps the prompt and every option that still applies when the model changes, and names what it left behind', () => {
    const form = useFormStore.getState();
    form.choose({ variantId: 'image.gen-image-2.direct', modelId: 'gen-image-2' });
    form.setPrompt('a lighthouse in fog');
    form.setValue('quality', 'low');
    form.setValue('output_format', 'jpeg');
    useFormStore.getState().choose({ variantId: 'image.nova-3.1-flash-image', modelId: 'nova-3.1-flash-image' });
    const after = useFormStore.getState();
    expect(after.prompt).toBe('a lighthouse in fog');
    expect(after.values.quality).toBeUndefined();
    expect(after.leftBehind.map((label) => label.en)).toEqual(expect.arrayContaining(['Quality']));
    // Back again: the prompt is still there.
    useFormStore.getState().choose({ variantId: 'image.gen-image-2.task', modelId: 'gen-image-2' });
    expect(useFormStore.getState().prompt).toBe('a lighthouse in fog');
  });

  it('uploads dropped images through main as bytes, and refuses bad files with main’s reason without touching the rest', async () => {
    useFormStore.getState().setPrompt('keep me');
    await useReferencesStore.getState().addFiles('image_urls', [
      new File([await png(300, 200)], 'good.png', { type: 'image/png' }),
      new File([new TextEncoder().encode('not a picture at all')], 'fake.png', { type: 'image/png' }),
      new File([], 'empty.png', { type: 'image/png' }),
      new File([await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).tiff().toBuffer()], 'scan.png', { type: 'image/png' }),
      new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }),
      new File([bombPng(20_000, 20_000)], 'bomb.png', { type: 'image/png' }),
    ]);
    const tray = useReferencesStore.getState().trays.image_urls ?? [];
    expect(tray.map((item) => [item.name, item.state])).toEqual([
      ['good.png', 'ready'],
      ['fake.png', 'failed'],
      ['empty.png', 'failed'],
      ['scan.png', 'failed'],
      ['huge.png', 'failed'],
      ['bomb.png', 'failed'],
    ]);
    expect(tray[0]).toMatchObject({ width: 300, height: 200, mime: 'image/png' });
    expect(tray[0]?.url).toMatch(/^https?:\/\//);
    // Main's reasons, each worded for the window (a TIFF behind a .png name is refused by its bytes).
    expect(tray.slice(1).map((item) => item.error?.reason)).toEqual(['upload_not_image', 'upload_empty', 'upload_type_refused', 'upload_too_large', 'upload_too_many_pixels']);
    expect(useFormStore.getState().prompt).toBe('keep me');
    // The same bytes again come from the content-hash cache: the same address.
    await useReferencesStore.getState().addFiles('image_urls', [new File([await png(300, 200)], 'again.png', { type: 'image/png' })]);
    expect(useReferencesStore.getState().trays.image_urls?.[6]?.url).toBe(tray[0]?.url);
  });

  it('estimates a batch before it is sent: unknown without history', async () => {
    await useBatchStore.getState().requestEstimate({ variantIds: ['image.gen-image-2.direct'], prompts: ['a', 'b', 'c'], countPerPrompt: 2, values: {} });
    const estimate = useBatchStore.getState().estimate;
    expect(estimate.status).toBe('ready');
    expect(estimate.value).toMatchObject({ requests: 6, credits: null, unpricedRequests: 6 });
  });
});
