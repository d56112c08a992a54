/**
 * The prompts a batch template will make, for the artist to read before sending. Alternatives are
 * expanded here, with the shared template parser main uses; CSV values are filled in by main, so
 * a column shows as its `{{name}}` and the count says how many rows repeat the list.
 */
import { combinationCount, expandTemplate, parseTemplate, templateColumns, TemplateError } from '../../../../../shared/batch/template';

export interface TemplatePreview {
  /** The first prompts of one row, in the order the batch makes them. */
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

export function templatePreview(template: string, limit = PREVIEW_LIMIT): TemplatePreview {
  try {
    const parts = parseTemplate(template);
    const columns = templateColumns(parts);
    const perRow = combinationCount(parts);
    // Expanding every combination only to show fifty would be wasted on a template of thousands.
    const shown = perRow > limit * 20 ? [] : expandTemplate(parts, Object.fromEntries(columns.map((name) => [name, `{{${name}}}`])));
    return { prompts: shown.filter(Boolean).slice(0, limit), perRow, columns, unreadable: false };
  } catch (error) {
    if (error instanceof TemplateError) return { prompts: [], perRow: 0, columns: [], unreadable: true };
    throw error;
  }
}
