import { say } from '../i18n/translate';
import { inEnglish, translatorOf, type Reader } from '../i18n/locales';
import type { StudioError } from './define';
import { codeWords, errorReasons, isErrorReason, reasonWords, type ErrorReason } from './error-reasons';
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
  const ours = knownInputMessage(issue.message);
  if (ours) return say(ours, translate);
  const generic = genericIssueWords(issue);
  if (generic === undefined) return issue.message;
  return translate(`reasons.issues.${generic.key}`, generic.count === undefined ? {} : { count: generic.count });
}

/**
 * Words an error in the reader's language. A known reason is worded from its parameters; an error
 * with only a code says what its code means.
 */
export function wordError(error: StudioError, reader: Reader): ErrorWording {
  const translate = translatorOf(reader);
  const summary = say(isErrorReason(error.reason) ? reasonWords(error.reason, error.params ?? {}) : codeWords(error.code), translate);
  const gatewayText = error.gatewayMessage?.trim() ? error.gatewayMessage.trim() : null;
  const issues = (error.issues ?? []).map((issue) => ({ path: issue.path.join('.'), text: wordIssue(issue, translate) }));
  return { summary, gatewayText, issues };
}

/** The whole error as one text (the command line, logs): summary, field lines, then the gateway's words. */
export function errorText(error: StudioError, reader: Reader = 'en'): string {
  const translate = translatorOf(reader);
  const { summary, gatewayText, issues } = wordError(error, translate);
  const lines = [summary, ...issues.map((issue) => (issue.path ? `${issue.path}: ${issue.text}` : issue.text))];
  if (gatewayText !== null && gatewayText !== summary) lines.push(translate('reasons.lines.gatewaySaid', { text: gatewayText }));
  return lines.join('\n');
}

/** An error for a known reason, with its code and English message; for code outside main (transports). */
export function errorFor(reason: ErrorReason, params: ErrorParams = {}): StudioError {
  return { code: errorReasons[reason].code, message: say(reasonWords(reason, params), inEnglish), reason, params };
}
