import { MAX_EXPANDED_BATCH_CHARS, MAX_PROMPT_CHARS, MAX_TEMPLATE_COLUMN_REFERENCES } from '../contract/limits';
import {
  combinationCount,
  countColumnReferences,
  expandTemplate,
  measureExpansion,
  parseTemplate,
  templateColumns,
  TemplateError,
  type TemplateProblem,
} from './template';

/** The most jobs one batch may hold; beyond it an artist almost certainly made a typo in a template. */
export const MAX_BATCH_JOBS = 5000;

export interface BatchSource {
  /** Literal prompts, one job group each. */
  prompts?: string[];
  /** A template expanded with `{a|b}` alternatives and `{{column}}` values from `rows`. */
  template?: string;
  rows?: Readonly<Record<string, string>>[];
  /** Jobs per prompt (each is one paid request). */
  countPerPrompt: number;
  /** Catalog variant ids; several fan out every prompt for side-by-side comparison. */
  variantIds: string[];
  /** Characters every job stores besides its prompt (the options applied to all jobs, as JSON). */
  perJobChars?: number;
}

export interface PlannedJob {
  prompt: string;
  variantId: string;
  /** Position of the prompt in the expansion, shared by its repeats and fan-out. */
  promptIndex: number;
  /** 0-based repeat number within countPerPrompt. */
  repeat: number;
}

function invalid(problem: TemplateProblem, more: Record<string, string> = {}): TemplateError {
  return new TemplateError({ reason: 'template_invalid', params: { problem, ...more } });
}

/**
 * Expands a batch description into its jobs, or throws a TemplateError saying what to fix. The
 * size of the result (job count, longest prompt, characters stored) is measured first, so a
 * template that would explode is refused before anything is built.
 */
export function planBatch(source: BatchSource): PlannedJob[] {
  if (!Number.isInteger(source.countPerPrompt) || source.countPerPrompt < 1) {
    throw invalid('count_invalid');
  }
  if (source.variantIds.length === 0) throw invalid('no_models');
  const literal = (source.prompts ?? []).map((p) => p.trim()).filter(Boolean);
  const measured = measureSource(source, literal);
  if (measured.prompts === 0) throw invalid('no_prompt');
  const jobsPerPrompt = source.countPerPrompt * source.variantIds.length;
  const total = measured.prompts * jobsPerPrompt;
  if (total > MAX_BATCH_JOBS) {
    throw new TemplateError({ reason: 'batch_too_many_jobs', params: { jobs: total, limit: MAX_BATCH_JOBS } });
  }
  if (measured.longest > MAX_PROMPT_CHARS) {
    throw new TemplateError({ reason: 'batch_prompt_too_long', params: { chars: measured.longest, limit: MAX_PROMPT_CHARS } });
  }
  const stored = measured.totalChars * jobsPerPrompt + total * (source.perJobChars ?? 0);
  if (stored > MAX_EXPANDED_BATCH_CHARS) {
    throw new TemplateError({ reason: 'batch_too_large', params: { chars: stored, limit: MAX_EXPANDED_BATCH_CHARS } });
  }
  const prompts = [...literal, ...expandSourceTemplate(source)];
  if (prompts.length === 0) throw invalid('no_prompt');
  return prompts.flatMap((prompt, promptIndex) =>
    source.variantIds.flatMap((variantId) => Array.from({ length: source.countPerPrompt }, (_, repeat) => ({ prompt, variantId, promptIndex, repeat }))),
  );
}

/** Prompts, their characters together and the longest, of literal prompts and the template, before expanding. */
function measureSource(source: BatchSource, literal: readonly string[]): { prompts: number; totalChars: number; longest: number } {
  const size = { prompts: literal.length, totalChars: 0, longest: 0 };
  for (const prompt of literal) {
    size.totalChars += prompt.length;
    size.longest = Math.max(size.longest, prompt.length);
  }
  if (source.template === undefined || source.template.trim() === '') return size;
  const references = countColumnReferences(source.template);
  if (references > MAX_TEMPLATE_COLUMN_REFERENCES) {
    throw new TemplateError({ reason: 'template_too_many_references', params: { references, limit: MAX_TEMPLATE_COLUMN_REFERENCES } });
  }
  const parts = parseTemplate(source.template);
  const columns = templateColumns(parts);
  const rows = source.rows ?? [];
  if (columns.length > 0 && rows.length === 0) {
    throw invalid('columns_without_rows', { columns: columns.map((c) => `{{${c}}}`).join(', ') });
  }
  const perRow = combinationCount(parts);
  if (perRow * Math.max(rows.length, 1) > MAX_BATCH_JOBS) {
    const prompts = perRow * Math.max(rows.length, 1);
    throw new TemplateError({ reason: 'template_too_many_prompts', params: { prompts, limit: MAX_BATCH_JOBS } });
  }
  for (const row of columns.length > 0 ? rows : [{}]) {
    const measured = measureExpansion(parts, row);
    size.prompts += measured.prompts;
    size.totalChars += measured.totalChars;
    size.longest = Math.max(size.longest, measured.longest);
  }
  return size;
}

function expandSourceTemplate(source: BatchSource): string[] {
  if (source.template === undefined || source.template.trim() === '') return [];
  const parts = parseTemplate(source.template);
  const columns = templateColumns(parts);
  const rows = source.rows ?? [];
  const header = new Set(Object.keys(rows[0] ?? {}));
  const missing = columns.filter((c) => !header.has(c));
  if (missing.length > 0) throw invalid('csv_missing_columns', { columns: missing.map((c) => `"${c}"`).join(', ') });
  return (columns.length > 0 ? rows : [{}]).flatMap((row) => expandTemplate(parts, row)).filter(Boolean);
}
