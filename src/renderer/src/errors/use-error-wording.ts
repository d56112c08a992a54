import { useTranslation } from 'react-i18next';
import { isLocaleId } from '../../../shared/i18n/locales';
import type { Locale } from '../../../shared/catalog/types';
import type { ErrorWording, StudioError } from '../../../shared/contract';
import { wordError } from '../../../shared/contract/error-wording';
import { useTranslate } from '../i18n/use-words';

/** The UI language as the shared wording knows it. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocaleId(i18n.language) ? i18n.language : 'en';
}

/** An error worded in the current UI language (re-worded when the language changes). */
export function useErrorWording(error: StudioError): ErrorWording {
  return wordError(error, useTranslate());
}
