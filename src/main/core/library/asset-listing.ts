import { toAsset, type Asset, type AssetRow } from './assets';
import { buildAssetPageQuery, encodeCursor, type AssetPageRequest } from './asset-query';
import type { LibraryDatabase } from './library-database';

export { countAssetFacets, type AssetFacets } from './asset-facets';

export interface AssetPage {
  items: Asset[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** One page of the library, newest (or oldest) first (keyset pagination: stable while assets are added). */
export function listAssets(db: LibraryDatabase, request: AssetPageRequest = {}): AssetPage {
  const query = buildAssetPageQuery(request);
  const rows = db.prepare<unknown[], AssetRow>(query.sql).all(...query.params);
  const items = rows.slice(0, query.limit).map(toAsset);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
}
