/**
 * Reading a jobs file: JSON Lines, one gateway request body per line, plus the CLI's own keys
 * (`references`, `mask`, `count`, `variant`), which are taken out of the body here.
 */
import { z } from 'zod';
import { MAX_BATCH_JOBS } from '../shared/batch/plan';
import type { WireBody } from '../shared/catalog';

/** Most repeats one line may ask for. */
const MAX_COUNT_PER_LINE = 100;

/** One problem of the input, with the 1-based line it is on (0: the file as a whole). */
export interface LineProblem {
  line: number;
  message: string;
}

/** One non-blank line of the jobs file, split into the wire body and the CLI's keys. */
export interface JobLine {
  line: number;
  body: WireBody;
  /** Local reference images, as written (relative to the jobs file). */
  references: string[];
  mask: string | undefined;
  count: number;
  /** Catalog variant id, when the line names one. */
  variant: string | undefined;
}

const cliKeysSchema = z.object({
  references: z.array(z.string().trim().min(1, 'each reference must be a file path'), { error: '"references" must be a list of file paths' }).optional(),
  mask: z.string({ error: '"mask" must be a file path' }).trim().min(1, '"mask" must be a file path').optional(),
  count: z
    .number({ error: '"count" must be a whole number' })
    .int('"count" must be a whole number')
    .min(1, '"count" must be at least 1')
    .max(MAX_COUNT_PER_LINE, `"count" may be at most ${MAX_COUNT_PER_LINE}`)
    .optional(),
  variant: z.string({ error: '"variant" must be a variant id' }).trim().min(1).optional(),
});

const CLI_KEYS = ['references', 'mask', 'count', 'variant'] as const;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function jsonProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `not valid JSON: ${message.replace(/^JSON\.parse: /, '')}`;
}

/** Parses one line; returns its problems instead when it is not a usable job. */
function parseLine(text: string, line: number): JobLine | LineProblem[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return [{ line, message: jsonProblem(error) }];
  }
  if (!isPlainObject(value)) return [{ line, message: 'each line must be a JSON object such as {"model": "...", "prompt": "..."}' }];
  const keys = cliKeysSchema.safeParse(Object.fromEntries(CLI_KEYS.filter((key) => key in value).map((key) => [key, value[key]])));
  if (!keys.success) return keys.error.issues.map((issue) => ({ line, message: issue.message }));
  const body: WireBody = Object.fromEntries(Object.entries(value).filter(([key]) => !(CLI_KEYS as readonly string[]).includes(key)));
  return {
    line,
    body,
    references: keys.data.references ?? [],
    mask: keys.data.mask,
    count: keys.data.count ?? 1,
    variant: keys.data.variant,
  };
}

/**
 * Splits the text of a jobs file into lines and parses each; blank lines are skipped. Every
 * problem is collected (with its line number) rather than stopping at the first.
 */
export function parseJobsFile(text: string): { lines: JobLine[]; problems: LineProblem[] } {
  const lines: JobLine[] = [];
  const problems: LineProblem[] = [];
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((raw, index) => {
      if (raw.trim() === '') return;
      const parsed = parseLine(raw, index + 1);
      if (Array.isArray(parsed)) problems.push(...parsed);
      else lines.push(parsed);
    });
  if (lines.length === 0 && problems.length === 0) problems.push({ line: 0, message: 'the file has no jobs (one JSON object per line)' });
  const total = lines.reduce((sum, line) => sum + line.count, 0);
  if (total > MAX_BATCH_JOBS) {
    problems.push({ line: 0, message: `the file makes ${total} jobs; one batch may hold at most ${MAX_BATCH_JOBS}. Split it into several files.` });
  }
  return { lines, problems };
}
