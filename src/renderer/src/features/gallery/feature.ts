import { Images } from 'lucide-react';
import type { LoaderFunctionArgs } from 'react-router';
import type { LibraryFilter, SidecarRestoreView } from '../../../../shared/contract';
import { assetPages } from '../../entities/asset-pages';
import { loadFirstPage, queryKey, usePagedQueriesStore } from '../../entities/paged-queries';
import { parseGalleryFilter, paths, patterns } from '../../routing/paths';
import { childPath, type FeatureModule } from '../../studio/feature-module';
import { useGalleryStore } from './gallery-store';
import { fetchFirstScreen, warmGallery } from './warm-gallery';

const page = () => import('./GalleryPage').then((module) => ({ Component: module.GalleryPage }));
/** No list of the library has been asked for in this window: the Gallery is what it opens on. */
const windowOpening = (): boolean => !Object.keys(usePagedQueriesStore.getState().queries).some((key) => key.startsWith(`${assetPages.name}:`));

/**
 * The gallery's first page for the address's filter, asked for while the page's code loads (the
 * router runs this beside `lazy`); the grid finds it on its way. When the window opens on the
 * Gallery, its first screen's thumbnails go as soon as the page is in, while the page draws. (Not
 * for a search: most of its pictures are in memory by then, and asking early was slower there.)
 * Nothing waits for them.
 */
const askFirstPage = ({ request }: LoaderFunctionArgs): null => {
  const filter = parseGalleryFilter(new URL(request.url).searchParams);
  if (usePagedQueriesStore.getState().queries[queryKey(assetPages, filter)] !== undefined) return null;
  const opening = windowOpening();
  void loadFirstPage(assetPages, filter).then(() => opening && fetchFirstScreen(filter));
  return null;
};
/** Every change of the library: the counts of the filter panel follow. */
const libraryChanged = (): void => useGalleryStore.getState().libraryChanged();
/**
 * Another day folder of results read back from sidecars (newest first): the counts follow, and
 * lists that had reached their end (or were empty) ask again; longer ones find the older results
 * as they page on.
 */
const sidecarsRead = (progress: SidecarRestoreView): void => {
  useGalleryStore.getState().sidecarRestoreChanged(progress);
  libraryChanged();
  const prefix = `${assetPages.name}:`;
  for (const [key, query] of Object.entries(usePagedQueriesStore.getState().queries)) {
    if (!key.startsWith(prefix) || query.nextCursor !== null || query.status === 'loading' || query.loadingMore) continue;
    void loadFirstPage(assetPages, JSON.parse(key.slice(prefix.length)) as LibraryFilter);
  }
};

/** Gallery: the library with its filters, an asset's detail, and a batch's results side by side. */
export const galleryModule: FeatureModule = {
  name: 'gallery',
  routes: [
    { path: childPath(patterns.gallery), lazy: page, loader: askFirstPage },
    { path: childPath(patterns.asset), lazy: page },
    { path: childPath(patterns.compare), lazy: page },
    { path: childPath(patterns.compareResults), lazy: page },
  ],
  nav: { to: paths.gallery(), label: 'nav.gallery', icon: Images },
  warm: () => warmGallery(page),
  events: {
    'library.added': libraryChanged,
    'library.changed': libraryChanged,
    'library.removed': libraryChanged,
    'library.restored': libraryChanged,
    'library.boards_changed': (boards) => useGalleryStore.getState().boardsReceived(boards),
    'library.sidecar_restore': sidecarsRead,
  },
};
