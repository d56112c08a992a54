import { extractMentions } from '../../../shared/catalog/prompt-syntax';
import type { LibraryDatabase } from './library-database';

/** The stored form of a character's username: without `@`, lower-cased (mentions are matched case-insensitively). */
export function normalizeUsername(username: string): string {
  return username.replace(/^@/, '').toLowerCase();
}

/** The characters a prompt mentions as `@username`, normalised, without duplicates. */
export function characterUsernamesOf(prompt: string): string[] {
  return [...new Set(extractMentions(prompt).map(normalizeUsername))];
}

/** Records the characters an asset's prompt mentions (for the gallery's character filter). */
export function writeAssetCharacters(db: LibraryDatabase, assetId: string, prompt: string): void {
  const insert = db.prepare('INSERT OR IGNORE INTO asset_characters (asset_id, username) VALUES (?, ?)');
  for (const username of characterUsernamesOf(prompt)) insert.run(assetId, username);
}
