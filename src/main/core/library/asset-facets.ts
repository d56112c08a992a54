import { assetKinds, type AssetKind } from './assets';
import type { AssetFacets } from './facet-counts';
import { buildAssetConditions, type AssetFilter, type FacetName, type SqlFragment } from './asset-query';
import { expandSmartBoard } from './boards';
import { buildMatchQuery } from './search-text';
import { normalizeTag } from './tags';
import { followJournal, journalPosition } from './facet-journal';
import type { LibraryDatabase } from './library-database';

export type { AssetFacets } from './facet-counts';

const MAX_BATCHES = 20;

/**
 * Assets reached by id (from tags, boards or characters) are read through a narrow index of the
 * columns the counts need (the asset facet indexes migration): the planner would take the id's unique index and then
 * read each whole row, prompt and request included, which made a panel take over a second at
 * 100,000 assets.
 */
const ASSETS_BY_ID = 'assets a INDEXED BY assets_facets_by_id';

/** True when the filter, less the facet `omit`, picks assets through a tag, board or character. */
function reachedById(filter: AssetFilter, omit?: FacetName): boolean {
  const tag = filter.tag !== undefined && normalizeTag(filter.tag) !== null && omit !== 'tag';
  return tag || (filter.boardId !== undefined && omit !== 'board') || (filter.character !== undefined && omit !== 'character');
}

/** Panels kept per library: the artist moves between a few filters and back. */
const KEPT_PANELS = 24;

interface KeptPanel {
  generation: number;
  /** The facet journal's position the counts are up to date with. */
  position: number;
  facets: AssetFacets;
}

const keptPanels = new WeakMap<LibraryDatabase, Map<string, KeptPanel>>();

/** Rises with every change the counts depend on (migration 21's triggers, whoever wrote it). */
function facetGeneration(db: LibraryDatabase): number {
  return db.prepare<[], { value: number }>('SELECT value FROM facet_generation').get()?.value ?? 0;
}

/**
 * How many assets match `filter`, and how many each other choice of every facet would give.
 * Counts worked out for a filter are served again until the library changes in a way that moves
 * a count (`facet_generation`): the panel asks again on every change of the filter and every
 * library event, and going back to a filter seen since the last change costs one small read.
 * After a change they are brought up to date from the assets that changed (`facet-journal.ts`)
 * rather than counted again. The answer is shared: callers must not change it.
 */
export function countAssetFacets(db: LibraryDatabase, filter: AssetFilter = {}, since: readonly number[] = []): AssetFacets {
  let panels = keptPanels.get(db);
  if (!panels) {
    panels = new Map();
    keptPanels.set(db, panels);
  }
  const key = JSON.stringify([filter, since]);
  // One read snapshot: the counts and the journal position they are up to date with agree.
  const kept = db.connection.transaction(() => {
    const generation = facetGeneration(db);
    const before = panels.get(key);
    if (before?.generation === generation) return before;
    const followed = before === undefined ? undefined : followJournal(db, before.facets, before.position, filter, since);
    if (followed !== undefined) return { generation, ...followed };
    return { generation, position: journalPosition(db), facets: computeAssetFacets(db, filter, since) };
  })();
  panels.delete(key);
  panels.set(key, kept);
  // The least recently asked for goes first (a Map keeps insertion order, and a hit is put back last).
  for (const oldest of panels.keys()) {
    if (panels.size <= KEPT_PANELS) break;
    panels.delete(oldest);
  }
  return kept.facets;
}

/** `countAssetFacets` worked out afresh: one statement per facet. */
export function computeAssetFacets(db: LibraryDatabase, filter: AssetFilter = {}, since: readonly number[] = []): AssetFacets {
  const all = <R>(sql: string, where: SqlFragment, ...extra: (string | number)[]): R[] => db.prepare<unknown[], R>(sql).all(...where.params, ...extra);
  // A search's matches are few and found by row number: the planner starts from them unforced.
  const searched = filter.text !== undefined && buildMatchQuery(filter.text) !== null;
  const assets = (omit?: FacetName): string => (!searched && reachedById(filter, omit) ? ASSETS_BY_ID : 'assets a');
  const joined = searched ? 'assets a' : ASSETS_BY_ID;
  const count = (omit: FacetName | undefined, extra = '', ...params: (string | number)[]): number => {
    const where = buildAssetConditions(filter, omit);
    return all<{ n: number }>(`SELECT COUNT(*) AS n FROM ${assets(omit)} WHERE ${where.sql}${extra}`, where, ...params)[0]?.n ?? 0;
  };

  const countWhere = (where: SqlFragment): number => all<{ n: number }>(`SELECT COUNT(*) AS n FROM assets a WHERE ${where.sql}`, where)[0]?.n ?? 0;

  const byKind = buildAssetConditions(filter, 'kind');
  const kindRows = all<{ kind: AssetKind; n: number }>(`SELECT a.kind, COUNT(*) AS n FROM ${assets('kind')} WHERE ${byKind.sql} GROUP BY a.kind`, byKind);
  const kinds = Object.fromEntries(assetKinds.map((kind) => [kind, kindRows.find((row) => row.kind === kind)?.n ?? 0])) as Record<AssetKind, number>;

  const byModel = buildAssetConditions(filter, 'model');
  const models = all<{ model: string; count: number }>(
    `SELECT a.model, COUNT(*) AS count FROM ${assets('model')} WHERE ${byModel.sql} GROUP BY a.model ORDER BY count DESC, a.model`,
    byModel,
  );

  const byTag = buildAssetConditions(filter, 'tag');
  // Unfiltered, every row of a link table counts: no need to join each one to its asset.
  const tagSource = byTag.sql === '1' ? 'asset_tags t' : `asset_tags t JOIN ${joined} ON a.id = t.asset_id WHERE ${byTag.sql}`;
  const tags = all<{ tag: string; count: number }>(
    `SELECT t.tag, COUNT(*) AS count FROM ${tagSource} GROUP BY t.tag ORDER BY count DESC, t.tag LIMIT 200`,
    byTag,
  );

  const byBoard = buildAssetConditions(filter, 'board');
  const boardCounts = byBoard.sql === '1' ? 'board_items i' : `board_items i JOIN ${joined} ON a.id = i.asset_id WHERE ${byBoard.sql}`;
  const boardRows = all<{ id: string; name: string; count: number; smart: number }>(
    `SELECT b.id, b.name, COALESCE(c.count, 0) AS count, b.filter IS NOT NULL AS smart FROM boards b
     LEFT JOIN (SELECT i.board_id, COUNT(*) AS count FROM ${boardCounts} GROUP BY i.board_id) c ON c.board_id = b.id
     ORDER BY b.position, b.name COLLATE NOCASE, b.id`,
    byBoard,
  );
  // A smart board counts what matches its saved search and the rest of the filter.
  const boards = boardRows.map(({ smart, ...board }) =>
    smart === 1
      ? {
          ...board,
          count: countWhere(buildAssetConditions({ ...withoutBoard(filter), within: expandSmartBoard<AssetFilter>(db, { boardId: board.id }).within ?? {} })),
        }
      : board,
  );

  const byCharacter = buildAssetConditions(filter, 'character');
  const characterSource = byCharacter.sql === '1' ? 'asset_characters c' : `asset_characters c JOIN ${joined} ON a.id = c.asset_id WHERE ${byCharacter.sql}`;
  const characters = all<{ username: string; count: number }>(
    `SELECT c.username, COUNT(*) AS count FROM ${characterSource} GROUP BY c.username ORDER BY count DESC, c.username LIMIT 100`,
    byCharacter,
  );

  const byBatch = buildAssetConditions(filter, 'batch');
  const batchCounts = `SELECT j.batch_id, COUNT(*) AS count FROM ${assets('batch')} JOIN jobs j ON j.id = a.job_id
                       WHERE ${byBatch.sql} AND j.batch_id IS NOT NULL GROUP BY j.batch_id`;
  const batches = all<{ id: string; name: string; count: number }>(
    `SELECT b.id, b.name, c.count FROM (${batchCounts}) c JOIN batches b ON b.id = c.batch_id
     ORDER BY (b.id = ?) DESC, b.created_at DESC, b.id LIMIT ${MAX_BATCHES}`,
    byBatch,
    filter.batchId ?? '',
  );

  return {
    total: count(undefined),
    favourites: count('favourite', ' AND a.favourite = 1'),
    kinds,
    models,
    tags,
    boards,
    characters,
    batches,
    since: since.map((from) => ({ from, count: count('date', ' AND a.created_at >= ?', from) })),
  };
}

/** The filter without its board (a smart board's search counts as the board). */
function withoutBoard(filter: AssetFilter): AssetFilter {
  const { boardId: _board, within: _within, ...rest } = filter;
  return rest;
}
