/**
 * The CSV a `{{column}}` template's batch was filled from, kept with the batch
 * (`batches.template_csv`) so the history gives the template back whole. A CSV over
 * MAX_KEPT_CSV_BYTES still runs; only its name and size are kept, and the batch says so.
 */
import { z } from 'zod';
import { MAX_KEPT_CSV_BYTES, utf8Length } from '../../../shared/contract/limits';
import { parseJsonColumn } from './json-column';
import type { LibraryDatabase } from './library-database';

const storedCsvSchema = z.union([
  z.object({ name: z.string().nullable(), text: z.string() }),
  z.object({ name: z.string().nullable(), bytes: z.number().int(), limit: z.number().int() }),
]);
type StoredCsv = z.infer<typeof storedCsvSchema>;

/** A template's CSV as the form sent it. */
export interface TemplateCsv {
  name: string | null;
  text: string;
}

/** What the history gives back for a template: the CSV, or why it was not kept (both null: it had none). */
export interface TemplateCsvRecall {
  csv: TemplateCsv | null;
  notKept: { name: string | null; bytes: number; limit: number } | null;
}

/** What a batch stores of its CSV: the whole of it, or its name and size when too large to keep. */
export function csvToKeep(csv: TemplateCsv): StoredCsv {
  const bytes = utf8Length(csv.text);
  return bytes <= MAX_KEPT_CSV_BYTES ? csv : { name: csv.name, bytes, limit: MAX_KEPT_CSV_BYTES };
}

/** The CSV of `template`'s newest batch. */
export function templateCsvOf(db: LibraryDatabase, template: string): TemplateCsvRecall {
  const row = db
    .prepare<[string], { template_csv: string | null }>('SELECT template_csv FROM batches WHERE template = ? ORDER BY created_at DESC, id DESC LIMIT 1')
    .get(template);
  if (!row?.template_csv) return { csv: null, notKept: null };
  const stored = parseJsonColumn(storedCsvSchema, row.template_csv, 'batches.template_csv');
  return 'text' in stored ? { csv: stored, notKept: null } : { csv: null, notKept: stored };
}
