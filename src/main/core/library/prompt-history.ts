/**
 * Prompt history: every prompt the studio has sent, read from what the library already keeps
 * (jobs, and results whose job row is gone), one entry per prompt with how often it was used, the
 * model of its latest use and a thumbnail of its newest result. A batch made from a template is
 * listed once, by its template, instead of by each line it expanded to. Search goes through the
 * prompts' full-text indexes, so English words match by prefix and Chinese matches any run of characters.
 */
import type { LibraryDatabase } from './library-database';
import { newestPromptEntries, type HistoryEntryRow } from './newest-prompts';
import { buildMatchQuery } from './search-text';

export interface PromptHistoryEntry {
  /** The prompt, or the template of a batch made from one. */
  prompt: string;
  /** True when `prompt` is a template (`{a|b}` alternatives, `{{column}}` values). */
  isTemplate: boolean;
  model: string;
  variantId: string | null;
  uses: number;
  lastUsedAt: number;
  /** The library path of the newest result's picture (its poster for a video); null when it made none. */
  thumbPath: string | null;
}

export interface PromptHistoryQuery {
  /** What the artist typed to search; empty lists everything. */
  query?: string | undefined;
  /** Newest first (the default) or most used first. */
  order?: 'recent' | 'frequent' | undefined;
  /** At most this many entries (default 50, 1-200). */
  limit?: number | undefined;
}

interface HistoryRow extends HistoryEntryRow {
  thumb_path: string | null;
}

/** A result's picture: its thumbnail, else the image itself (a video without a poster has none). */
const RESULT_PICTURE = "COALESCE(a.thumb_path, CASE WHEN a.kind = 'image' THEN a.file_path END)";

/** The newest result's picture of the template or prompt `key` (an SQL expression). */
const templatePicture = (key: string): string => `
  SELECT ${RESULT_PICTURE} FROM batches b JOIN jobs j ON j.batch_id = b.id JOIN assets a ON a.job_id = j.id
  WHERE b.template = ${key} AND ${RESULT_PICTURE} IS NOT NULL ORDER BY a.created_at DESC, a.id DESC LIMIT 1`;
const promptPicture = (key: string): string => `
  SELECT ${RESULT_PICTURE} FROM assets a
  WHERE a.prompt = ${key} AND ${RESULT_PICTURE} IS NOT NULL ORDER BY a.created_at DESC, a.id DESC LIMIT 1`;

export function listPromptHistory(db: LibraryDatabase, request: PromptHistoryQuery = {}): PromptHistoryEntry[] {
  const limit = Math.min(200, Math.max(1, Math.trunc(request.limit ?? 50)));
  const searching = request.query !== undefined && request.query.trim() !== '';
  if (!searching && request.order !== 'frequent') return newestPromptEntries(db, limit).map((row) => entryOf(row, pictureOf(db, row)));
  return groupedHistory(db, request, limit).map((row) => entryOf(row, row.thumb_path));
}

/** The newest result's picture of one entry. */
function pictureOf(db: LibraryDatabase, row: HistoryEntryRow): string | null {
  const sql = row.is_template === 1 ? templatePicture('?') : promptPicture('?');
  return db.prepare<[string], { picture: string | null }>(`SELECT (${sql}) AS picture`).get(row.prompt)?.picture ?? null;
}

/** Every use grouped by prompt: for a search, and for the most used first. */
function groupedHistory(db: LibraryDatabase, request: PromptHistoryQuery, limit: number): HistoryRow[] {
  const match = request.query === undefined ? null : buildMatchQuery(request.query);
  if (request.query !== undefined && request.query.trim() !== '' && match === null) return [];
  const jobFilter = match === null ? '' : 'AND j.seq IN (SELECT rowid FROM job_search WHERE job_search MATCH ?)';
  const assetFilter = match === null ? '' : 'AND seq IN (SELECT rowid FROM asset_search WHERE asset_search MATCH ?)';
  const order = request.order === 'frequent' ? 'uses DESC, last_used_at DESC' : 'last_used_at DESC';
  // With one max() aggregate, SQLite takes the bare columns (model, variant) from the row holding it: the latest use.
  // A template's newest result is among its batches' jobs; a prompt's among the results made from it.
  const sql = `
    WITH uses AS (
      SELECT COALESCE(b.template, j.prompt) AS prompt, b.template IS NOT NULL AS is_template, j.model, j.variant_id, j.created_at
      FROM jobs j LEFT JOIN batches b ON b.id = j.batch_id WHERE trim(j.prompt) <> '' ${jobFilter}
      UNION ALL
      SELECT prompt, 0, model, variant_id, created_at FROM assets WHERE job_id IS NULL AND trim(prompt) <> '' ${assetFilter}
    ),
    entries AS (
      SELECT prompt, is_template, model, variant_id, COUNT(*) AS uses, MAX(created_at) AS last_used_at
      FROM uses GROUP BY prompt, is_template ORDER BY ${order} LIMIT ?
    )
    SELECT e.*, CASE WHEN e.is_template THEN (${templatePicture('e.prompt')}) ELSE (${promptPicture('e.prompt')}) END AS thumb_path
    FROM entries e ORDER BY ${order}`;
  const params = match === null ? [limit] : [match, match, limit];
  return db.prepare<unknown[], HistoryRow>(sql).all(...params);
}

function entryOf(row: HistoryEntryRow, thumbPath: string | null): PromptHistoryEntry {
  return {
    prompt: row.prompt,
    isTemplate: row.is_template === 1,
    model: row.model,
    variantId: row.variant_id,
    uses: row.uses,
    lastUsedAt: row.last_used_at,
    thumbPath,
  };
}
