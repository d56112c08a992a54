import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { assetPages } from '../../src/renderer/src/entities/asset-pages';
import { useAssetsStore } from '../../src/renderer/src/entities/assets-store';
import { queryKey, usePagedQueriesStore } from '../../src/renderer/src/entities/paged-queries';
import { warmGallery } from '../../src/renderer/src/features/gallery/warm-gallery';
import { eventually, studioPerFile, type RendererStudio } from './studio-harness';

const studio = studioPerFile({ emptyLibrary: true });
let main: RendererStudio;

beforeEach(() => {
  main = studio.main;
});

async function newestIds(): Promise<string[]> {
  const answer = await main.client.call('library.list_assets', { limit: 60 });
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value.items.map((item) => item.id);
}

describe('the Gallery readied while the studio opens on another page', () => {
  it('loads its page code, holds its first page, and asks for that screen’s thumbnails through the thumbnail loader at once, busy window or not', async () => {
    const created = await main.client.call('jobs.create_batch', {
      name: 'Harbours',
      variantIds: ['image.nova-3.1-flash-image'],
      prompts: ['a harbour at dusk', 'a harbour at dawn', 'a harbour in fog'],
      countPerPrompt: 1,
      values: {},
    });
    if (!created.ok) throw new Error(created.error.message);
    let expected = await newestIds();
    // The demo gateway's results land as it finishes them (asked again until all three are in).
    for (let asked = 0; expected.length < 3 && asked < 200; asked++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expected = await newestIds();
    }
    expect(expected).toHaveLength(3);
    let pageCode: Promise<unknown> | undefined;
    // What the browser is asked to fetch: every picture whose address is set (jsdom itself fetches none).
    const asked: string[] = [];
    const source = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src');
    Object.defineProperty(HTMLImageElement.prototype, 'src', {
      configurable: true,
      get(this: HTMLImageElement) {
        return source?.get?.call(this) as string;
      },
      set(this: HTMLImageElement, url: string) {
        asked.push(url);
        source?.set?.call(this, url);
      },
    });
    onTestFinished(() => {
      if (source) Object.defineProperty(HTMLImageElement.prototype, 'src', source);
    });
    // A window that never rests, as while Create draws at launch: the thumbnails must not wait for a rest.
    const rest = Object.getOwnPropertyDescriptor(globalThis, 'requestIdleCallback');
    Object.defineProperty(globalThis, 'requestIdleCallback', { configurable: true, writable: true, value: () => 0 });
    onTestFinished(() => {
      if (rest) Object.defineProperty(globalThis, 'requestIdleCallback', rest);
      else Reflect.deleteProperty(globalThis, 'requestIdleCallback');
    });

    warmGallery(() => (pageCode = import('../../src/renderer/src/features/gallery/GalleryPage')));

    // The page's own module, ready before anyone chose the Gallery.
    await expect(pageCode).resolves.toHaveProperty('GalleryPage');
    const key = queryKey(assetPages, {});
    await eventually(() => expect(usePagedQueriesStore.getState().queries[key]).toMatchObject({ status: 'ready', ids: expected }));
    // Every thumbnail of that first page asked for, in the grid's order (one request a picture without a web transport).
    const thumbnails = expected.map((id) => {
      const asset = useAssetsStore.getState().assets[id];
      return main.client.mediaUrl(asset?.thumbPath ?? asset?.mediaPath ?? '');
    });
    await eventually(() => expect(asked).toEqual(thumbnails));
  });

  it('leaves a first page the Gallery already asked for alone', async () => {
    const key = queryKey(assetPages, {});
    usePagedQueriesStore.getState().update(key, () => ({
      ids: ['kept'],
      nextCursor: null,
      status: 'ready',
      loadingMore: false,
      error: null,
      hasNewer: false,
      generation: 7,
    }));
    warmGallery(() => Promise.resolve());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(usePagedQueriesStore.getState().queries[key]).toMatchObject({ ids: ['kept'], generation: 7 });
  });
});
