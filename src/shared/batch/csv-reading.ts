/**
 * How a batch's CSV is read, in main when the batch is made and in the window's preview alike:
 * a header row names the columns, blank lines are skipped, values trimmed, a byte-order mark
 * ignored. Given to csv-parse (its Node and browser builds take the same options).
 */
export const CSV_READING = { columns: true, skip_empty_lines: true, trim: true, bom: true } as const;
