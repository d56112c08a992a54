/**
 * The whole form checked at once, as the artist types, by the catalog's request check (the same
 * one main makes before storing and before sending), with what only the form knows added: an
 * empty prompt and mentions of characters the artist has not created. Answers with reason codes
 * keyed by field; `form-wording` puts them into words.
 */
import {
  checkRequest,
  variantById,
  type FormDescription,
  type ProblemCode,
  type ProblemParams,
  type ReferenceFile,
  type RequestNotice,
} from '../../../../../shared/catalog';
import { imageFields, maskField, requestValues, type Values } from './form-values';
import { unknownMentions } from './prompt-mentions';

/** What main learns of a local reference file. */
interface FileFacts {
  mime: string;
  bytes: number;
}

export interface FormInput {
  description: FormDescription;
  modelId: string;
  /** The prompt as it will be sent (one line of several, or the template). */
  prompt: string;
  values: Values;
  /** Files of each image field, in order; `url` is null while the file is uploading. */
  files: Readonly<Record<string, readonly (FileFacts & { url: string | null })[]>>;
  /** The mask's address once uploaded, or null. */
  maskUrl: string | null;
  /** A painted mask is on its way (not uploaded yet): it counts as given. */
  maskPending?: boolean;
  /** Usernames of the registry, for `@mentions`. */
  characters: readonly string[];
  /** The artist is still typing: a mention at the end of the prompt is checked once the word is finished. */
  typing?: boolean;
}

/** Problems only the form can find (the catalog's own are `ProblemCode`s). */
type FormOnlyCode = 'no_prompt' | 'unknown_mention' | 'mask_stale' | 'mask_failed' | 'mask_unfinished';

/** One problem of a field: a code and the values its wording fills in. */
export interface FormIssue {
  code: ProblemCode | FormOnlyCode;
  params: ProblemParams;
}

export interface FormCheck {
  /** The first problem of each field key (`prompt` included; `FORM_WIDE` for the rest). */
  issues: Record<string, FormIssue>;
  notices: RequestNotice[];
  ok: boolean;
}

/** Key of problems that belong to no one field (shown by the submit button). */
export const FORM_WIDE = '_form';

/** The form field a wire path belongs to (`metadata.image_list` for `metadata.image_list`, a nested key for its field). */
function fieldKeyOf(description: FormDescription, path: string): string {
  if (path === 'prompt') return 'prompt';
  return description.fields.find((field) => path === field.key || path.startsWith(`${field.key}.`))?.key ?? FORM_WIDE;
}

/** The values, the references still uploading and the files' facts, as the catalog's check takes them. */
function requestOf(input: FormInput): { values: Record<string, unknown>; pending: Record<string, number>; files: ReferenceFile[] } {
  const { description } = input;
  const fields = imageFields(description);
  const uploaded = Object.fromEntries(
    fields.map((field) => [field.key, (input.files[field.key] ?? []).flatMap((file) => (file.url === null ? [] : [file.url]))]),
  );
  const pending: Record<string, number> = {};
  for (const field of fields) {
    const waiting = (input.files[field.key] ?? []).filter((file) => file.url === null).length;
    if (waiting > 0) pending[field.key] = waiting;
  }
  const mask = maskField(description);
  if (mask && input.maskPending === true && input.maskUrl === null) pending[mask.key] = 1;
  const files = fields.flatMap((field) => (input.files[field.key] ?? []).map((file) => ({ field: field.key, mime: file.mime, bytes: file.bytes })));
  return { values: { ...requestValues(description, input, uploaded, input.maskUrl), prompt: input.prompt }, pending, files };
}

export function checkForm(input: FormInput): FormCheck {
  const { description } = input;
  const issues: Record<string, FormIssue> = {};
  const put = (key: string, issue: FormIssue): void => {
    issues[key] ??= issue;
  };

  const promptField = description.fields.find((field) => field.control === 'prompt');
  if (promptField && input.prompt.trim() === '') put('prompt', { code: 'no_prompt', params: {} });
  if (promptField?.prompt?.syntax === 'mentions') {
    const unknown = unknownMentions(input.prompt, input.characters, input.typing === true);
    if (unknown.length > 0) put('prompt', { code: 'unknown_mention', params: { value: unknown.map((name) => `@${name}`).join(', ') } });
  }
  const entry = variantById(description.variantId);
  const notices: RequestNotice[] = [];
  if (entry) {
    const { values, pending, files } = requestOf(input);
    const checked = checkRequest(entry, values, { pendingReferences: pending, files });
    for (const problem of checked.problems) put(fieldKeyOf(description, problem.field), { code: problem.code, params: problem.params });
    notices.push(...checked.notices);
  }
  return { issues, notices, ok: Object.keys(issues).length === 0 };
}

/** Problems that are only shown once the artist tried to submit: what is missing rather than wrong. */
export function waitsForAttempt(issue: FormIssue): boolean {
  return issue.code === 'required' || issue.code === 'no_prompt' || (issue.code === 'too_few' && issue.params.value === 0);
}
