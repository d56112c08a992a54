import { describe, expect, it } from 'vitest';
import { MAX_TAG_LENGTH, normalizeTag, normalizeTags } from './tags';

describe('tags', () => {
  it('trims, collapses spaces, lower-cases and folds full-width letters', () => {
    expect(normalizeTag('  Night   Sky ')).toBe('night sky');
    expect(normalizeTag('ＣＡＴ')).toBe('cat');
    expect(normalizeTag('夜景')).toBe('夜景');
  });

  it('drops empty tags and caps the length by characters, not bytes', () => {
    expect(normalizeTag('   ')).toBeNull();
    expect(normalizeTag('猫'.repeat(100))).toBe('猫'.repeat(MAX_TAG_LENGTH));
  });

  it('de-duplicates after normalising and sorts', () => {
    expect(normalizeTags(['Cat', 'cat ', 'dog', ''])).toEqual(['cat', 'dog']);
  });
});
