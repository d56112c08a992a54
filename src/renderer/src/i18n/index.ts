import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Settings } from '../../../shared/contract';
import { SHARED_RESOURCES, type LocaleId } from '../../../shared/i18n/locales';
import en from './en.json';
import zhCN from './zh-CN.json';

/** The languages the studio is written in. */
export type UiLanguage = LocaleId;

/**
 * The window's own texts together with the shared ones (catalog, reasons, shell), which main and
 * shared code name by key; the namespaces of the two never overlap.
 */
export const WINDOW_RESOURCES = {
  en: { ...en, ...SHARED_RESOURCES.en },
  'zh-CN': { ...zhCN, ...SHARED_RESOURCES['zh-CN'] },
} as const satisfies Record<UiLanguage, unknown>;

const resources = {
  en: { translation: WINDOW_RESOURCES.en },
  'zh-CN': { translation: WINDOW_RESOURCES['zh-CN'] },
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    // English is the reference: a key missing there is a type error everywhere.
    resources: { translation: typeof WINDOW_RESOURCES.en };
  }
}

/** 'system' follows the browser's language: any Chinese variant opens Simplified Chinese, anything else English. */
export function resolveLanguage(setting: Settings['language'], browserLanguage: string | undefined): UiLanguage {
  if (setting !== 'system') return setting;
  return browserLanguage?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

/** Starts i18next in the given language; resources are bundled, so nothing is fetched. */
export async function initI18n(language: UiLanguage): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources,
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
