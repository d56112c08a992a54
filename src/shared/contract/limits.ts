/**
 * Bounds on what one request may ask of the studio, checked before any work is done: a batch is
 * measured before its template is expanded, so a small request can never make the studio build
 * gigabytes of prompts. Each bound sits well above what an artist needs (the largest prompt any
 * model takes, a few thousand jobs) and far below what would exhaust memory.
 */

/** Characters of one prompt: the largest any model of the interface takes (65,536 tokens at 4 characters). */
export const MAX_PROMPT_CHARS = 262_144;

/** Characters of a batch template. */
export const MAX_TEMPLATE_CHARS = 32_000;

/** `{{column}}` references in one template (each is one value of a CSV row). */
export const MAX_TEMPLATE_COLUMN_REFERENCES = 64;

/** Bytes (UTF-8) of a batch's CSV text. */
export const MAX_CSV_BYTES = 4 * 1024 * 1024;

/**
 * Bytes (UTF-8) of a template's CSV that a batch keeps for the history to give back. Larger ones
 * still run; the batch keeps only their name and size, and says so.
 */
export const MAX_KEPT_CSV_BYTES = 256 * 1024;

/** Data rows of a batch's CSV: each row makes at least one job, and a batch holds at most this many. */
export const MAX_CSV_ROWS = 5000;

/** Literal prompts of one batch, and their characters together. */
export const MAX_BATCH_PROMPTS = 5000;
export const MAX_BATCH_PROMPTS_CHARS = 4 * 1024 * 1024;

/** Characters of the options applied to every job of a batch (as JSON). */
export const MAX_BATCH_VALUES_CHARS = 64 * 1024;

/**
 * Characters of everything a batch would store, measured before it is built: every job's prompt
 * plus its options. 16 million characters is 5,000 jobs of 3,000 characters each.
 */
export const MAX_EXPANDED_BATCH_CHARS = 16_000_000;

/**
 * Largest request body the web transport reads: a 10 MB reference image as Base64 (about 14 MB)
 * or a batch at the bounds above, with room for JSON escaping.
 */
export const MAX_CONTRACT_REQUEST_BYTES = 24 * 1024 * 1024;

/** Bytes of a string once encoded as UTF-8 (without encoding it). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Nesting depth of free-form JSON in a request (batch options are a few levels deep). */
export const MAX_JSON_DEPTH = 16;

/** Why a free-form JSON value is refused. */
export type JsonBoundsProblem = 'too_large' | 'too_deep' | 'not_json';

/**
 * Why a free-form JSON value is too big or too deep, or undefined when it is within bounds.
 * Walks without recursion and stops at the first excess, so a hostile value (deeply nested,
 * huge, or even cyclic where a transport allows it) costs at most `maxChars` steps.
 */
export function jsonBoundsProblem(value: unknown, maxChars: number, maxDepth: number = MAX_JSON_DEPTH): JsonBoundsProblem | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let chars = 0;
  while (stack.length > 0) {
    const next = stack.pop();
    if (next === undefined) break;
    const { value: item, depth } = next;
    if (depth > maxDepth) return 'too_deep';
    if (typeof item === 'string') chars += item.length + 2;
    else if (typeof item === 'number' || typeof item === 'boolean' || item === null) chars += 5;
    else if (Array.isArray(item)) {
      chars += 2;
      for (const child of item as unknown[]) stack.push({ value: child, depth: depth + 1 });
    } else if (typeof item === 'object') {
      chars += 2;
      for (const [key, child] of Object.entries(item)) {
        chars += key.length + 3;
        stack.push({ value: child, depth: depth + 1 });
      }
    } else return 'not_json';
    if (chars > maxChars) return 'too_large';
  }
  return undefined;
}
