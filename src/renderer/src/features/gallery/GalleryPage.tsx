import { useMatch } from 'react-router';
import { patterns } from '../../routing/paths';
import { CompareView } from './compare/CompareView';
import { AssetDetailView } from './detail/AssetDetailView';
import { LibraryView } from './LibraryView';

/**
 * Gallery (`/gallery`, the filter in the address: `useGalleryFilter`), an asset's detail
 * (`/gallery/asset/:assetId`) and the compare view of a batch (`/gallery/compare/:batchId`).
 */
export function GalleryPage() {
  const detail = useMatch(patterns.asset);
  const compare = useMatch(patterns.compare);
  if (detail) return <AssetDetailView key={detail.params.assetId} />;
  if (compare) return <CompareView />;
  return <LibraryView />;
}
