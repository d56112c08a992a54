import { describeForm, fieldLabelOf, isProblemCode, variantById, wordProblem, type FormDescription, type ProblemCode } from '../catalog';
import { say, type Translate } from '../i18n/translate';
import { translatorOf, type Reader } from '../i18n/locales';
import type { StudioError } from './define';
import { errorSummary } from './error-summary';
import type { ErrorParams, InputIssue } from './errors';
import { knownInputMessage } from './input-messages';

/** An error as a person reads it, in one language. */
export interface ErrorWording {
  /** What happened and what to do. */
  summary: string;
  /** The gateway's own text, as it came (often Chinese), or null. */
  gatewayText: string | null;
  /** One line per rejected field: the field path (`baseUrl`, `metadata.n`) and the words. */
  issues: { path: string; text: string }[];
}

const num = (params: ErrorParams | undefined, name: string): number | undefined => {
  const value = params?.[name];
  return typeof value === 'number' ? value : undefined;
};

/** The key of the words for the validator's own codes, for fields whose schema gives no message of ours. */
function genericIssueWords(issue: InputIssue): { key: string; count?: number } | undefined {
  const origin = issue.params?.origin;
  const min = num(issue.params, 'minimum');
  const max = num(issue.params, 'maximum');
  const many = origin === 'array' || origin === 'set';
  if (issue.code === 'too_small' && min !== undefined) {
    if (origin === 'string') return min <= 1 ? { key: 'fillIn' } : { key: 'minChars', count: min };
    return { key: many ? 'minItems' : 'minValue', count: min };
  }
  if (issue.code === 'too_big' && max !== undefined) {
    return { key: origin === 'string' ? 'maxChars' : many ? 'maxItems' : 'maxValue', count: max };
  }
  const plain: Partial<Record<string, string>> = {
    invalid_type: 'wrongType',
    invalid_value: 'notOffered',
    invalid_format: 'badFormat',
    unrecognized_keys: 'unknownFields',
  };
  const key = plain[issue.code ?? ''];
  return key === undefined ? undefined : { key };
}

/**
 * One field problem in the reader's language: our own message (the issue carries its key), else
 * the validator's code worded generically, else the validator's text as it came.
 */
export function wordIssue(issue: InputIssue, reader: Reader): string {
  const translate = translatorOf(reader);
  if (isProblemCode(issue.code)) return wordRequestProblem(issue, issue.code, translate);
  const ours = knownInputMessage(issue.message);
  if (ours) return say(ours, translate);
  const generic = genericIssueWords(issue);
  if (generic === undefined) return issue.message;
  return translate(`reasons.issues.${generic.key}`, generic.count === undefined ? {} : { count: generic.count });
}

/** Labels a rejected request's fields by; an issue names its variant when it concerns one job of a batch. */
function formOfVariant(variantId: unknown): FormDescription | undefined {
  const entry = typeof variantId === 'string' ? variantById(variantId) : undefined;
  return entry === undefined ? undefined : describeForm(entry);
}

/**
 * A problem the catalog's request check found, worded from its code: the field by its label and,
 * for a job of a batch, the job's number and model ahead of it.
 */
function wordRequestProblem(issue: InputIssue, code: ProblemCode, translate: Translate): string {
  const { job, variant, ...params } = issue.params ?? {};
  const description = formOfVariant(variant);
  const values = Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'),
  );
  const problem = wordProblem(translate, { code, params: values }, description);
  const field = issue.path.join('.');
  const onField = field === '' ? problem : translate('reasons.lines.fieldProblem', { field: fieldLabelOf(translate, field, description), problem });
  if (typeof job !== 'number') return onField;
  const entry = typeof variant === 'string' ? variantById(variant) : undefined;
  const model = entry === undefined ? String(variant ?? '') : say(entry.label, translate);
  return translate('reasons.lines.jobProblem', { job, model, problem: onField });
}

/**
 * Words an error in the reader's language. A known reason is worded from its parameters; an error
 * with only a code says what its code means.
 */
export function wordError(error: StudioError, reader: Reader): ErrorWording {
  const translate = translatorOf(reader);
  const { summary, gatewayText } = errorSummary(error, translate);
  const issues = (error.issues ?? []).map((issue) => ({ path: issue.path.join('.'), text: wordIssue(issue, translate) }));
  return { summary, gatewayText, issues };
}

/** The whole error as one text (the command line, logs): summary, field lines, then the gateway's words. */
export function errorText(error: StudioError, reader: Reader = 'en'): string {
  const translate = translatorOf(reader);
  const { summary, gatewayText, issues } = wordError(error, translate);
  // A request check's problem names its field by label already.
  const named = (index: number): boolean => isProblemCode(error.issues?.[index]?.code);
  const lines = [summary, ...issues.map((issue, index) => (issue.path && !named(index) ? `${issue.path}: ${issue.text}` : issue.text))];
  if (gatewayText !== null && gatewayText !== summary) lines.push(translate('reasons.lines.gatewaySaid', { text: gatewayText }));
  return lines.join('\n');
}
