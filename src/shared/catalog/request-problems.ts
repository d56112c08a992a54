import type { Words } from '../i18n/translate';

/**
 * What the catalog's request check can find, as reason codes with parameters. No words live
 * here: the renderer words each code from its locale files, main from its own English table.
 */

/** Why a request (or one of its reference files) cannot be sent. */
export const PROBLEM_CODES = [
  'required',
  'empty',
  'wrong_type',
  'too_long',
  'not_http_url',
  'not_url_or_data',
  'not_url_or_id',
  'not_id',
  'id_prefix',
  'bad_segment',
  'size_not_allowed',
  'size_not_in_tier',
  'tier_not_allowed',
  'not_a_choice',
  'not_whole',
  'out_of_range',
  'too_few',
  'too_many',
  'unknown_field',
  'not_an_option',
  'wrong_model',
  'fixed_value',
  'no_search_type',
  'unknown_search_type',
  'mask_needs_reference',
  'exclusive',
  'requires',
  'exactly_one_missing',
  'exactly_one_many',
  'placeholder_from_one',
  'placeholder_beyond',
  'placeholder_order',
  'mention_required',
  'path_missing',
  'file_not_taken',
  'file_type',
  'file_too_big',
  'mask_no_alpha',
  'mask_size',
] as const;

export type ProblemCode = (typeof PROBLEM_CODES)[number];

/** Values a code's wording fills in: `limit`, `value`, `allowed`, `other`... */
export type ProblemParams = Readonly<Record<string, string | number>>;

/** One reason a request cannot be sent, and the field (wire path or path parameter) it concerns; '' for the request as a whole. */
export interface RequestProblem {
  code: ProblemCode;
  field: string;
  params: ProblemParams;
}

/** Something worth knowing that does not block the request. */
export const NOTICE_CODES = [
  'placeholder_unknown',
  'placeholder_unreferenced',
  'ignored_unless',
  'open_size',
  'open_value',
  'image_size_mismatch',
  'only_first_used',
  'declared',
] as const;

type NoticeCode = (typeof NOTICE_CODES)[number];

/** A warning: a code and its values; `declared` warnings carry the variant's own note. */
export interface RequestNotice {
  code: NoticeCode;
  field: string;
  params: ProblemParams;
  /** The note of a `warning` rule of the variant (a key of the locale files). */
  note?: Words;
}

/** A problem found by a single check, before it knows the field it belongs to. */
export type FieldFinding = { code: ProblemCode; params?: ProblemParams };

export function problem(field: string, code: ProblemCode, params: ProblemParams = {}): RequestProblem {
  return { code, field, params };
}
