/**
 * The Gallery made ready while the studio opens on another page (Create): its page's code, its
 * first page of results, and the first screen's thumbnails fetched by the transport's thumbnail
 * loader (into its memory in web mode, the browser's cache otherwise). Choosing the Gallery then
 * waits for none of them; nothing waits for this. The thumbnails go as soon as the first page is
 * in, not once the window rests: while Create draws, that rest came after the artist had often
 * chosen the Gallery already, whose first screen then waited for them (bench/README.md).
 */
import type { LibraryFilter } from '../../../../shared/contract';
import { assetPages } from '../../entities/asset-pages';
import { useAssetsStore } from '../../entities/assets-store';
import { loadFirstPage, queryKey, usePagedQueriesStore } from '../../entities/paged-queries';
import { parseGalleryFilter } from '../../routing/paths';
import { thumbnails } from '../../studio/thumbnails';

/** About the first screen of a large window (justified rows at the default size); the rest load as the grid shows them. */
const FIRST_SCREEN_THUMBNAILS = 36;

/** Fetches the thumbnails of a filter's first page as it will first show (its first page must be in). */
export function fetchFirstScreen(filter: LibraryFilter): void {
  const ids = usePagedQueriesStore.getState().queries[queryKey(assetPages, filter)]?.ids ?? [];
  const assets = useAssetsStore.getState().assets;
  const paths = ids.slice(0, FIRST_SCREEN_THUMBNAILS).flatMap((id) => {
    const asset = assets[id];
    return asset ? [asset.thumbPath ?? asset.mediaPath] : [];
  });
  thumbnails().warm(paths);
}

/** Starts the warming; `loadPage` loads the Gallery page's code (the route's own `lazy`). */
export function warmGallery(loadPage: () => Promise<unknown>): void {
  void loadPage();
  const filter = parseGalleryFilter(new URLSearchParams());
  if (usePagedQueriesStore.getState().queries[queryKey(assetPages, filter)] !== undefined) return;
  void loadFirstPage(assetPages, filter).then(() => fetchFirstScreen(filter));
}
