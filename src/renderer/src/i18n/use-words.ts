import i18next from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { say, type Translate, type Words } from '../../../shared/i18n/translate';

/**
 * The window's translator in the shape shared code takes: keys that main and the catalog name at
 * run time (a reason, a field label) are not known to i18next's typed keys, hence the one cast.
 */
export function useTranslate(): Translate {
  const { t } = useTranslation();
  return useCallback<Translate>((key, params) => (t as unknown as Translate)(key, params), [t]);
}

const currentTranslate: Translate = (key, params) => (i18next.t as unknown as Translate)(key, params);

/**
 * Says words in the window's current language without a hook, for helpers called while a
 * component renders (the component follows the language through `useTranslation`).
 */
export function sayWords(words: Words): string;
export function sayWords(words: Words | undefined): string | undefined;
export function sayWords(words: Words | undefined): string | undefined {
  return words === undefined ? undefined : say(words, currentTranslate);
}
