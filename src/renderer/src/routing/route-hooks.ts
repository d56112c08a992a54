import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { LibraryFilter } from '../../../shared/contract';
import { parseCompareResults, parseCreateParams, parseGalleryFilter, paths, sectionOf, type CreateParams, type Section } from './paths';

/** The navigation section of the current address. */
export function useSection(): Section {
  return sectionOf(useLocation().pathname);
}

/** Create's parameters from the address (`?reuse=`, `?reference=`, `?remix=`, `?character=` with an asset id). */
export function useCreateParams(): CreateParams {
  const [search] = useSearchParams();
  return useMemo(() => parseCreateParams(search), [search]);
}

/**
 * The gallery filter in the address, and a setter that writes a new one there (a new history
 * entry, so Back returns to the previous filter; `replace` for typing in a search box).
 */
export function useGalleryFilter(): [LibraryFilter, (next: LibraryFilter, options?: { replace?: boolean }) => void] {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const filter = useMemo(() => parseGalleryFilter(search), [search]);
  const setFilter = useCallback(
    (next: LibraryFilter, options: { replace?: boolean } = {}) => void navigate(paths.gallery(next), { replace: options.replace ?? false }),
    [navigate],
  );
  return [filter, setFilter];
}

/** The asset id of `/gallery/asset/:assetId`, or null elsewhere. */
export function useAssetId(): string | null {
  return useParams().assetId ?? null;
}

/** The batch id of `/timeline/batch/:batchId` and `/gallery/compare/:batchId`, or null elsewhere. */
export function useBatchId(): string | null {
  return useParams().batchId ?? null;
}

/** The results of `/gallery/compare?items=` (2-4 asset ids; empty when the address holds no valid list). */
export function useCompareResults(): string[] {
  const [search] = useSearchParams();
  return useMemo(() => parseCompareResults(search), [search]);
}
