/**
 * Prompt history: every prompt the studio has sent, read from what the library already keeps
 * (jobs, and results whose job row is gone), one entry per prompt with how often it was used and
 * the model of its latest use. Search goes through the prompts' full-text indexes, so English
 * words match by prefix and Chinese matches any run of characters.
 */
import type { LibraryDatabase } from './library-database';
import { buildMatchQuery } from './search-text';

export interface PromptHistoryEntry {
  prompt: string;
  model: string;
  variantId: string | null;
  uses: number;
  lastUsedAt: number;
}

export interface PromptHistoryQuery {
  /** What the artist typed to search; empty lists everything. */
  query?: string | undefined;
  /** Newest first (the default) or most used first. */
  order?: 'recent' | 'frequent' | undefined;
  /** At most this many entries (default 50, 1-200). */
  limit?: number | undefined;
}

interface HistoryRow {
  prompt: string;
  model: string;
  variant_id: string | null;
  uses: number;
  last_used_at: number;
}

export function listPromptHistory(db: LibraryDatabase, request: PromptHistoryQuery = {}): PromptHistoryEntry[] {
  const match = request.query === undefined ? null : buildMatchQuery(request.query);
  if (request.query !== undefined && request.query.trim() !== '' && match === null) return [];
  const jobFilter = match === null ? '' : 'AND seq IN (SELECT rowid FROM job_search WHERE job_search MATCH ?)';
  const assetFilter = match === null ? '' : 'AND seq IN (SELECT rowid FROM asset_search WHERE asset_search MATCH ?)';
  const order = request.order === 'frequent' ? 'uses DESC, last_used_at DESC' : 'last_used_at DESC';
  const limit = Math.min(200, Math.max(1, Math.trunc(request.limit ?? 50)));
  // With one max() aggregate, SQLite takes the bare columns (model, variant) from the row holding it: the latest use.
  const sql = `
    WITH uses AS (
      SELECT prompt, model, variant_id, created_at FROM jobs WHERE trim(prompt) <> '' ${jobFilter}
      UNION ALL
      SELECT prompt, model, variant_id, created_at FROM assets WHERE job_id IS NULL AND trim(prompt) <> '' ${assetFilter}
    )
    SELECT prompt, model, variant_id, COUNT(*) AS uses, MAX(created_at) AS last_used_at
    FROM uses GROUP BY prompt ORDER BY ${order} LIMIT ?`;
  const params = match === null ? [limit] : [match, match, limit];
  return db
    .prepare<unknown[], HistoryRow>(sql)
    .all(...params)
    .map((row) => ({ prompt: row.prompt, model: row.model, variantId: row.variant_id, uses: row.uses, lastUsedAt: row.last_used_at }));
}
