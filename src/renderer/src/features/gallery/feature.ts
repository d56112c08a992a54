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
/**
 * The gallery's first page for the address's filter, asked for while the page's code loads (the
 * router runs this beside `lazy`), and its first screen's thumbnails as soon as it is in, while
 * the page draws; the grid finds both on their way. Nothing waits for them.
 */
const askFirstPage = ({ request }: LoaderFunctionArgs): null => {
  const filter = parseGalleryFilter(new URL(request.url).searchParams);
  if (usePagedQueriesStore.getState().queries[queryKey(assetPages, filter)] === undefined)
    void loadFirstPage(assetPages, filter).then(() => fetchFirstScreen(filter));
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
