import { Images } from 'lucide-react';
import { paths, patterns } from '../../routing/paths';
import { childPath, type FeatureModule } from '../../studio/feature-module';
import { useGalleryStore } from './gallery-store';

const page = () => import('./GalleryPage').then((module) => ({ Component: module.GalleryPage }));
/** Every change of the library: the counts of the filter panel follow. */
const libraryChanged = (): void => useGalleryStore.getState().libraryChanged();

/** Gallery: the library with its filters, an asset's detail, and a batch's results side by side. */
export const galleryModule: FeatureModule = {
  name: 'gallery',
  routes: [
    { path: childPath(patterns.gallery), lazy: page },
    { path: childPath(patterns.asset), lazy: page },
    { path: childPath(patterns.compare), lazy: page },
    { path: childPath(patterns.compareResults), lazy: page },
  ],
  nav: { to: paths.gallery(), label: 'nav.gallery', icon: Images },
  events: {
    'library.added': libraryChanged,
    'library.changed': libraryChanged,
    'library.removed': libraryChanged,
    'library.restored': libraryChanged,
    'library.boards_changed': (boards) => useGalleryStore.getState().boardsReceived(boards),
  },
};
