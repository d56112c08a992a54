/**
 * The first rows of a batch's CSV, read as main reads them (the same parser and options), so the
 * template's preview shows the prompts main will make.
 */
import { parse } from 'csv-parse/browser/esm/sync';
import { CSV_READING } from '../../../../../shared/batch/csv-reading';

/** Up to `count` data rows by column name; none when the CSV cannot be read (main says why when it is sent). */
export function csvFirstRows(text: string, count: number): Record<string, string>[] {
  try {
    return parse<Record<string, string>>(text, { ...CSV_READING, to: count });
  } catch {
    return [];
  }
}
