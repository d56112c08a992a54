import { assetKinds, toAsset, type Asset, type AssetKind, type AssetRow } from './assets';
import { buildAssetConditions, buildAssetPageQuery, encodeCursor, type AssetFilter, type AssetPageRequest } from './asset-query';
import type { LibraryDatabase } from './library-database';

export interface AssetPage {
  items: Asset[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** Counts for the filter panel. Each facet ignores its own filter and honours all the others. */
export interface AssetFacets {
  /** Assets matching the whole filter. */
  total: number;
  favourites: number;
  kinds: Record<AssetKind, number>;
  /** Most used first. */
  models: { model: string; count: number }[];
  /** Most used first, at most 200. */
  tags: { tag: string; count: number }[];
}

/** One page of the library, newest first (keyset pagination: stable while assets are added). */
export function listAssets(db: LibraryDatabase, request: AssetPageRequest = {}): AssetPage {
  const query = buildAssetPageQuery(request);
  const rows = db.prepare<unknown[], AssetRow>(query.sql).all(...query.params);
  const items = rows.slice(0, query.limit).map(toAsset);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
}

/** How many assets match `filter`, and how many each other choice of kind, model, tag or favourite would give. */
export function countAssetFacets(db: LibraryDatabase, filter: AssetFilter = {}): AssetFacets {
  const count = (where: { sql: string; params: (string | number)[] }, extra = ''): number =>
    db.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM assets a WHERE ${where.sql}${extra}`).get(...where.params)?.n ?? 0;

  const byKind = buildAssetConditions(filter, 'kind');
  const kindRows = db.prepare<unknown[], { kind: AssetKind; n: number }>(`SELECT a.kind, COUNT(*) AS n FROM assets a WHERE ${byKind.sql} GROUP BY a.kind`).all(...byKind.params);
  const kinds = Object.fromEntries(assetKinds.map((kind) => [kind, kindRows.find((row) => row.kind === kind)?.n ?? 0])) as Record<AssetKind, number>;

  const byModel = buildAssetConditions(filter, 'model');
  const models = db
    .prepare<unknown[], { model: string; count: number }>(`SELECT a.model, COUNT(*) AS count FROM assets a WHERE ${byModel.sql} GROUP BY a.model ORDER BY count DESC, a.model`)
    .all(...byModel.params);

  const byTag = buildAssetConditions(filter, 'tag');
  // Unfiltered, every tag row counts: no need to join each one to its asset.
  const tagSource = byTag.sql === '1' ? 'asset_tags t' : `asset_tags t JOIN assets a ON a.id = t.asset_id WHERE ${byTag.sql}`;
  const tags = db
    .prepare<unknown[], { tag: string; count: number }>(`SELECT t.tag, COUNT(*) AS count FROM ${tagSource} GROUP BY t.tag ORDER BY count DESC, t.tag LIMIT 200`)
    .all(...byTag.params);

  return {
    total: count(buildAssetConditions(filter)),
    favourites: count(buildAssetConditions(filter, 'favourite'), ' AND a.favourite = 1'),
    kinds,
    models,
    tags,
  };
}
