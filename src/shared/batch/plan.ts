import { combinationCount, expandTemplate, parseTemplate, templateColumns, TemplateError } from './template';

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
}

export interface PlannedJob {
  prompt: string;
  variantId: string;
  /** Position of the prompt in the expansion, shared by its repeats and fan-out. */
  promptIndex: number;
  /** 0-based repeat number within countPerPrompt. */
  repeat: number;
}

/** Expands a batch description into its jobs, or throws a TemplateError saying what to fix. */
export function planBatch(source: BatchSource): PlannedJob[] {
  if (!Number.isInteger(source.countPerPrompt) || source.countPerPrompt < 1) {
    throw new TemplateError('The count per prompt must be a whole number of at least 1');
  }
  if (source.variantIds.length === 0) throw new TemplateError('Choose at least one model');
  const prompts = [...(source.prompts ?? []).map((p) => p.trim()).filter(Boolean), ...expandSourceTemplate(source)];
  if (prompts.length === 0) throw new TemplateError('The batch has no prompt');
  const total = prompts.length * source.countPerPrompt * source.variantIds.length;
  if (total > MAX_BATCH_JOBS) {
    throw new TemplateError(`This batch would make ${total} jobs; the limit is ${MAX_BATCH_JOBS}. Split it or lower the count.`);
  }
  return prompts.flatMap((prompt, promptIndex) =>
    source.variantIds.flatMap((variantId) =>
      Array.from({ length: source.countPerPrompt }, (_, repeat) => ({ prompt, variantId, promptIndex, repeat })),
    ),
  );
}

function expandSourceTemplate(source: BatchSource): string[] {
  if (source.template === undefined || source.template.trim() === '') return [];
  const parts = parseTemplate(source.template);
  const columns = templateColumns(parts);
  const rows = source.rows ?? [];
  if (columns.length > 0 && rows.length === 0) {
    throw new TemplateError(`The template uses ${columns.map((c) => `{{${c}}}`).join(', ')} but no CSV rows were given`);
  }
  const header = new Set(Object.keys(rows[0] ?? {}));
  const missing = columns.filter((c) => !header.has(c));
  if (missing.length > 0) throw new TemplateError(`The CSV has no column ${missing.map((c) => `"${c}"`).join(', ')}`);
  const perRow = combinationCount(parts);
  if (perRow * Math.max(rows.length, 1) > MAX_BATCH_JOBS) {
    throw new TemplateError(`The template makes ${perRow * Math.max(rows.length, 1)} prompts; the limit is ${MAX_BATCH_JOBS}`);
  }
  return (columns.length > 0 ? rows : [{}]).flatMap((row) => expandTemplate(parts, row)).filter(Boolean);
}
