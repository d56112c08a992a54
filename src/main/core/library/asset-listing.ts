import { toAsset, type Asset, type AssetRow } from './assets';
import {
  buildAssetPageQuery,
  buildLinkCountQueries,
  buildWindowEndQuery,
  encodeCursor,
  mayWalkForPage,
  type AssetCursor,
  type AssetPageRequest,
} from './asset-query';
import type { LibraryDatabase } from './library-database';

export { countAssetFacets, type AssetFacets } from './asset-facets';

export interface AssetPage {
  items: Asset[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/**
 * How many assets (after the cursor, passing the filter's own-column conditions) a page of a tag,
 * board or character filter first looks through. A page is found there when at least one item in
 * 30 has it; a rarer one is looked up item by item instead, which is quick because it is rare.
 */
export const PAGE_WINDOW = 2_000;

/** One page of the library, newest (or oldest) first (keyset pagination: stable while assets are added). */
export function listAssets(db: LibraryDatabase, request: AssetPageRequest = {}): AssetPage {
  const { rows, limit } = pageRows(db, request);
  const items = rows.slice(0, limit).map(toAsset);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/**
 * The page's rows (one more than the page when another follows). For a tag, board or character,
 * the next PAGE_WINDOW assets are walked in order and probed first: a common tag fills the page
 * after a few hundred, where looking up all its items (a tenth of the library) and sorting them
 * took 10-20 ms at 100,000 assets. When the window holds less than a page, every item with the
 * tag is looked up instead, and so is a tag, board or character with fewer items than the window
 * (a small board: walking the window would cost more than looking up all of it).
 */
function pageRows(db: LibraryDatabase, request: AssetPageRequest): { rows: AssetRow[]; limit: number } {
  const run = (query: { sql: string; params: unknown[]; limit: number }): { rows: AssetRow[]; limit: number } => ({
    rows: db.prepare<unknown[], AssetRow>(query.sql).all(...query.params),
    limit: query.limit,
  });
  if (!mayWalkForPage(request) || fewLinked(db, request)) return run(buildAssetPageQuery(request));
  const windowEnd = buildWindowEndQuery(request, PAGE_WINDOW);
  const end = db.prepare<unknown[], AssetCursor>(windowEnd.sql).get(...windowEnd.params);
  const walked = run(buildAssetPageQuery(request, 'probe', end));
  // The whole rest of the library was in the window, or the window held a full page: that is the answer.
  if (end === undefined || walked.rows.length > walked.limit) return walked;
  return run(buildAssetPageQuery(request));
}

function fewLinked(db: LibraryDatabase, request: AssetPageRequest): boolean {
  return buildLinkCountQueries(request, PAGE_WINDOW).some(
    (query) => (db.prepare<unknown[], { n: number }>(query.sql).get(...query.params)?.n ?? 0) < PAGE_WINDOW,
  );
}
