/**
 * Turns the Create page's batch description into engine jobs: plans prompts (templates, CSV,
 * repeats, fan-out), builds each job's wire request from its variant, and reports every problem
 * at once before anything is stored.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { sayInEnglish } from '../../../shared/i18n/locales';
import { CSV_READING } from '../../../shared/batch/csv-reading';
import { planBatch } from '../../../shared/batch/plan';
import { TemplateError } from '../../../shared/batch/template';
import { checkRequest, variantById, type FormValues } from '../../../shared/catalog';
import { MAX_CSV_ROWS, reasonWords, type CreateBatchInput } from '../../../shared/contract';
import { StudioFailure } from '../router/failure';
import { problemText } from '../gateway/request-problem-text';
import type { EngineJobInput, JobProblems } from './engine-types';

/** How many problems one answer lists; the rest are counted. */
const MAX_LISTED_PROBLEMS = 8;

export function batchJobsFrom(input: Omit<CreateBatchInput, 'values'> & { values: Record<string, unknown> }): EngineJobInput[] {
  // A fan-out may give each model its own options; the others share `values`.
  const valuesOf = (variantId: string): FormValues => input.valuesByVariant?.[variantId] ?? input.values;
  const unknown = input.variantIds.filter((id) => variantById(id) === undefined);
  if (unknown.length > 0) throw StudioFailure.of('unknown_variant', { variants: unknown.join(', ') });

  let planned;
  try {
    planned = planBatch({
      prompts: input.prompts,
      template: input.template,
      rows: input.csv === undefined ? undefined : readCsv(input.csv),
      countPerPrompt: input.countPerPrompt,
      variantIds: input.variantIds,
      // Every job stores the shared options besides its prompt.
      perJobChars: Math.max(JSON.stringify(input.values).length, ...Object.values(input.valuesByVariant ?? {}).map((values) => JSON.stringify(values).length)),
    });
  } catch (err) {
    if (err instanceof TemplateError) {
      throw StudioFailure.of(err.fault.reason, err.fault.params);
    }
    throw err;
  }

  const problems: JobProblems[] = [];
  const jobs: EngineJobInput[] = [];
  for (const [index, job] of planned.entries()) {
    const entry = variantById(job.variantId);
    if (!entry) continue;
    const values: FormValues = { ...valuesOf(job.variantId), prompt: job.prompt };
    const checked = checkRequest(entry, values);
    if (checked.request === undefined) problems.push({ index, variantId: entry.id, problems: checked.problems });
    else jobs.push({ variantId: entry.id, body: checked.request.body, pathParams: checked.request.pathParams, prompt: job.prompt });
  }
  if (problems.length > 0) throw batchInvalid(problems);
  return jobs;
}

/**
 * The refusal of a batch whose jobs break their variant's limits: the first problems in English
 * for logs, and each one's code and values, with its job's number and variant, for whoever shows
 * the error to word in the reader's language.
 */
export function batchInvalid(jobs: readonly JobProblems[]): StudioFailure {
  const lines = jobs.map((job) => `job ${job.index + 1} (${variantLabel(job.variantId)}): ${job.problems.map(problemText).join('; ')}`);
  const more = lines.length > MAX_LISTED_PROBLEMS ? `\n…and ${lines.length - MAX_LISTED_PROBLEMS} more` : '';
  const issues = jobs.slice(0, MAX_LISTED_PROBLEMS).flatMap((job) =>
    job.problems.map((problem) => ({
      path: problem.field === '' ? [] : problem.field.split('.'),
      message: problemText(problem),
      code: problem.code,
      params: { ...problem.params, job: job.index + 1, variant: job.variantId },
    })),
  );
  const summary = sayInEnglish(reasonWords('batch_invalid', { count: lines.length }));
  return StudioFailure.of(
    'batch_invalid',
    { count: lines.length },
    { issues, message: `${summary}\n${lines.slice(0, MAX_LISTED_PROBLEMS).join('\n')}${more}` },
  );
}

/** A variant's name in English, for logs and the command line. */
function variantLabel(variantId: string): string {
  const entry = variantById(variantId);
  return entry === undefined ? variantId : sayInEnglish(entry.label);
}

/** The CSV's rows by column name; more than MAX_CSV_ROWS rows are refused without reading further. */
function readCsv(text: string): Record<string, string>[] {
  let rows: Record<string, string>[];
  try {
    rows = parseCsv<Record<string, string>>(text, { ...CSV_READING, to: MAX_CSV_ROWS + 1 });
  } catch (err) {
    throw StudioFailure.of('csv_unreadable', { detail: err instanceof Error ? err.message : String(err) });
  }
  if (rows.length > MAX_CSV_ROWS) throw StudioFailure.of('csv_too_many_rows', { limit: MAX_CSV_ROWS });
  return rows;
}
