import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Settings } from '../../../shared/contract';
import type { ENGLISH_TEXTS } from '../../../shared/i18n/locales';
import { LOCALE_IDS, matchLocale, sharedTexts, type LocaleId } from '../../../shared/i18n/locales';
import type { ResourceTree } from '../../../shared/i18n/translate';
import type en from './en.json';

/** The languages the studio is written in. */
export type UiLanguage = LocaleId;

/** The window's own texts of every language, found by file name (`<code>.json`) for each registered language. */
const windowTexts = import.meta.glob<ResourceTree>('./*.json', { eager: true, import: 'default' });

/** English's window texts with the shared ones: the reference every key is typed against. */
type EnglishResources = typeof en & typeof ENGLISH_TEXTS;

/**
 * The window's own texts together with the shared ones (catalog, reasons, requestChecks, shell,
 * language), which main and shared code name by key; the namespaces of the two never overlap.
 * A text a language lacks falls back to English.
 */
export const WINDOW_RESOURCES: Readonly<Record<UiLanguage, EnglishResources>> = Object.fromEntries(
  LOCALE_IDS.map((code) => [code, { ...windowTexts[`./${code}.json`], ...sharedTexts(code) }]),
) as Record<UiLanguage, EnglishResources>;

declare module 'i18next' {
  interface CustomTypeOptions {
    // English is the reference: a key missing there is a type error everywhere.
    resources: { translation: EnglishResources };
  }
}

/** 'system' follows the browser's language: a language of the same family if the studio has one (any Chinese opens Simplified Chinese), else English. */
export function resolveLanguage(setting: Settings['language'], browserLanguage: string | undefined): UiLanguage {
  return setting === 'system' ? matchLocale(browserLanguage) : setting;
}

/** Starts i18next in the given language; resources are bundled, so nothing is fetched. */
export async function initI18n(language: UiLanguage): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources: Object.fromEntries(LOCALE_IDS.map((code) => [code, { translation: WINDOW_RESOURCES[code] }])),
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false }, // React escapes what it renders.
    returnNull: false,
  });
}

/** Switches the UI language and tells assistive technology which language the page is in. */
export async function switchLanguage(language: UiLanguage): Promise<void> {
  document.documentElement.lang = language;
  if (i18next.language !== language) await i18next.changeLanguage(language);
}
