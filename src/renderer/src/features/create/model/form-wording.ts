/**
 * The words of the form's problems and notes, from the locale files: each code of the catalog's
 * request check (and the few only the form finds) with its values, field keys named by their labels.
 */
import type { TFunction } from 'i18next';
import type { FormDescription, Locale, ProblemParams, RequestNotice } from '../../../../../shared/catalog';
import { say, type Translate, type Words } from '../../../../../shared/i18n/translate';
import type { FormIssue } from './form-check';

/** Words (a key of the locale files) said with the form's translator. */
const sayWith = (t: TFunction, words: Words): string => say(words, t as unknown as Translate);

function labelOf(description: FormDescription, key: string, t: TFunction): string {
  const label = description.fields.find((field) => field.key === key)?.label;
  return label === undefined ? key : sayWith(t, label);
}

/** The values as worded: field keys as labels, a unit in words, derived values some texts show. */
function wordedParams(t: TFunction, params: ProblemParams, description: FormDescription, locale: Locale): Record<string, string | number> {
  const label = (value: string | number | undefined): string => (value === undefined ? '' : labelOf(description, String(value), t));
  const unit = params.unit === 'seconds' || params.unit === 'images' || params.unit === 'tokens' ? t(`requestChecks.units.${params.unit}`) : '';
  const separator = locale === 'zh-CN' ? '、' : ', ';
  const allowed = params.allowed === undefined ? '' : String(params.allowed).split(', ').map(label).join(separator);
  const end = typeof params.limit === 'number' ? 3 + params.limit : '';
  // A file type is named as the artist knows it: GIF rather than image/gif.
  const value = typeof params.value === 'string' && /^[a-z]+\/[\w.+-]+$/.test(params.value) ? params.value.replace(/^\w+\//, '').toUpperCase() : params.value;
  return { ...params, ...(value === undefined ? {} : { value }), other: label(params.other), list: label(params.list), allowed, unit, end };
}

/** A problem of the form in the artist's language. */
export function wordIssue(t: TFunction, issue: FormIssue, description: FormDescription, locale: Locale): string {
  const params = wordedParams(t, issue.params, description, locale);
  switch (issue.code) {
    case 'no_prompt':
    case 'unknown_mention':
    case 'mask_stale':
    case 'mask_failed':
    case 'mask_unfinished':
      return t(`requestChecks.form.${issue.code}`, params);
    case 'out_of_range':
      return t(issue.params.whole === 1 ? 'requestChecks.problems.out_of_range_whole' : 'requestChecks.problems.out_of_range', params);
    default:
      return t(`requestChecks.problems.${issue.code}`, params);
  }
}

/** A note on the request (it does not block it) in the artist's language; a variant's own note as it wrote it. */
export function wordNotice(t: TFunction, notice: RequestNotice, description: FormDescription, locale: Locale): string {
  if (notice.note) return sayWith(t, notice.note);
  const params = { ...wordedParams(t, notice.params, description, locale), field: labelOf(description, notice.field, t) };
  switch (notice.code) {
    case 'ignored_unless':
      return t(
        `requestChecks.notices.ignored_unless_${notice.params.condition === 'equals' ? 'equals' : notice.params.condition === 'above' ? 'above' : 'set'}`,
        params,
      );
    case 'declared':
      return '';
    default:
      return t(`requestChecks.notices.${notice.code}`, params);
  }
}
