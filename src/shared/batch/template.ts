/**
 * Prompt templates for batches. `{a|b|c}` offers alternatives (every combination is made);
 * `{{column}}` takes a value from a CSV row. A backslash escapes a brace: `\{` is a literal `{`.
 */

import { inEnglish } from '../i18n/locales';

export type TemplatePart = { kind: 'text'; text: string } | { kind: 'choice'; options: string[] } | { kind: 'column'; name: string };

/** Why a template cannot be read or a batch planned: each has its text at `reasons.template.<problem>`. */
const TEMPLATE_PROBLEMS = [
  'column_unclosed',
  'column_empty',
  'choice_unclosed',
  'choice_single',
  'brace_unopened',
  'csv_missing_columns',
  'columns_without_rows',
  'count_invalid',
  'no_models',
  'no_prompt',
] as const;

export type TemplateProblem = (typeof TEMPLATE_PROBLEMS)[number];

export function isTemplateProblem(value: unknown): value is TemplateProblem {
  return typeof value === 'string' && (TEMPLATE_PROBLEMS as readonly string[]).includes(value);
}

/**
 * What is wrong with a template or batch, for the studio to word in the user's language: a broken
 * bound of the batch (its own reason), or a `template_invalid` problem.
 */
export type TemplateFault =
  | {
      reason: 'template_too_many_references' | 'template_too_many_prompts' | 'batch_too_many_jobs' | 'batch_prompt_too_long' | 'batch_too_large';
      params: Record<string, number>;
    }
  | { reason: 'template_invalid'; params: { problem: TemplateProblem } & Record<string, string | number> };

/** A template or batch that cannot be planned; its message is the English wording, for logs. */
export class TemplateError extends Error {
  override name = 'TemplateError';

  constructor(readonly fault: TemplateFault) {
    const params: Record<string, string | number> = { ...fault.params, column: '{{column}}', open: '{{', close: '}}' };
    super(inEnglish(fault.reason === 'template_invalid' ? `reasons.template.${fault.params.problem}` : `reasons.errors.${fault.reason}`, params));
  }
}

/** A template problem at a position (counted from 1). */
function problemAt(problem: TemplateProblem, index: number, more: Record<string, string> = {}): TemplateError {
  return new TemplateError({ reason: 'template_invalid', params: { problem, position: index + 1, ...more } });
}

/** Splits a template into text, alternatives and CSV columns; throws a TemplateError naming the position. */
export function parseTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let text = '';
  let i = 0;
  const flush = (): void => {
    if (text) parts.push({ kind: 'text', text });
    text = '';
  };
  while (i < template.length) {
    const ch = template[i] ?? '';
    if (ch === '\\' && (template[i + 1] === '{' || template[i + 1] === '}')) {
      text += template[i + 1] ?? '';
      i += 2;
    } else if (template.startsWith('{{', i)) {
      const end = template.indexOf('}}', i + 2);
      if (end < 0) throw problemAt('column_unclosed', i);
      const name = template.slice(i + 2, end).trim();
      if (!name) throw problemAt('column_empty', i);
      flush();
      parts.push({ kind: 'column', name });
      i = end + 2;
    } else if (ch === '{') {
      const end = template.indexOf('}', i + 1);
      if (end < 0) throw problemAt('choice_unclosed', i);
      const options = template
        .slice(i + 1, end)
        .split('|')
        .map((o) => o.trim());
      if (options.length < 2) {
        throw problemAt('choice_single', i, { choice: `{${options[0] ?? ''}}` });
      }
      flush();
      parts.push({ kind: 'choice', options });
      i = end + 1;
    } else if (ch === '}') {
      throw problemAt('brace_unopened', i);
    } else {
      text += ch;
      i += 1;
    }
  }
  flush();
  return parts;
}

/** How many `{{column}}` references a template holds (repeats counted), by its text alone. */
export function countColumnReferences(template: string): number {
  return template.match(/\{\{/g)?.length ?? 0;
}

/** Column names a template uses, to check them against the CSV header before anything runs. */
export function templateColumns(parts: TemplatePart[]): string[] {
  return [...new Set(parts.flatMap((p) => (p.kind === 'column' ? [p.name] : [])))];
}

/** How many prompts a template makes per CSV row (product of its alternatives). */
export function combinationCount(parts: TemplatePart[]): number {
  return parts.reduce((n, p) => (p.kind === 'choice' ? n * p.options.length : n), 1);
}

/**
 * The size of what `expandTemplate` would make for one row, computed without making it: how many
 * prompts, their characters together and the longest one. Text and column values appear in every
 * prompt; each alternative of a choice in its share of them. Values of missing columns count 0.
 */
export function measureExpansion(parts: TemplatePart[], row: Readonly<Record<string, string>> = {}): { prompts: number; totalChars: number; longest: number } {
  const prompts = combinationCount(parts);
  let totalChars = 0;
  let longest = 0;
  for (const part of parts) {
    if (part.kind === 'text') {
      totalChars += prompts * part.text.length;
      longest += part.text.length;
    } else if (part.kind === 'column') {
      const length = Object.hasOwn(row, part.name) ? (row[part.name] ?? '').length : 0;
      totalChars += prompts * length;
      longest += length;
    } else {
      const lengths = part.options.map((option) => option.length);
      totalChars += (prompts / part.options.length) * lengths.reduce((sum, n) => sum + n, 0);
      longest += Math.max(...lengths);
    }
  }
  return { prompts, totalChars, longest };
}

/** Every prompt a template makes for one row, alternatives varying fastest at the end. */
export function expandTemplate(parts: TemplatePart[], row: Readonly<Record<string, string>> = {}): string[] {
  let prompts = [''];
  for (const part of parts) {
    if (part.kind === 'text') prompts = prompts.map((p) => p + part.text);
    else if (part.kind === 'column') {
      const value = Object.hasOwn(row, part.name) ? row[part.name] : undefined;
      if (value === undefined) throw new TemplateError({ reason: 'template_invalid', params: { problem: 'csv_missing_columns', columns: `"${part.name}"` } });
      prompts = prompts.map((p) => p + value);
    } else prompts = prompts.flatMap((p) => part.options.map((o) => p + o));
  }
  return prompts.map((p) => p.trim());
}
