import { describe, expect, it } from 'vitest';
import { LOCALE_IDS } from '../../../shared/i18n/locales';
import { resolveLanguage, WINDOW_RESOURCES } from './index';

/** Every leaf of a resource tree as `a.b.c` -> text. */
function leaves(tree: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (tree !== null && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) {
      for (const [k, v] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, tree);
  }
  return out;
}

const placeholders = (text: string): string[] => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

describe('translation resources', () => {
  const english = leaves(WINDOW_RESOURCES.en);
  const others = LOCALE_IDS.filter((code) => code !== 'en').map((code) => [code, leaves(WINDOW_RESOURCES[code])] as const);

  it.each(others)('have exactly the keys of English in %s (each registered language has its window file)', (_code, texts) => {
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('hold only non-empty strings', () => {
    for (const [key, text] of [english, ...others.map(([, texts]) => texts)].flatMap((texts) => [...texts])) {
      expect(typeof text, key).toBe('string');
      expect(String(text).trim(), key).not.toBe('');
    }
  });

  it.each(others)('use the same interpolation placeholders as English in %s', (_code, texts) => {
    for (const [key, text] of english) {
      expect(placeholders(String(texts.get(key))), key).toEqual(placeholders(String(text)));
    }
  });
});

describe('resolveLanguage', () => {
  it('keeps an explicit choice whatever the browser says', () => {
    expect(resolveLanguage('en', 'zh-CN')).toBe('en');
    expect(resolveLanguage('zh-CN', 'en-US')).toBe('zh-CN');
  });

  it('follows the browser for "system": any Chinese variant gives zh-CN, anything else English', () => {
    expect(resolveLanguage('system', 'zh-CN')).toBe('zh-CN');
    expect(resolveLanguage('system', 'zh-TW')).toBe('zh-CN');
    expect(resolveLanguage('system', 'ZH')).toBe('zh-CN');
    expect(resolveLanguage('system', 'en-GB')).toBe('en');
    expect(resolveLanguage('system', 'fr')).toBe('en');
    expect(resolveLanguage('system', undefined)).toBe('en');
  });
});
