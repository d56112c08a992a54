/**
 * The Gallery made ready while the studio opens on another page (Create): its page's code, its
 * first page of results, and the first screen's thumbnails fetched into the browser's cache in
 * the thumbnail queue's turns. Choosing the Gallery then waits for none of them. Nothing waits
 * for this; the thumbnails go once the window has nothing else to do.
 */
import { assetPages } from '../../entities/asset-pages';
import { useAssetsStore } from '../../entities/assets-store';
import { loadFirstPage, queryKey, usePagedQueriesStore } from '../../entities/paged-queries';
import { parseGalleryFilter } from '../../routing/paths';
import { studio } from '../../studio/studio-client';
import { thumbnailQueue, type ThumbnailTurn } from './model/thumbnail-queue';

/** About the first screen of a large window (justified rows at the default size); the rest load as the grid shows them. */
const FIRST_SCREEN_THUMBNAILS = 36;

const whenIdle = (run: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1_000 });
  else setTimeout(run, 0);
};

/** Fetches a picture into the browser's cache in its turn; the turn is given back once it has loaded or failed. */
function warmThumbnail(url: string): void {
  const picture = new Image();
  // Held, not a const: a picture already in the cache settles inside `request`, before it returns.
  const held: { turn?: ThumbnailTurn; settled: boolean } = { settled: false };
  const settled = (): void => {
    held.settled = true;
    held.turn?.release();
  };
  picture.onload = settled;
  picture.onerror = settled;
  held.turn = thumbnailQueue.request(() => {
    picture.src = url;
    if (picture.complete) settled();
  });
  if (held.settled) held.turn.release();
}

/** Starts the warming; `loadPage` loads the Gallery page's code (the route's own `lazy`). */
export function warmGallery(loadPage: () => Promise<unknown>): void {
  void loadPage();
  const filter = parseGalleryFilter(new URLSearchParams());
  const key = queryKey(assetPages, filter);
  if (usePagedQueriesStore.getState().queries[key] !== undefined) return;
  void loadFirstPage(assetPages, filter).then(() =>
    whenIdle(() => {
      const ids = usePagedQueriesStore.getState().queries[key]?.ids ?? [];
      const assets = useAssetsStore.getState().assets;
      for (const id of ids.slice(0, FIRST_SCREEN_THUMBNAILS)) {
        const asset = assets[id];
        if (asset) warmThumbnail(studio().mediaUrl(asset.thumbPath ?? asset.mediaPath));
      }
    }),
  );
}
