/**
 * The raw baselines of the library benchmarks: a gallery page written by hand on better-sqlite3,
 * with no app code. "Same answer" means what `listAssets` returns: the row, its tags, its boards,
 * its batch, and the request parsed from JSON.
 */
import type { Database, Statement } from 'better-sqlite3';

export interface RawAsset {
  [column: string]: unknown;
  tags: string[];
  boardIds: string[];
  request: unknown;
}

interface RawRow {
  [column: string]: unknown;
  tags: string | null;
  board_ids: string | null;
  request: string;
}

/** Tags, boards and batch of each row, beside its columns. */
const SAME_ANSWER_COLUMNS = `a.*, j.batch_id,
  (SELECT group_concat(tag, char(31)) FROM asset_tags WHERE asset_id = a.id) AS tags,
  (SELECT group_concat(board_id, char(31)) FROM board_items WHERE asset_id = a.id) AS board_ids`;

const split = (text: string | null): string[] => (text === null || text === '' ? [] : text.split('\u001f'));

/** What a hand-written mapping does: parse the request, split the lists. */
function toRawAssets(rows: readonly RawRow[]): RawAsset[] {
  return rows.map((row) => ({ ...row, tags: split(row.tags), boardIds: split(row.board_ids), request: JSON.parse(row.request) as unknown }));
}

export interface RawPageQuery {
  /** Conditions over `assets a` (`1` for none), keyset included. */
  where: string;
  params: unknown[];
  /** Newest first unless `oldest`. */
  oldest?: boolean;
  limit: number;
}

/**
 * One page the way one would write it by hand: pick the page's keys with the filter, then read
 * those rows with their tags, boards and batch, and map them.
 */
export function rawPage(connection: Database, query: RawPageQuery): () => RawAsset[] {
  const statement: Statement<unknown[], RawRow> = connection.prepare(rawPageSql(query));
  return () => toRawAssets(statement.all(...query.params, query.limit));
}

/** The SQL of `rawPage` (its last parameter is the limit), for a bare process that has no app code. */
export function rawPageSql(query: Pick<RawPageQuery, 'where' | 'oldest'>): string {
  const order = query.oldest ? 'a.created_at ASC, a.id ASC' : 'a.created_at DESC, a.id DESC';
  return `SELECT ${SAME_ANSWER_COLUMNS} FROM assets a LEFT JOIN jobs j ON j.id = a.job_id
     WHERE a.seq IN (SELECT a.seq FROM assets a WHERE ${query.where} ORDER BY ${order} LIMIT ?)
     ORDER BY ${order}`;
}

/** The bare rows of a page, nothing joined or mapped: the least any page could cost. */
export function rawRowsOnly(connection: Database, where: string, params: unknown[], limit: number): () => unknown[] {
  const statement = connection.prepare(`SELECT * FROM assets a WHERE ${where} ORDER BY a.created_at DESC, a.id DESC LIMIT ?`);
  return () => statement.all(...params, limit);
}

/** Median milliseconds of a few calls: to pick the faster of two hand-written forms before timing. */
export function quickMedianMs(operation: () => unknown, calls = 7): number {
  const samples: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = process.hrtime.bigint();
    operation();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return samples.sort((a, b) => a - b)[Math.floor(calls / 2)] ?? 0;
}
