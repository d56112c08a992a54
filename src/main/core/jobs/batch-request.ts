/**
 * Turns the Create page's batch description into engine jobs: plans prompts (templates, CSV,
 * repeats, fan-out), builds each job's wire request from its variant, and reports every problem
 * at once before anything is stored.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { sayInEnglish } from '../../../shared/i18n/locales';
import { planBatch } from '../../../shared/batch/plan';
import { TemplateError } from '../../../shared/batch/template';
import { validateRequest, variantById, type FormValues } from '../../../shared/catalog';
import { MAX_CSV_ROWS, type CreateBatchInput } from '../../../shared/contract';
import { StudioFailure } from '../router/failure';
import type { EngineJobInput } from './engine';

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

  const problems: string[] = [];
  const jobs: EngineJobInput[] = [];
  for (const [index, job] of planned.entries()) {
    const entry = variantById(job.variantId);
    if (!entry) continue;
    const values: FormValues = { ...valuesOf(job.variantId), prompt: job.prompt };
    const checked = validateRequest(entry, values);
    if (!checked.ok) {
      problems.push(`job ${index + 1} (${sayInEnglish(entry.label)}): ${checked.issues.map((i) => i.message).join('; ')}`);
      continue;
    }
    const pathParams = Object.fromEntries(entry.fields.filter((f) => f.in === 'path').map((f) => [f.key, pathValue(values[f.key])]));
    jobs.push({ variantId: entry.id, body: checked.request.body, pathParams, prompt: job.prompt });
  }
  if (problems.length > 0) {
    const more = problems.length > MAX_LISTED_PROBLEMS ? `\n…and ${problems.length - MAX_LISTED_PROBLEMS} more` : '';
    throw StudioFailure.of('batch_invalid', { count: problems.length, problems: problems.slice(0, MAX_LISTED_PROBLEMS).join('\n') + more });
  }
  return jobs;
}

/** The CSV's rows by column name; more than MAX_CSV_ROWS rows are refused without reading further. */
function readCsv(text: string): Record<string, string>[] {
  let rows: Record<string, string>[];
  try {
    rows = parseCsv<Record<string, string>>(text, { columns: true, skip_empty_lines: true, trim: true, bom: true, to: MAX_CSV_ROWS + 1 });
  } catch (err) {
    throw StudioFailure.of('csv_unreadable', { detail: err instanceof Error ? err.message : String(err) });
  }
  if (rows.length > MAX_CSV_ROWS) throw StudioFailure.of('csv_too_many_rows', { limit: MAX_CSV_ROWS });
  return rows;
}

function pathValue(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}
