import { StrictMode, useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AssetView, LibraryFilter } from '../../src/shared/contract';
import { subscribeToMainEvents } from '../../src/renderer/src/app/main-events';
import { connectStudio } from '../../src/renderer/src/studio/studio-client';
import { assetPages } from '../../src/renderer/src/entities/asset-pages';
import { useAssetsStore } from '../../src/renderer/src/entities/assets-store';
import { queryKey, usePagedQueriesStore } from '../../src/renderer/src/entities/paged-queries';
import { usePagedQuery, type PagedQuery } from '../../src/renderer/src/entities/use-paged-query';
import { renderNode, settle, until, type Rendered } from './dom';
import { resetStores } from './reset-stores';
import { startRendererStudio, type RendererStudio } from './studio-harness';

let main: RendererStudio;
let unsubscribe: () => void;
let view: Rendered | undefined;
/** Every `library.list_assets` request the renderer made, as main received it. */
let requests: { cursor: unknown; limit: unknown }[];
/** What the component under test rendered last. */
let latest: PagedQuery<AssetView>;

beforeEach(async () => {
  resetStores();
  main = await startRendererStudio();
  requests = [];
  const dispatch = main.studio.router.dispatch.bind(main.studio.router);
  main.studio.router.dispatch = (route, input) => {
    if (route === 'library.list_assets') requests.push(input as { cursor: unknown; limit: unknown });
    return dispatch(route, input);
  };
  connectStudio(main.client);
  unsubscribe = subscribeToMainEvents(main.client);
});
afterEach(async () => {
  view?.unmount();
  unsubscribe();
  await main.stop();
});

/** A list as a page would use it; hands what it rendered to the test. */
function Gallery({ filter }: { filter: LibraryFilter }) {
  const query = usePagedQuery(assetPages, filter);
  useEffect(() => {
    latest = query;
  });
  return <p>{query.items.length}</p>;
}

async function show(filter: LibraryFilter): Promise<void> {
  view?.unmount();
  // Strict mode mounts twice, as the app does: still one request per page.
  view = await renderNode(
    <StrictMode>
      <Gallery filter={filter} />
    </StrictMode>,
  );
  await until(() => expect(latest.status).toBe('ready'));
}

describe('usePagedQuery over the library', () => {
  it('loads one page at a time, newest first, never the whole library', async () => {
    const seeded = main.seedAssets(130);
    await show({});
    const newestFirst = [...seeded].reverse().map((a) => a.id);
    expect(latest.items.map((a) => a.id)).toEqual(newestFirst.slice(0, 60));
    expect(latest.hasMore).toBe(true);

    await settle(() => latest.loadMore());
    await until(() => expect(latest.items).toHaveLength(120));
    await settle(() => latest.loadMore());
    await until(() => expect(latest.items).toHaveLength(130));
    expect(latest.items.map((a) => a.id)).toEqual(newestFirst);
    expect(latest.hasMore).toBe(false);
    await settle(() => latest.loadMore()); // nothing further to ask for
    expect(requests).toHaveLength(3);
    expect(requests.every((r) => r.limit === 60)).toBe(true);
    expect(requests.map((r) => r.cursor === null)).toEqual([true, false, false]);
  });

  it('keys each filter apart, and shows a filter seen before at once from what it loaded', async () => {
    main.seedAssets(5, (i) => (i % 2 === 0 ? { kind: 'video', mime: 'video/mp4' } : {}));
    await show({ kind: 'video' });
    expect(latest.items.every((a) => a.kind === 'video')).toBe(true);
    expect(latest.items).toHaveLength(3);
    await show({ kind: 'image' });
    expect(latest.items).toHaveLength(2);

    const before = requests.length;
    view?.unmount();
    view = await renderNode(<Gallery filter={{ kind: 'video' }} />);
    expect(latest.status).toBe('ready');
    expect(latest.items).toHaveLength(3);
    expect(requests).toHaveLength(before);
  });

  it('shows an item changed elsewhere in every list that holds it', async () => {
    const [asset] = main.seedAssets(1);
    await show({});
    await show({ model: 'gen-image-2' });
    // A detail view's action: the store updates the one cached copy both lists read.
    await settle(() => void useAssetsStore.getState().setFavourite(asset?.id ?? '', true));
    // The change goes through main first: waited for, not given a fixed time (a busy machine takes longer).
    await until(() => expect(latest.items[0]?.favourite).toBe(true));
    await show({});
    expect(latest.items[0]?.favourite).toBe(true);
  });

  it('reports a page main refuses, worded from its reason, and keeps what was shown', async () => {
    main.seedAssets(61);
    await show({});
    // A cursor main cannot read (one kept from before a library was restored, say).
    await settle(() => usePagedQueriesStore.getState().update(queryKey(assetPages, {}), (query) => query && { ...query, nextCursor: 'not-a-cursor' }));
    await settle(() => latest.loadMore());
    await until(() => expect(latest.error).toMatchObject({ reason: 'stale_cursor' }));
    expect(latest.items).toHaveLength(60);
    expect(latest.loadingMore).toBe(false);
  });
});
