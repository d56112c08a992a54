/**
 * What came back, kept for the user when the studio cannot read a 200 answer to a paid request:
 * bounded in size (long strings such as Base64 images are shortened, the whole is cut) and
 * without secrets.
 */
import { redactSecrets } from './redact';

/** Longest excerpt kept, in characters. */
export const RAW_ANSWER_MAX_CHARS = 8_000;
/** Strings longer than this are shortened to their start and their length. */
const LONG_STRING = 256;
const KEEP_OF_LONG_STRING = 64;

function shortenStrings(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    return value.length > LONG_STRING ? `${value.slice(0, KEEP_OF_LONG_STRING)}…(${value.length} characters)` : value;
  }
  if (depth > 20 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => shortenStrings(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shortenStrings(item, depth + 1)]));
}

function cut(text: string): string {
  return text.length > RAW_ANSWER_MAX_CHARS ? `${text.slice(0, RAW_ANSWER_MAX_CHARS)}…(${text.length} characters in all)` : text;
}

/** An excerpt of an answer: a parsed JSON value, or the raw text of one that is not JSON. */
export function answerExcerpt(answer: { json: unknown } | { text: string }, secrets: readonly string[]): string {
  const text = 'json' in answer ? JSON.stringify(shortenStrings(answer.json)) : answer.text;
  return cut(redactSecrets(text, secrets));
}
