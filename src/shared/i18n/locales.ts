/**
 * Every language the studio ships, with its texts: one folder per language under `src/shared/i18n`
 * and one JSON file per namespace. Main, the command line and the window all read these; the
 * window adds its own texts (`src/renderer/src/i18n`) to the same i18next resources.
 * A new language is a new folder of these files and one line in `SHARED_RESOURCES`.
 */
import enCatalog from './en/catalog.json';
import enReasons from './en/reasons.json';
import enRequestChecks from './en/requestChecks.json';
import enShell from './en/shell.json';
import zhCatalog from './zh-CN/catalog.json';
import zhReasons from './zh-CN/reasons.json';
import zhRequestChecks from './zh-CN/requestChecks.json';
import zhShell from './zh-CN/shell.json';
import { say, translatorFor, type Translate, type Words } from './translate';

/** The texts of one language that main and shared code produce keys for, by namespace. */
export type SharedResources = typeof english;

const english = { catalog: enCatalog, reasons: enReasons, requestChecks: enRequestChecks, shell: enShell };

/** The shared texts of every language; English is the reference (and the fallback). */
export const SHARED_RESOURCES = {
  en: english,
  'zh-CN': { catalog: zhCatalog, reasons: zhReasons, requestChecks: zhRequestChecks, shell: zhShell },
} as const satisfies Record<string, SharedResources>;

export type LocaleId = keyof typeof SHARED_RESOURCES;

export const LOCALE_IDS = Object.keys(SHARED_RESOURCES) as LocaleId[];

export function isLocaleId(value: unknown): value is LocaleId {
  return typeof value === 'string' && Object.hasOwn(SHARED_RESOURCES, value);
}

const translators = new Map<string, Translate>();

/** A translator over the shared texts of a language (English for one the studio does not ship). */
export function sharedTranslator(language: LocaleId): Translate {
  let translate = translators.get(language);
  if (!translate) {
    translate = translatorFor(SHARED_RESOURCES[language], language);
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
