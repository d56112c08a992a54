/**
 * The words of the catalog's request problems and notes, from the shared locale files
 * (`requestChecks.*`), so the form, a refused batch in the window and the command line say the
 * same thing from the same codes. Field keys are named by their labels where the form is known.
 */
import { say, type Translate } from '../i18n/translate';
import type { FormDescription } from './form';
import { PROBLEM_CODES, type ProblemCode, type ProblemParams, type RequestNotice } from './request-problems';

/** A problem as the check finds it: its code and values. */
interface ProblemToWord {
  code: ProblemCode;
  params: ProblemParams;
}

export function isProblemCode(code: unknown): code is ProblemCode {
  return typeof code === 'string' && (PROBLEM_CODES as readonly string[]).includes(code);
}

/** The label of a field (or of the field a wire path lies in) in the reader's language, else the key itself. */
export function fieldLabelOf(translate: Translate, key: string, description: FormDescription | undefined): string {
  const label = description?.fields.find((field) => key === field.key || key.startsWith(`${field.key}.`))?.label;
  return label === undefined ? key : say(label, translate);
}

/** The values as worded: field keys as labels, a unit in words, derived values some texts show. */
function wordedParams(translate: Translate, params: ProblemParams, description: FormDescription | undefined): Record<string, string | number> {
  const label = (value: string | number | undefined): string => (value === undefined ? '' : fieldLabelOf(translate, String(value), description));
  const unit = params.unit === 'seconds' || params.unit === 'images' || params.unit === 'tokens' ? translate(`requestChecks.units.${params.unit}`) : '';
  const allowed = params.allowed === undefined ? '' : String(params.allowed).split(', ').map(label).join(translate('requestChecks.listSeparator'));
  const end = typeof params.limit === 'number' ? 3 + params.limit : '';
  // A file type is named as the artist knows it: GIF rather than image/gif.
  const value = typeof params.value === 'string' && /^[a-z]+\/[\w.+-]+$/.test(params.value) ? params.value.replace(/^\w+\//, '').toUpperCase() : params.value;
  return { ...params, ...(value === undefined ? {} : { value }), other: label(params.other), list: label(params.list), allowed, unit, end };
}

/** A problem of a request in the reader's language. */
export function wordProblem(translate: Translate, problem: ProblemToWord, description?: FormDescription): string {
  const params = wordedParams(translate, problem.params, description);
  const key = problem.code === 'out_of_range' && problem.params.whole === 1 ? 'out_of_range_whole' : problem.code;
  return translate(`requestChecks.problems.${key}`, params);
}

/** A note on a request (it does not block it) in the reader's language; a variant's own note as it wrote it. */
export function wordNotice(translate: Translate, notice: RequestNotice, description?: FormDescription): string {
  if (notice.note) return say(notice.note, translate);
  if (notice.code === 'declared') return '';
  const params = { ...wordedParams(translate, notice.params, description), field: fieldLabelOf(translate, notice.field, description) };
  if (notice.code !== 'ignored_unless') return translate(`requestChecks.notices.${notice.code}`, params);
  const condition = notice.params.condition === 'equals' || notice.params.condition === 'above' ? notice.params.condition : 'set';
  return translate(`requestChecks.notices.ignored_unless_${condition}`, params);
}
