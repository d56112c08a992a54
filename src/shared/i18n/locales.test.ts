import { describe, expect, it } from 'vitest';
import { LOCALE_IDS, ENGLISH_TEXTS, sharedTexts, sharedTranslator } from './locales';
import { pseudoText, pseudoTree } from './pseudo-locale';
import { say, translatorFor, type ResourceTree } from './translate';

/** Every leaf of a resource tree as `a.b.c` -> text. */
function leaves(tree: ResourceTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string): string[] => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
const english = leaves(ENGLISH_TEXTS);

describe('the shared locale files', () => {
  it.each(LOCALE_IDS)('%s has exactly the keys of English, each a non-empty text with the same placeholders', (locale) => {
    const texts = leaves(sharedTexts(locale));
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of texts) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
    }
  });
});

describe('translating', () => {
  const t = sharedTranslator('en');

  it('fills placeholders and picks the plural form by count', () => {
    expect(t('shell.tray.running', { count: 1 })).toBe('Atelier: 1 job running');
    expect(t('shell.tray.running', { count: 4 })).toBe('Atelier: 4 jobs running');
    expect(sharedTranslator('zh-CN')('shell.tray.running', { count: 1 })).toBe('Atelier：1 个任务运行中');
  });

  it('says nested words before the text that holds them, and gives back a key it does not know', () => {
    expect(say({ key: 'shell.updateReady.title', params: { version: { key: 'shell.tray.idle' } } }, t)).toBe('Atelier Atelier is ready');
    expect(t('shell.no.such.text')).toBe('shell.no.such.text');
  });

  it('keeps placeholders in the pseudo-locale and accents everything else', () => {
    expect(pseudoText('Atelier {{version}} is ready')).toBe('⟦Åŧéļîéŕ {{version}} îš ŕéåðý⟧');
    const pseudo = translatorFor(pseudoTree(ENGLISH_TEXTS), 'en-XA');
    expect(pseudo('shell.updateReady.title', { version: '2.0' })).toBe('⟦Åŧéļîéŕ 2.0 îš ŕéåðý⟧');
  });
});
