const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Longest tag kept, in characters (graphemes, so an emoji is never cut in half). */
export const MAX_TAG_LENGTH = 64;

/**
 * The stored form of a tag: compatibility-normalised (full-width letters become ASCII),
 * trimmed, inner whitespace collapsed, lower-cased, at most MAX_TAG_LENGTH characters.
 * Returns null for a tag that is empty once cleaned.
 */
export function normalizeTag(tag: string): string | null {
  const folded = tag.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLowerCase();
  const clean = Array.from(graphemes.segment(folded), (part) => part.segment)
    .slice(0, MAX_TAG_LENGTH)
    .join('')
    .trim();
  return clean === '' ? null : clean;
}

/** Normalised, de-duplicated, sorted tags. */
export function normalizeTags(tags: readonly string[]): string[] {
  const clean = tags.map(normalizeTag).filter((tag): tag is string => tag !== null);
  return [...new Set(clean)].sort();
}
