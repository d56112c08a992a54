/**
 * The prompts a batch template will make, for the artist to read before sending. Alternatives are
 * expanded here, with the shared template parser main uses; with the CSV's first rows, columns take
 * their values row by row as main fills them, and without them a column shows as its `{{name}}`.
 */
import { combinationCount, expandTemplate, parseTemplate, templateColumns, TemplateError, type TemplatePart } from '../../../../../shared/batch/template';

export interface TemplatePreview {
  /** The first prompts, in the order the batch makes them (of one row when no rows are given). */
  prompts: string[];
  /** Prompts per CSV row (or in all, without columns). */
  perRow: number;
  /** Columns the template takes from the CSV. */
  columns: string[];
  /** The template cannot be read (an unclosed brace); the checker says where when it is sent. */
  unreadable: boolean;
}

/** At most this many prompts are listed; the count says the rest. */
const PREVIEW_LIMIT = 50;

/** The prompts of the first `rows` (each row's values in its columns), up to `limit`; null when a row lacks a column. */
function filledPrompts(parts: TemplatePart[], rows: readonly Readonly<Record<string, string>>[], limit: number): string[] | null {
  const prompts: string[] = [];
  try {
    for (const row of rows) {
      prompts.push(...expandTemplate(parts, row).filter(Boolean));
      if (prompts.length >= limit) break;
    }
  } catch (error) {
    if (error instanceof TemplateError) return null;
    throw error;
  }
  return prompts.slice(0, limit);
}

export function templatePreview(template: string, limit = PREVIEW_LIMIT, rows: readonly Readonly<Record<string, string>>[] = []): TemplatePreview {
  try {
    const parts = parseTemplate(template);
    const columns = templateColumns(parts);
    const perRow = combinationCount(parts);
    // Expanding every combination only to show fifty would be wasted on a template of thousands.
    if (perRow > limit * 20) return { prompts: [], perRow, columns, unreadable: false };
    const filled = columns.length > 0 && rows.length > 0 ? filledPrompts(parts, rows, limit) : null;
    const shown = filled ?? expandTemplate(parts, Object.fromEntries(columns.map((name) => [name, `{{${name}}}`]))).filter(Boolean);
    return { prompts: shown.slice(0, limit), perRow, columns, unreadable: false };
  } catch (error) {
    if (error instanceof TemplateError) return { prompts: [], perRow: 0, columns: [], unreadable: true };
    throw error;
  }
}
