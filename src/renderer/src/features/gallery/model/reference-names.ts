/**
 * What a reference of a request is called where an artist reads it: the field's label in the
 * model's form ("Reference images 2", "Mask"), not the request's path (`image_urls[2].url`).
 */
import { variantById, type Locale } from '../../../../../shared/catalog';
import { sharedTranslator } from '../../../../../shared/i18n/locales';
import { say } from '../../../../../shared/i18n/translate';

/** `image_urls[2].url` → `image_urls` and 2; `mask_url` → itself and no number. */
export function splitReferencePath(path: string): { key: string; index: number | null } {
  const match = /^([^[\]]+)\[(\d+)\]/.exec(path);
  return match?.[1] ? { key: match[1], index: Number(match[2]) } : { key: path, index: null };
}

/** The form label of a reference's field for the variant that made the result, numbered in a list; `fallback` for an unknown field. */
export function referenceName(path: string, variantId: string | null, locale: Locale, fallback: string): string {
  const { key, index } = splitReferencePath(path);
  const field = variantId ? variantById(variantId)?.fields.find((candidate) => candidate.key === key) : undefined;
  const label = field ? say(field.label, sharedTranslator(locale)) : fallback;
  return index === null ? label : `${label} ${index}`;
}
