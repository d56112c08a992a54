import { useEffect, useRef, useState } from 'react';
import type { LibraryFilter } from '../../../../shared/contract';
import { facetKey, gallerySelectors, useGalleryStore } from './gallery-store';

/** While results land, counts are read again at most this often (the first change at once). */
const FACETS_EVERY_MS = 400;
/** The longest a new filter's counts wait for its first screen of thumbnails. */
const FACETS_WAIT_MS = 800;

/**
 * Keeps the filter panel's counts (and the boards' counts and covers) up with the filter and every
 * change of the library, and answers the total to show: only counts read since the library last
 * changed, or those already shown for this filter, so the count never says something older than
 * the grid beside it. A new filter's counts (and the boards, on opening) wait until `screenDrawn`
 * (its first screen of thumbnails is in) or FACETS_WAIT_MS: main answers one call at a time, and
 * counting 100,000 results ahead of the thumbnails would hold the pictures back by as long.
 */
export function useFacetsFollow(filter: LibraryFilter, since: readonly number[], screenDrawn: boolean): number | undefined {
  const version = useGalleryStore((state) => state.version);
  const facets = useGalleryStore(gallerySelectors.facets(filter));
  const fresh = useGalleryStore(gallerySelectors.facetsFresh(filter));
  const key = facetKey(filter);
  const shownKey = useRef<string | null>(null);
  const lastLoad = useRef(0);
  const [shownFor, setShownFor] = useState<string | null>(null);
  const [waitedFor, setWaitedFor] = useState<string | null>(null);
  const released = screenDrawn || waitedFor === key;

  useEffect(() => {
    if (screenDrawn) return;
    const timer = setTimeout(() => setWaitedFor(key), FACETS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [key, screenDrawn]);

  useEffect(() => {
    if (!released) return;
    const gallery = useGalleryStore.getState();
    const opening = shownKey.current === null;
    const newFilter = shownKey.current !== key;
    shownKey.current = key;
    const waited = Date.now() - lastLoad.current;
    const delay = newFilter || waited >= FACETS_EVERY_MS ? 0 : FACETS_EVERY_MS - waited;
    const timer = setTimeout(() => {
      lastLoad.current = Date.now();
      void gallery.loadFacets(filter, since);
      if (opening || !newFilter) void gallery.loadBoards();
    }, delay);
    return () => clearTimeout(timer);
  }, [key, version, released]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed by the filter's text

  if (fresh && shownFor !== key) setShownFor(key);
  return facets !== undefined && (fresh || shownFor === key) ? facets.total : undefined;
}

const WIDE = '(min-width: 1280px)';

/** Whether the window is wide enough to keep the filter panel open beside the grid by default. */
export function useWideWindow(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches);
  useEffect(() => {
    const query = window.matchMedia(WIDE);
    const follow = (): void => setWide(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return wide;
}
