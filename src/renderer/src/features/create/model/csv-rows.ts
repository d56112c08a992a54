/**
 * The first rows of a batch's CSV, read as main reads them (the same parser and options:
 * a header row, blank lines skipped, values trimmed, a byte-order mark ignored), so the template's
 * preview shows the prompts main will make.
 */
import { parse } from 'csv-parse/browser/esm/sync';

/** Up to `count` data rows by column name; none when the CSV cannot be read (main says why when it is sent). */
export function csvFirstRows(text: string, count: number): Record<string, string>[] {
  try {
    return parse<Record<string, string>>(text, { columns: true, skip_empty_lines: true, trim: true, bom: true, to: count });
  } catch {
    return [];
  }
}
