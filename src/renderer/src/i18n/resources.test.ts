import { describe, expect, it } from 'vitest';
import en from './en.json';
import zhCN from './zh-CN.json';
import { resolveLanguage } from './index';

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
  const english = leaves(en);
  const chinese = leaves(zhCN);

  it('have exactly the same keys in English and Simplified Chinese', () => {
    expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('hold only non-empty strings', () => {
    for (const [key, text] of [...english, ...chinese]) {
      expect(typeof text, key).toBe('string');
      expect(String(text).trim(), key).not.toBe('');
    }
  });

  it('use the same interpolation placeholders in both languages', () => {
    for (const [key, text] of english) {
      expect(placeholders(String(chinese.get(key))), key).toEqual(placeholders(String(text)));
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
