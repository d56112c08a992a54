import { extractMentions } from '../../../shared/catalog/prompt-syntax';

/** The stored form of a character's username: without `@`, lower-cased (mentions are matched case-insensitively). */
export function normalizeUsername(username: string): string {
  return username.replace(/^@/, '').toLowerCase();
}

/** The characters a prompt mentions as `@username`, normalised, without duplicates. */
export function characterUsernamesOf(prompt: string): string[] {
  return [...new Set(extractMentions(prompt).map(normalizeUsername))];
}
