import { useEffect } from 'react';
import { useMatch } from 'react-router';
import { patterns } from '../../routing/paths';
import { CompareView } from './compare/CompareView';
import { CompareResultsView } from './compare/CompareResultsView';
import { AssetDetailView } from './detail/AssetDetailView';
import { useGalleryStore } from './gallery-store';
import { LibraryView } from './LibraryView';

/**
 * Gallery (`/gallery`, the filter in the address: `useGalleryFilter`), an asset's detail
 * (`/gallery/asset/:assetId`), the compare view of a batch (`/gallery/compare/:batchId`) and of
 * chosen results (`/gallery/compare?items=`).
 */
export function GalleryPage() {
  const detail = useMatch(patterns.asset);
  const compare = useMatch(patterns.compare);
  const compareResults = useMatch(patterns.compareResults);
  // The selection belongs to the gallery: leaving it for another page leaves the selection behind
  // (the address has already changed when this runs; a detail view of the gallery keeps it).
  useEffect(
    () => () => {
      if (!window.location.hash.startsWith('#/gallery')) useGalleryStore.getState().select({ type: 'clear' });
    },
    [],
  );
  if (detail) return <AssetDetailView key={detail.params.assetId} />;
  if (compare) return <CompareView />;
  if (compareResults) return <CompareResultsView />;
  return <LibraryView />;
}
