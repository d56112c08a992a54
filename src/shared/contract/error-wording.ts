import type { Locale } from '../catalog/types';
import type { StudioError } from './define';
import { codeWords, errorReasons, isErrorReason, type ErrorReason } from './error-reasons';
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

/** Words for the validator's own codes, for fields whose schema gives no message of ours. */
function genericIssueWords(issue: InputIssue, language: Locale): string | undefined {
  const zh = language === 'zh-CN';
  const origin = issue.params?.origin;
  const min = num(issue.params, 'minimum');
  const max = num(issue.params, 'maximum');
  if (issue.code === 'too_small' && min !== undefined) {
    if (origin === 'string') return min <= 1 ? (zh ? '请填写此项' : 'Fill this in') : zh ? `至少 ${min} 个字符` : `At least ${min} characters`;
    if (origin === 'array' || origin === 'set') return zh ? `至少选择 ${min} 项` : `Choose at least ${min}`;
    return zh ? `不能小于 ${min}` : `At least ${min}`;
  }
  if (issue.code === 'too_big' && max !== undefined) {
    if (origin === 'string') return zh ? `最多 ${max} 个字符` : `At most ${max} characters`;
    if (origin === 'array' || origin === 'set') return zh ? `最多 ${max} 项` : `At most ${max} items`;
    return zh ? `不能大于 ${max}` : `At most ${max}`;
  }
  if (issue.code === 'invalid_type') return zh ? '此项的值类型不对' : 'This value has the wrong type';
  if (issue.code === 'invalid_value') return zh ? '请从给出的选项中选择' : 'Choose one of the offered values';
  if (issue.code === 'invalid_format') return zh ? '格式不正确' : 'This is not in the expected format';
  if (issue.code === 'unrecognized_keys') return zh ? '包含不认识的字段' : 'Contains fields the studio does not know';
  return undefined;
}

/**
 * One field problem in the user's language: our own message in that language, else the
 * validator's code worded generically, else main's English text as it came.
 */
export function wordIssue(issue: InputIssue, language: Locale): string {
  const ours = knownInputMessage(issue.message);
  if (ours) return ours[language];
  if (language === 'en') return issue.message;
  return genericIssueWords(issue, language) ?? issue.message;
}

/**
 * Words an error in a language. A known reason is worded from its parameters; an error with only
 * a code keeps main's English message in English and says what its code means in Chinese.
 */
export function wordError(error: StudioError, language: Locale): ErrorWording {
  let summary: string;
  if (isErrorReason(error.reason)) summary = errorReasons[error.reason].words(error.params ?? {})[language];
  else if (language === 'en' && error.message.trim() !== '') summary = error.message;
  else summary = codeWords[error.code][language];
  const gatewayText = error.gatewayMessage?.trim() ? error.gatewayMessage.trim() : null;
  const issues = (error.issues ?? []).map((issue) => ({ path: issue.path.join('.'), text: wordIssue(issue, language) }));
  return { summary, gatewayText, issues };
}

/** The whole error as one text (the command line, logs): summary, field lines, then the gateway's words. */
export function errorText(error: StudioError, language: Locale = 'en'): string {
  const { summary, gatewayText, issues } = wordError(error, language);
  const lines = [summary, ...issues.map((issue) => (issue.path ? `${issue.path}: ${issue.text}` : issue.text))];
  if (gatewayText !== null && gatewayText !== summary) lines.push(language === 'en' ? `Gateway said: ${gatewayText}` : `网关原文：${gatewayText}`);
  return lines.join('\n');
}

/** An error for a known reason, with its code and English message; for code outside main (transports). */
export function errorFor(reason: ErrorReason, params: ErrorParams = {}): StudioError {
  const definition = errorReasons[reason];
  return { code: definition.code, message: definition.words(params).en, reason, params };
}
