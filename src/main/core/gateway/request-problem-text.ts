/**
 * English for the catalog's request problems, for logs and the `message` of a refused request
 * (the window and the command line word the codes from the shared locale files), and the
 * request's notes in English from those files.
 */
import { inEnglish } from '../../../shared/i18n/locales';
import { wordNotice, type ProblemCode, type ProblemParams, type RequestNotice, type RequestProblem } from '../../../shared/catalog';

type Words = (p: ProblemParams, field: string) => string;

const at = (p: ProblemParams): string => (p.index === undefined ? '' : `item ${p.index}: `);
const got = (p: ProblemParams): string => (p.value === undefined ? '' : ` (got ${p.value})`);
/** "4 images", "1 file": the limit with what is counted, where the problem says. */
const counted = (p: ProblemParams): string => (p.kind === undefined ? String(p.limit) : `${p.limit} ${p.kind}${p.limit === 1 ? '' : 's'}`);

const ENGLISH: Readonly<Record<ProblemCode, Words>> = {
  required: (p) => `${at(p)}required`,
  empty: () => 'must not be empty',
  wrong_type: (p) => `${at(p)}expected ${p.expected ?? 'another kind of value'}${got(p)}`,
  too_long: (p) => `at most ${p.limit} characters${got(p)}`,
  not_http_url: (p) => `${at(p)}must be a public http(s) address; upload the file first (Base64 and data: URLs are not accepted)${got(p)}`,
  not_url_or_data: (p) => `${at(p)}must be an http(s) address, a data: URL or Base64 image data${got(p)}`,
  not_url_or_id: (p) => `must be an http(s) address or a task id${got(p)}`,
  not_id: (p) => `must be an id without spaces or slashes${got(p)}`,
  id_prefix: (p) => `must be an id starting with ${p.limit}${got(p)}`,
  bad_segment: (p) => `must be a ${p.limit}-second segment written <start_second>,<end_second>${got(p)}`,
  size_not_allowed: (p) => `${p.value} is not an allowed size; allowed: ${p.allowed}`,
  size_not_in_tier: (p) => `${p.value} is not available at ${p.tier}; ${p.tier} allows ${p.allowed}`,
  tier_not_allowed: (p) => `must be one of ${p.allowed}${got(p)}`,
  not_a_choice: (p) => `${at(p)}must be one of ${p.allowed}${p.unit === undefined ? '' : ` ${p.unit}`}${got(p)}`,
  not_whole: (p) => `${at(p)}must be a whole number${got(p)}`,
  out_of_range: (p) => `${at(p)}must be ${p.whole === 1 ? 'a whole number ' : ''}from ${p.min} to ${p.max}${p.unit === undefined ? '' : ` ${p.unit}`}${got(p)}`,
  too_few: (p) => `at least ${counted(p)} required${got(p)}`,
  too_many: (p) => `at most ${counted(p)}${got(p)}`,
  unknown_field: (p) => `unknown field ${p.value}`,
  not_an_option: () => 'not an option of this model',
  wrong_model: (p) => `this variant accepts ${p.allowed}${got(p)}`,
  fixed_value: (p) => `must be ${p.value}`,
  no_search_type: (p) => `choose at least one of ${p.allowed}`,
  unknown_search_type: (p) => `must be ${p.allowed}${got(p)}`,
  mask_needs_reference: (p) => `requires ${p.other}; the mask applies to the first image`,
  exclusive: (p, field) => `${p.other} and ${field} cannot be used together; send only one of them`,
  requires: (p) => `requires ${p.other}`,
  exactly_one_missing: (p) => `one of ${String(p.allowed).split(', ').join(' or ')} is required`,
  exactly_one_many: (p) => `send only one of ${p.allowed}`,
  placeholder_from_one: (p) => `<<<${p.token}_${p.index}>>> is invalid; placeholder numbers start at 1`,
  placeholder_beyond: (p) => `<<<${p.token}_${p.index}>>> refers to item ${p.index} of ${p.list}, which has ${p.limit}`,
  placeholder_order: (p) => `<<<${p.token}_${p.index}>>> appears before <<<${p.token}_${p.other}>>>; placeholders must first appear in the order of ${p.list}`,
  mention_required: (p) => `mention a created character as @username, or set ${p.other} to a character task id`,
  path_missing: () => 'path parameter missing',
  file_not_taken: () => 'this model takes no files there',
  file_type: (p) => `${at(p)}${p.value} is not accepted; use ${p.allowed}`,
  file_too_big: (p) => `${at(p)}${p.value} MB exceeds the ${p.limit} MB limit per file`,
  mask_no_alpha: () => 'the mask must be a PNG with an alpha channel (transparent = repaint)',
  mask_size: (p) => `the mask is ${p.value} but the first image of ${p.other} is ${p.limit}; they must be the same size`,
};

/** One problem in English, prefixed with its field. */
export function problemText(problem: RequestProblem): string {
  const words = ENGLISH[problem.code](problem.params, problem.field);
  return problem.field === '' ? words : `${problem.field}: ${words}`;
}

/** One warning in English, from the shared locale files as the window words it: a variant's own note as it wrote it, else the code's words. */
export function noticeText(notice: RequestNotice): string {
  return wordNotice(inEnglish, notice);
}
