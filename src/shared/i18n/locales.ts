/**
 * The languages the studio ships (`LANGUAGES`) as main, the command line and the window use them:
 * which tags are languages, a translator over each one's shared texts, and the language a
 * system or browser locale opens. The window adds its own texts to the same i18next resources.
 */
import { LANGUAGES, type Language } from './languages';
import { say, translatorFor, type ResourceTree, type Translate, type Words } from './translate';

/** The texts of one language that main and shared code produce keys for, by namespace. */
export type SharedResources = (typeof LANGUAGES)[0]['texts'];

/** A language the studio ships, by its tag. */
export type LocaleId = (typeof LANGUAGES)[number]['code'];

const languages: readonly Language[] = LANGUAGES;

/** The tags of every language, English first. */
export const LOCALE_IDS: readonly LocaleId[] = languages.map((language) => language.code as LocaleId);

export function isLocaleId(value: unknown): value is LocaleId {
  return typeof value === 'string' && LOCALE_IDS.includes(value as LocaleId);
}

/** The shared texts of a language; English for one the studio does not ship. */
export function sharedTexts(language: LocaleId): ResourceTree {
  return (languages.find((entry) => entry.code === language) ?? LANGUAGES[0]).texts;
}

/** English's shared texts: the reference every other language has the keys of. */
export const ENGLISH_TEXTS: SharedResources = LANGUAGES[0].texts;

/** A language named in itself (`language.nativeName` of its own texts), as the language picker lists it. */
export function nativeNameOf(language: LocaleId): string {
  return translatorFor(sharedTexts(language), language)('language.nativeName');
}

/**
 * The language a system or browser locale opens: the language with that exact tag, else one of
 * the same primary language (any Chinese opens Simplified Chinese), else English.
 */
export function matchLocale(tag: string | undefined): LocaleId {
  const wanted = tag?.toLowerCase() ?? '';
  const primary = wanted.split('-')[0];
  return (
    LOCALE_IDS.find((code) => code.toLowerCase() === wanted) ?? LOCALE_IDS.find((code) => code.toLowerCase().split('-')[0] === primary) ?? LANGUAGES[0].code
  );
}

const translators = new Map<string, Translate>();

/** A translator over the shared texts of a language (English for one the studio does not ship). */
export function sharedTranslator(language: LocaleId): Translate {
  let translate = translators.get(language);
  if (!translate) {
    translate = translatorFor(sharedTexts(language), language);
    translators.set(language, translate);
  }
  return translate;
}

/** English words, for logs, thrown errors' messages and the command line. */
export const inEnglish: Translate = (key, params) => sharedTranslator('en')(key, params);

/** Words in English, for logs, thrown errors' messages and the command line. */
export function sayInEnglish(words: Words): string {
  return say(words, inEnglish);
}

/** A language the studio ships, or a translator of one (the window's i18next, a pseudo-locale in tests). */
export type Reader = LocaleId | Translate;

/** The translator a reader stands for. */
export function translatorOf(reader: Reader): Translate {
  return typeof reader === 'string' ? sharedTranslator(reader) : reader;
}
