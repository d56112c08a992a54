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

export const DEFAULT_PAGE_SIZE = 50;
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
 * The WHERE conditions of a filter over `assets a`, leaving out the facet named by `omit`
 * (so each facet's counts show what choosing another value would give).
 */
export function buildAssetConditions(filter: AssetFilter, omit?: FacetName): SqlFragment {
  const conditions: string[] = [];
  const params: (string | number)[] = [];
  const add = (sql: string, ...values: (string | number)[]): void => {
    conditions.push(sql);
    params.push(...values);
  };
  if (filter.kind !== undefined && omit !== 'kind') add('a.kind = ?', filter.kind);
  if (filter.model !== undefined && omit !== 'model') add('a.model = ?', filter.model);
  if (filter.variantId !== undefined) add('a.variant_id = ?', filter.variantId);
  if (filter.favourite !== undefined && omit !== 'favourite') add('a.favourite = ?', filter.favourite ? 1 : 0);
  const tag = filter.tag === undefined ? null : normalizeTag(filter.tag);
  if (tag !== null && omit !== 'tag') add('a.id IN (SELECT asset_id FROM asset_tags WHERE tag = ?)', tag);
  if (filter.createdFrom !== undefined && omit !== 'date') add('a.created_at >= ?', filter.createdFrom);
  if (filter.createdBefore !== undefined && omit !== 'date') add('a.created_at < ?', filter.createdBefore);
  if (filter.batchId !== undefined && omit !== 'batch') add('a.job_id IN (SELECT id FROM jobs WHERE batch_id = ?)', filter.batchId);
  if (filter.boardId !== undefined && omit !== 'board') add('a.id IN (SELECT asset_id FROM board_items WHERE board_id = ?)', filter.boardId);
  if (filter.character !== undefined && omit !== 'character') {
    add('a.id IN (SELECT asset_id FROM asset_characters WHERE username = ?)', normalizeUsername(filter.character));
  }
  if (filter.jobId !== undefined) add('a.job_id = ?', filter.jobId);
  const match = filter.text === undefined ? null : buildMatchQuery(filter.text);
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
 * than the page so the caller knows whether another page follows.
 */
export function buildAssetPageQuery(request: AssetPageRequest): SqlFragment & { limit: number } {
  const where = buildAssetConditions(request);
  const limit = pageSize(request.limit);
  const after = request.cursor ? decodeCursor(request.cursor) : null;
  const oldestFirst = request.order === 'oldest';
  const keyset = after ? ` AND (a.created_at, a.id) ${oldestFirst ? '>' : '<'} (?, ?)` : '';
  const order = oldestFirst ? 'a.created_at ASC, a.id ASC' : 'a.created_at DESC, a.id DESC';
  // Sort and cut on the keys alone, then read whole rows (with their tags) for the page only:
  // a common search word matches thousands of rows, and sorting full rows made it 4x slower.
  const page = `SELECT a.seq FROM assets a WHERE ${where.sql}${keyset} ORDER BY ${order} LIMIT ?`;
  return {
    sql: `SELECT ${assetColumns} FROM assets a WHERE a.seq IN (${page}) ORDER BY ${order}`,
    params: [...where.params, ...(after ? [after.createdAt, after.id] : []), limit + 1],
    limit,
  };
}
