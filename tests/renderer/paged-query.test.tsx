import { StrictMode, useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AssetView, LibraryFilter } from '../../src/shared/contract';
import { assetPages } from '../../src/renderer/src/entities/asset-pages';
import { useAssetsStore } from '../../src/renderer/src/entities/assets-store';
import { queryKey, usePagedQueriesStore } from '../../src/renderer/src/entities/paged-queries';
import { configureQueryLifetime } from '../../src/renderer/src/entities/query-lifetime';
import { configureEntityCaps, holdEntities } from '../../src/renderer/src/entities/retention';
import { usePagedQuery, type PagedQuery } from '../../src/renderer/src/entities/use-paged-query';
import { renderNode, settle, until, type Rendered } from './dom';
import { manualClock } from './manual-clock';
import { studioPerFile, type RendererStudio } from './studio-harness';

const studio = studioPerFile({ emptyLibrary: true });
let undecorated: RendererStudio['studio']['router']['dispatch'];
let main: RendererStudio;
let view: Rendered | undefined;
/** Every `library.list_assets` request the renderer made, as main received it. */
let requests: { cursor: unknown; limit: unknown }[];
/** What the component under test rendered last. */
let latest: PagedQuery<AssetView>;

beforeEach(() => {
  main = studio.main;
  requests = [];
  undecorated = main.studio.router.dispatch.bind(main.studio.router);
  const dispatch = undecorated;
  main.studio.router.dispatch = (route, input) => {
    if (route === 'library.list_assets') requests.push(input as { cursor: unknown; limit: unknown });
    return dispatch(route, input);
  };
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  main.studio.router.dispatch = undecorated;
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

  it('abandons the page a list was loading once a search replaces it, and loads it again when the list comes back', async () => {
    main.seedAssets(130);
    await show({});
    // Main holds the next page back, as it does behind other calls right after fast scrolling.
    let releasePage: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (releasePage = resolve));
    const dispatch = main.studio.router.dispatch.bind(main.studio.router);
    main.studio.router.dispatch = async (route, input) => {
      if (route === 'library.list_assets' && (input as { cursor: unknown }).cursor !== null) await held;
      return dispatch(route, input);
    };
    const browsing = queryKey(assetPages, {});
    latest.loadMore();
    await until(() => expect(usePagedQueriesStore.getState().queries[browsing]?.loadingMore).toBe(true));

    await show({ text: 'nothing matches this' }); // the search: the browsing list has no viewer now
    expect(usePagedQueriesStore.getState().queries[browsing]?.loadingMore).toBe(false);
    await settle(() => releasePage()); // main answers the abandoned page after all: nobody takes it
    expect(usePagedQueriesStore.getState().queries[browsing]?.ids).toHaveLength(60);

    await show({}); // back to browsing: the page is asked for again
    latest.loadMore();
    await until(() => expect(latest.items).toHaveLength(120));
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

describe('caches that do not grow for the whole session', () => {
  const listed = (filter: LibraryFilter): boolean => usePagedQueriesStore.getState().queries[queryKey(assetPages, filter)] !== undefined;

  it('drops a list its lifetime after the last view left it; a list shown again before then comes back at once', async () => {
    const clock = manualClock();
    configureQueryLifetime({ gcTimeMs: 60_000, maxIdle: 10, clock });
    main.seedAssets(3, (i) => (i === 0 ? { kind: 'video', mime: 'video/mp4' } : {}));
    await show({ kind: 'video' });
    await show({ kind: 'image' }); // the video list has no viewer now
    clock.advance(59_000);
    expect(listed({ kind: 'video' })).toBe(true);
    const before = requests.length;
    await show({ kind: 'video' }); // back in time: from what it loaded, no request
    expect(requests).toHaveLength(before);
    expect(latest.items).toHaveLength(1);

    view?.unmount();
    view = undefined;
    clock.advance(59_999);
    expect(listed({ kind: 'video' })).toBe(true);
    clock.advance(1);
    expect(listed({ kind: 'video' })).toBe(false);
    expect(listed({ kind: 'image' })).toBe(false);
    await show({ kind: 'video' }); // asked again
    expect(requests).toHaveLength(before + 1);
  });

  it('keeps at most so many lists nobody shows, the ones left longest ago going first', async () => {
    configureQueryLifetime({ gcTimeMs: 60_000, maxIdle: 2, clock: manualClock() });
    main.seedAssets(2);
    const filters: LibraryFilter[] = [{ kind: 'image' }, { kind: 'video' }, { favourite: true }, { model: 'gen-image-2' }];
    for (const filter of filters) await show(filter);
    view?.unmount();
    view = undefined;
    expect(filters.map(listed)).toEqual([false, false, true, true]);
  });

  it('lets go of library items no list and no view holds once the cache passes its cap', async () => {
    const clock = manualClock();
    configureQueryLifetime({ gcTimeMs: 1_000, maxIdle: 10, clock });
    configureEntityCaps({ assets: 70 });
    const seeded = main.seedAssets(150);
    await show({});
    const shown = latest.items.map((a) => a.id); // the newest 60, held by the list on screen
    const all = await main.client.call('library.list_assets', { cursor: null, limit: 200 });
    if (!all.ok) throw new Error(all.error.message);
    const views = new Map(all.value.items.map((asset) => [asset.id, asset]));
    const viewsOf = (from: number, to: number): AssetView[] => seeded.slice(from, to).flatMap((asset) => views.get(asset.id) ?? []);
    const older = viewsOf(0, 60);
    const middle = viewsOf(60, 90);
    const kept = older[0]?.id ?? '';
    const release = holdEntities('assets', [kept]); // a detail view open on the oldest

    // What just arrived stays (a view is about to show it), even past the cap.
    useAssetsStore.getState().assetsReceived(older);
    expect(Object.keys(useAssetsStore.getState().assets)).toHaveLength(120);
    // The next answer trims what nobody holds: the older ones, but the one the view holds.
    useAssetsStore.getState().assetsReceived(middle);
    let cached = Object.keys(useAssetsStore.getState().assets);
    expect(cached).toHaveLength(91);
    expect(cached).toEqual(expect.arrayContaining([...shown, kept, ...middle.map((asset) => asset.id)]));

    // The list goes (nobody looks at it for its lifetime) and the view closes: the next answer
    // trims to the cap, what the list held going first (it was cached first).
    release();
    view?.unmount();
    view = undefined;
    clock.advance(1_000);
    const newest = views.get(shown[0] ?? '');
    useAssetsStore.getState().assetsReceived(newest ? [{ ...newest, favourite: true }] : []);
    cached = Object.keys(useAssetsStore.getState().assets);
    expect(cached).toHaveLength(70);
    expect(cached).toContain(shown[0]);
    expect(cached.filter((id) => shown.slice(1, 22).includes(id))).toEqual([]);
  });

  it('keeps a result that just arrived even when the lists hold everything else past the cap', async () => {
    configureEntityCaps({ assets: 10 });
    main.seedAssets(20);
    await show({});
    expect(latest.items).toHaveLength(20); // all held by the list on screen, past the cap
    const [arrived] = main.seedAssets(1);
    const asset = await main.client.call('library.get_asset', { id: arrived?.id ?? '' });
    if (!asset.ok) throw new Error(asset.error.message);
    main.studio.bus.emit('library.added', asset.value);
    await until(() => expect(latest.items[0]?.id).toBe(arrived?.id));
    expect(latest.items).toHaveLength(21);
  });
});
