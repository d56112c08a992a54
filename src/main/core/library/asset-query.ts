import { z } from 'zod';
import { assetColumns, type AssetKind } from './assets';
import { buildMatchQuery } from './search-text';
import { normalizeUsername } from './asset-characters';
import { normalizeTag } from './tags';

/** What the gallery can narrow the library to. Every field is optional; they combine with AND. */
export interface AssetFilter {
  kind?: AssetKind;
  model?: string;
  variantId?: string;
  favourite?: boolean;
  tag?: string;
  /** Created at or after (Unix ms). */
  createdFrom?: number;
  /** Created before (Unix ms). */
  createdBefore?: number;
  batchId?: string;
  jobId?: string;
  /** On this board. */
  boardId?: string;
  /** Its prompt mentions this character (`@username`, with or without the `@`). */
  character?: string;
  /** What the user typed in the search box: matched against prompts. */
  text?: string;
  /** A smart board's saved search (`expandSmartBoard`), which must match as well; it counts as the board facet. */
  within?: AssetFilter;
  /** By creation time: newest first (the default) or oldest first. */
  order?: 'newest' | 'oldest';
}

/** Filters that have counts of their own (see `countAssetFacets`). */
export type FacetName = 'kind' | 'model' | 'favourite' | 'tag' | 'board' | 'character' | 'batch' | 'date';

export interface AssetPageRequest extends AssetFilter {
  /** Items per page, 1-200 (default 50). */
  limit?: number;
  /** `nextCursor` of the previous page; absent for the first page. */
  cursor?: string | null;
}

export interface SqlFragment {
  sql: string;
  params: (string | number)[];
}

/** Where a page ended: the last item's sort key. */
export interface AssetCursor {
  createdAt: number;
  id: string;
}

/** A cursor that this library did not make (or that was damaged on the way). */
export class InvalidCursorError extends Error {
  constructor() {
    super('The page cursor is not valid.');
    this.name = 'InvalidCursorError';
  }
}

const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

const cursorSchema = z.object({ t: z.number().int(), id: z.string().min(1) });

/** An opaque, URL-safe cursor for the item a page ended with. */
export function encodeCursor(cursor: AssetCursor): string {
  return Buffer.from(JSON.stringify({ t: cursor.createdAt, id: cursor.id }), 'utf8').toString('base64url');
}

export function decodeCursor(text: string): AssetCursor {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    if (parsed.success) return { createdAt: parsed.data.t, id: parsed.data.id };
  } catch {
    // Not base64 JSON: reported below like any other foreign cursor.
  }
  throw new InvalidCursorError();
}

/**
 * How a condition on a link table (tags, boards, characters, batches) is written:
 * - `lookup`: `a.id IN (SELECT asset_id FROM ...)`, SQLite starts from the link table's rows and
 *   looks each asset up: the cost grows with how many items match (fast for a small board).
 * - `probe`: `EXISTS (SELECT 1 FROM ... WHERE asset_id = a.id ...)`, SQLite walks the assets in
 *   the order asked and checks each one: the cost grows with how far it walks before a page is
 *   full (fast for a tag on every tenth item).
 */
export type LinkForm = 'lookup' | 'probe';

/** Which conditions of a filter to write: all, only those on the assets' own columns, or all but one facet's. */
interface ConditionOptions {
  omit?: FacetName | undefined;
  links?: LinkForm;
  /** Leave out the link-table and search conditions (what a walk over the assets' own indexes can check). */
  columnsOnly?: boolean;
}

const linkSql = {
  tag: { table: 'asset_tags', column: 'tag' },
  board: { table: 'board_items', column: 'board_id' },
  character: { table: 'asset_characters', column: 'username' },
} as const;

function linkCondition(link: keyof typeof linkSql, form: LinkForm): string {
  const { table, column } = linkSql[link];
  return form === 'probe'
    ? `EXISTS (SELECT 1 FROM ${table} l WHERE l.asset_id = a.id AND l.${column} = ?)`
    : `a.id IN (SELECT asset_id FROM ${table} WHERE ${column} = ?)`;
}

/** True when the filter picks assets through a tag, board or character and no search (whose matches come by row number). */
function linksById(filter: AssetFilter): boolean {
  const linked = (filter.tag !== undefined && normalizeTag(filter.tag) !== null) || filter.boardId !== undefined || filter.character !== undefined;
  return linked && !(filter.text !== undefined && buildMatchQuery(filter.text) !== null);
}

/**
 * True when a page of this filter may be found faster by walking the assets newest first and
 * probing a tag, board or character than by looking up every item that has it. Not with a search
 * (the index's matches are the smaller set) nor a batch (a batch holds a few dozen items).
 */
export function mayWalkForPage(filter: AssetFilter): boolean {
  const linked = (filter.tag !== undefined && normalizeTag(filter.tag) !== null) || filter.boardId !== undefined || filter.character !== undefined;
  const searched = filter.text !== undefined && buildMatchQuery(filter.text) !== null;
  return linked && !searched && filter.batchId === undefined;
}

/**
 * For each tag, board or character of the filter, a count of its items capped at `cap` (reading
 * at most `cap` index entries): a link holding fewer than a window's worth of items is faster to
 * look up item by item than to find by walking the library.
 */
export function buildLinkCountQueries(filter: AssetFilter, cap: number): SqlFragment[] {
  const tag = filter.tag === undefined ? null : normalizeTag(filter.tag);
  const links: [keyof typeof linkSql, string][] = [];
  if (tag !== null) links.push(['tag', tag]);
  if (filter.boardId !== undefined) links.push(['board', filter.boardId]);
  if (filter.character !== undefined) links.push(['character', normalizeUsername(filter.character)]);
  return links.map(([link, value]) => {
    const { table, column } = linkSql[link];
    return { sql: `SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${table} WHERE ${column} = ? LIMIT ?)`, params: [value, cap] };
  });
}

/**
 * The WHERE conditions of a filter over `assets a`, leaving out the facet named by `omit`
 * (so each facet's counts show what choosing another value would give).
 */
export function buildAssetConditions(filter: AssetFilter, omit?: FacetName, links: LinkForm = 'lookup'): SqlFragment {
  return conditionsOf(filter, { omit, links });
}

function conditionsOf(filter: AssetFilter, { omit, links = 'lookup', columnsOnly = false }: ConditionOptions): SqlFragment {
  const conditions: string[] = [];
  const params: (string | number)[] = [];
  const add = (sql: string, ...values: (string | number)[]): void => {
    conditions.push(sql);
    params.push(...values);
  };
  const linked = !columnsOnly;
  if (filter.kind !== undefined && omit !== 'kind') add('a.kind = ?', filter.kind);
  if (filter.model !== undefined && omit !== 'model') add('a.model = ?', filter.model);
  if (filter.variantId !== undefined) add('a.variant_id = ?', filter.variantId);
  if (filter.favourite !== undefined && omit !== 'favourite') add('a.favourite = ?', filter.favourite ? 1 : 0);
  const tag = filter.tag === undefined ? null : normalizeTag(filter.tag);
  if (linked && tag !== null && omit !== 'tag') add(linkCondition('tag', links), tag);
  if (filter.createdFrom !== undefined && omit !== 'date') add('a.created_at >= ?', filter.createdFrom);
  if (filter.createdBefore !== undefined && omit !== 'date') add('a.created_at < ?', filter.createdBefore);
  if (linked && filter.batchId !== undefined && omit !== 'batch') {
    add(
      links === 'probe' ? 'EXISTS (SELECT 1 FROM jobs j WHERE j.id = a.job_id AND j.batch_id = ?)' : 'a.job_id IN (SELECT id FROM jobs WHERE batch_id = ?)',
      filter.batchId,
    );
  }
  if (linked && filter.boardId !== undefined && omit !== 'board') add(linkCondition('board', links), filter.boardId);
  if (linked && filter.character !== undefined && omit !== 'character') add(linkCondition('character', links), normalizeUsername(filter.character));
  if (filter.jobId !== undefined) add('a.job_id = ?', filter.jobId);
  const match = !linked || filter.text === undefined ? null : buildMatchQuery(filter.text);
  if (match !== null) add('a.seq IN (SELECT rowid FROM asset_search WHERE asset_search MATCH ?)', match);
  if (filter.within !== undefined && omit !== 'board') {
    const inner = buildAssetConditions(filter.within);
    add(`(${inner.sql})`, ...inner.params);
  }
  return { sql: conditions.length > 0 ? conditions.join(' AND ') : '1', params };
}

/** Clamps a requested page size to 1..MAX_PAGE_SIZE. */
export function pageSize(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(limit)));
}

/**
 * One page, newest (or oldest) first, by keyset on (created_at, id): the query reads one row more
 * than the page so the caller knows whether another page follows. `within` keeps the walk to the
 * rows from the cursor to that key (inclusive), for the windowed first try of `listAssets`.
 */
export function buildAssetPageQuery(request: AssetPageRequest, links: LinkForm = 'lookup', within?: AssetCursor): SqlFragment & { limit: number } {
  const where = conditionsOf(request, { links });
  const limit = pageSize(request.limit);
  const { keyset, order, params: keysetParams, oldestFirst } = keysetOf(request);
  const bound = within ? ` AND (a.created_at, a.id) ${oldestFirst ? '<=' : '>='} (?, ?)` : '';
  // Sort and cut on the keys alone, then read whole rows (with their tags) for the page only:
  // a common search word matches thousands of rows, and sorting full rows made it 4x slower.
  // Items looked up from a tag, board or character are read from the narrow facet index (their
  // keys and filter columns) rather than from whole rows: 1,000 of them took 18 ms through the rows.
  const source = links === 'lookup' && linksById(request) ? 'assets a INDEXED BY assets_facets_by_id' : 'assets a';
  const page = `SELECT a.seq FROM ${source} WHERE ${where.sql}${keyset}${bound} ORDER BY ${order} LIMIT ?`;
  return {
    sql: `SELECT ${assetColumns} FROM assets a WHERE a.seq IN (${page}) ORDER BY ${order}`,
    params: [...where.params, ...keysetParams, ...(within ? [within.createdAt, within.id] : []), limit + 1],
    limit,
  };
}

/**
 * The key of the `depth`-th asset after the cursor that passes the filter's own-column conditions
 * (kind, model, favourite, dates...), link tables and search left out: the far end of the window
 * `listAssets` first walks for a filter on a link table.
 */
export function buildWindowEndQuery(request: AssetPageRequest, depth: number): SqlFragment {
  const where = conditionsOf(request, { columnsOnly: true });
  const { keyset, order, params } = keysetOf(request);
  return {
    sql: `SELECT a.created_at AS createdAt, a.id FROM assets a WHERE ${where.sql}${keyset} ORDER BY ${order} LIMIT 1 OFFSET ?`,
    params: [...where.params, ...params, Math.max(0, depth - 1)],
  };
}

function keysetOf(request: AssetPageRequest): { keyset: string; order: string; params: (string | number)[]; oldestFirst: boolean } {
  const after = request.cursor ? decodeCursor(request.cursor) : null;
  const oldestFirst = request.order === 'oldest';
  return {
    keyset: after ? ` AND (a.created_at, a.id) ${oldestFirst ? '>' : '<'} (?, ?)` : '',
    order: oldestFirst ? 'a.created_at ASC, a.id ASC' : 'a.created_at DESC, a.id DESC',
    params: after ? [after.createdAt, after.id] : [],
    oldestFirst,
  };
}
