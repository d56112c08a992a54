/**
 * Prompt search for FTS5. Prompts are English, Chinese, or both. FTS5's default `unicode61`
 * tokenizer keeps a run of CJK characters as one token (so "橘猫" is not found inside
 * "奔跑的橘猫"), and `trigram` finds nothing for terms shorter than three characters (most
 * Chinese words are two). So we index each CJK character as its own token and search CJK
 * terms as phrases of adjacent characters: substring matching for CJK of any length, word-prefix
 * matching for space-separated scripts, all through the index.
 */
import { withoutControls } from '../../../shared/contract/plain-text';

/** Scripts written without spaces between words; each of their characters becomes a token. */
const unspacedScript = /(\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Hangul})/gu;

/** A term is worth searching only if it holds a letter or a digit (punctuation is not indexed). */
const searchable = /[\p{L}\p{N}]/u;

/** The text stored in the search index for a prompt (registered as an SQL function for triggers). */
export function searchTextOf(prompt: string | null | undefined): string {
  if (!prompt) return '';
  return prompt.normalize('NFKC').replace(unspacedScript, ' $1 ');
}

/**
 * Builds a safe FTS5 MATCH expression from what a user typed: every whitespace-separated term
 * is a quoted phrase (so `AND`, `"`, `*`, `-`, `:` and brackets are just text), terms are
 * ANDed, and each term matches as a prefix. Returns null when nothing searchable remains.
 */
export function buildMatchQuery(userText: string): string | null {
  const terms = withoutControls(userText)
    .normalize('NFKC')
    .split(/\s+/u)
    .filter((term) => searchable.test(term))
    .map((term) => `"${searchTextOf(term).trim().replace(/\s+/gu, ' ').replaceAll('"', '""')}"*`);
  return terms.length > 0 ? terms.join(' AND ') : null;
}
