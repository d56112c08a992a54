import type { Database } from 'better-sqlite3';
import { searchTextOf } from './search-text';

/** Name of the SQL function the search triggers call; it must be registered on every connection. */
export const SEARCH_TEXT_FUNCTION = 'library_search_text';

/** Makes `searchTextOf` callable from SQL (triggers and migrations). */
export function registerSearchTextFunction(db: Database): void {
  db.function(SEARCH_TEXT_FUNCTION, { deterministic: true }, (prompt: unknown) => searchTextOf(typeof prompt === 'string' ? prompt : null));
}
