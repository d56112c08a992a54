import { deflateSync } from 'node:zlib';
import { sayInEnglish } from '../../src/shared/i18n/locales';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { entryModes, pickerEntries, resolveChoice } from '../../src/renderer/src/features/create/model/model-choices';
import { useCreateStore } from '../../src/renderer/src/features/create/store/create-store';
import { pngChunk } from '../helpers/png-chunks';
import { studioPerFile, type RendererStudio } from './studio-harness';

const studio = studioPerFile({ connect: false });
let main: RendererStudio;

beforeEach(async () => {
  main = studio.main;
  await useCreateStore.getState().loadModels();
});

/** A tiny PNG whose header declares a huge picture: a decompression bomb. */
function bombPng(width: number, height: number): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(Buffer.alloc(width + 1))), pngChunk('IEND', Buffer.alloc(0))]),
  );
}

const png = async (width: number, height: number): Promise<Uint8Array<ArrayBuffer>> =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
      .png()
      .toBuffer(),
  );

describe('Create’s slices, on the real studio core and the demo gateway', () => {
  it('offers every image and video model of the gateway once, as artists know it: how each way runs inside the entry, unknown models with the generic form', () => {
    const entries = pickerEntries(useCreateStore.getState().models, 'generate');
    const names = entries.map((entry) => sayInEnglish(entry.name));
    expect(new Set(names).size).toBe(names.length);
    const image2 = entries.find((entry) => sayInEnglish(entry.name) === 'Image 2');
    if (!image2) throw new Error('no Image 2 entry');
    // Its three variants are ways of running and modes inside one entry.
    expect(image2.choices.map((choice) => [choice.variantId, choice.runs])).toEqual(
      expect.arrayContaining([
        ['image.gen-image-2.direct', 'instant'],
        ['image.gen-image-2.task', 'queued'],
        ['image.gen-image-2.edit', 'instant'],
      ]),
    );
    expect(entryModes(image2)).toEqual(['create', 'edit']);
    // Editing starts on the way that returns the edited image.
    expect(resolveChoice(image2, { mode: 'edit' })?.choice.variantId).toBe('image.gen-image-2.task');
    const lumen = entries.filter((entry) => sayInEnglish(entry.name).startsWith('lumen-'));
    expect(lumen.map((entry) => [sayInEnglish(entry.name), entry.kind, entry.generic])).toEqual(
      expect.arrayContaining([
        ['lumen-image-1', 'image', true],
        ['lumen-video-1', 'video', true],
      ]),
    );
  });

  it('keeps the prompt and every option that still applies when the model changes, and names what it left behind', () => {
    const form = useCreateStore.getState();
    form.chooseModel({ variantId: 'image.gen-image-2.direct', modelId: 'gen-image-2' });
    form.setPrompt('a lighthouse in fog');
    form.setValue('quality', 'low');
    form.setValue('output_format', 'jpeg');
    form.chooseModel({ variantId: 'image.nova-3.1-flash-image', modelId: 'nova-3.1-flash-image' });
    const after = useCreateStore.getState();
    expect(after.prompt).toBe('a lighthouse in fog');
    expect(after.values.quality).toBeUndefined();
    expect(after.leftBehind.map(sayInEnglish)).toEqual(expect.arrayContaining(['Quality']));
    // Back again: the prompt is still there.
    form.chooseModel({ variantId: 'image.gen-image-2.task', modelId: 'gen-image-2' });
    expect(useCreateStore.getState().prompt).toBe('a lighthouse in fog');
  });

  it('chooses a model in one action: the references follow to its image field (or wait aside), and it leaves the fan-out', async () => {
    const store = useCreateStore.getState();
    store.chooseModel({ variantId: 'image.gen-image-2.task', modelId: 'gen-image-2' });
    await store.addFiles('image_urls', [new File([await png(64, 48)], 'ref.png', { type: 'image/png' })]);
    store.toggleFanOut('gen-image-2|image.gen-image-2.direct');
    store.toggleFanOut('nova-3.1-flash-image|image.nova-3.1-flash-image');

    store.chooseModel({ variantId: 'image.gen-image-2.direct', modelId: 'gen-image-2' });
    let state = useCreateStore.getState();
    // The direct variant names its field differently: the image moved there, and that model left the fan-out.
    expect(state.trays.reference_images?.map((item) => item.name)).toEqual(['ref.png']);
    expect(state.trays.image_urls).toBeUndefined();
    expect(state.fanOut).toEqual(['nova-3.1-flash-image|image.nova-3.1-flash-image']);

    // A form without reference images keeps them aside; the next one that takes images gets them back.
    store.chooseModel({ variantId: 'video.remix.vid-2', modelId: 'vid-2' });
    state = useCreateStore.getState();
    expect(Object.keys(state.trays)).toEqual(['']);
    store.chooseModel({ variantId: 'image.nova-3.1-flash-image', modelId: 'nova-3.1-flash-image' });
    expect(useCreateStore.getState().trays.image_urls?.map((item) => item.name)).toEqual(['ref.png']);
  });

  it('uploads dropped images through main as bytes, and refuses bad files with main’s reason without touching the rest', async () => {
    useCreateStore.getState().setPrompt('keep me');
    await useCreateStore.getState().addFiles('image_urls', [
      new File([await png(300, 200)], 'good.png', { type: 'image/png' }),
      new File([new TextEncoder().encode('not a picture at all')], 'fake.png', { type: 'image/png' }),
      new File([], 'empty.png', { type: 'image/png' }),
      new File(
        [
          await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
            .tiff()
            .toBuffer(),
        ],
        'scan.png',
        { type: 'image/png' },
      ),
      new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }),
      new File([bombPng(20_000, 20_000)], 'bomb.png', { type: 'image/png' }),
    ]);
    const tray = useCreateStore.getState().trays.image_urls ?? [];
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
    expect(tray.slice(1).map((item) => item.error?.reason)).toEqual([
      'upload_not_image',
      'upload_empty',
      'upload_type_refused',
      'upload_too_large',
      'upload_too_many_pixels',
    ]);
    expect(useCreateStore.getState().prompt).toBe('keep me');
    // The same bytes again come from the content-hash cache: the same address.
    await useCreateStore.getState().addFiles('image_urls', [new File([await png(300, 200)], 'again.png', { type: 'image/png' })]);
    expect(useCreateStore.getState().trays.image_urls?.[6]?.url).toBe(tray[0]?.url);
  });

  it('finds the strip’s jobs by id after a reload: known ones in the order asked, unknown ones left out, at most 100 at once', async () => {
    const batch = await main.client.call('jobs.create_batch', {
      name: 'Strip',
      variantIds: ['image.nova-3.1-flash-image'],
      prompts: ['one', 'two', 'three'],
      countPerPrompt: 1,
      values: {},
      draft: true,
    });
    if (!batch.ok) throw new Error(batch.error.message);
    const listed = await main.client.call('jobs.list_jobs', { batchId: batch.value.batch.id });
    const [first, , third] = listed.ok ? listed.value.items : [];
    if (!first || !third) throw new Error('the batch has no jobs');

    const found = await main.client.call('jobs.get_jobs', { ids: [third.id, 'job-that-never-was', first.id, third.id] });
    expect(found.ok && found.value.map((job) => job.prompt)).toEqual(['three', 'one']);
    const tooMany = await main.client.call('jobs.get_jobs', { ids: Array.from({ length: 101 }, (_, i) => `job-${i}`) });
    expect(tooMany.ok ? null : tooMany.error.code).toBe('invalid_input');

    // The strip remembers single jobs by id (a character being made) and asks for exactly those.
    useCreateStore.getState().rememberJob(first.id);
    expect((await useCreateStore.getState().fetchRecentJobs()).map((job) => job.id)).toEqual([first.id]);
  });

  it('estimates a batch before it is sent: unknown without history', async () => {
    await useCreateStore.getState().requestEstimate({ variantIds: ['image.gen-image-2.direct'], prompts: ['a', 'b', 'c'], countPerPrompt: 2, values: {} });
    const estimate = useCreateStore.getState().estimate;
    expect(estimate.status).toBe('ready');
    expect(estimate.value).toMatchObject({ requests: 6, credits: null, unpricedRequests: 6 });
  });
});
