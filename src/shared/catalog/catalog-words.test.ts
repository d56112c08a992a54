import { describe, expect, it } from 'vitest';
import { LOCALE_IDS, ENGLISH_TEXTS, sharedTranslator } from '../i18n/locales';
import { plainWords, PSEUDO_LOCALE, pseudoTree } from '../i18n/pseudo-locale';
import { say, translatorFor, type Translate, type Words } from '../i18n/translate';
import { DISPLAY_MODELS, MODE_WORDS, RUN_WORDS, SPEED_WORDS } from './display-models';
import { describeForm } from './form';
import { CHANNEL_LABELS, HELP, LABELS } from './labels';
import { CATALOG } from './registry';

/** Every text of the catalog, found by shape: keys of the locale files and messages with values. */
function catalogWords(value: unknown, found: Words[] = []): Words[] {
  if (typeof value === 'string' && value.startsWith('catalog.')) found.push(value);
  else if (Array.isArray(value)) value.forEach((item) => catalogWords(item, found));
  else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.key === 'string' && record.key.startsWith('catalog.')) found.push(record as unknown as Words);
    else Object.values(record).forEach((item) => catalogWords(item, found));
  }
  return found;
}

const ALL = catalogWords([CATALOG, CATALOG.map(describeForm), DISPLAY_MODELS, SPEED_WORDS, MODE_WORDS, RUN_WORDS, LABELS, HELP, CHANNEL_LABELS]);

describe('the catalog’s words', () => {
  it('are found: labels, help, choices, rules and the models as artists know them', () => {
    expect(ALL.length).toBeGreaterThan(500);
  });

  it.each(LOCALE_IDS)('each resolve in %s', (locale) => {
    const translate = sharedTranslator(locale);
    const unresolved = ALL.map((words) => say(words, translate)).filter((text) => text.startsWith('catalog.') || /\{\{/.test(text));
    expect(unresolved).toEqual([]);
  });

  it('each come out in a made-up language, so none is written in code', () => {
    const pseudo = translatorFor(pseudoTree(ENGLISH_TEXTS), PSEUDO_LOCALE);
    // Ids and sizes shown as they are (model ids, "16:9 · 1024×1024") and model names are not words to translate.
    const withoutLiterals: Translate = (key, params) => (key === 'catalog.literal' ? '' : pseudo(key, params));
    const modelNames = new Set(['Vid', 'Pro', 'VIP']);
    const plain = ALL.flatMap((words) => plainWords(say(words, withoutLiterals).replace(/<<<\w+_N>>>|@\w+/g, ''))).filter((word) => !modelNames.has(word));
    expect(plain).toEqual([]);
  });
});
