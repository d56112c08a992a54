/**
 * The input stage of `batch`: read the jobs file and check every line. Nothing touches the
 * network here, so a file with mistakes costs nothing.
 */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { UsageError } from './args';
import { parseJobsFile, type LineProblem } from './jobs-file';
import { checkJobLines, type CheckedLine } from './line-check';

export interface BatchInput {
  /** Absolute path of the jobs file. */
  path: string;
  /** Its exact bytes (part of the batch's source key). */
  content: Buffer;
  checked: CheckedLine[];
  /** Every problem, in line order; the batch may run only when this is empty. */
  problems: LineProblem[];
  /** Non-blocking notes per line. */
  warnings: LineProblem[];
}

/** Reads and checks a jobs file. Throws UsageError when the file cannot be read. */
export async function readBatchInput(jobsFile: string): Promise<BatchInput> {
  const path = resolve(jobsFile);
  let content: Buffer;
  try {
    content = await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message;
    throw new UsageError(`Cannot read the jobs file ${path}: ${reason}`);
  }
  const parsed = parseJobsFile(content.toString('utf8'));
  const { checked, problems } = await checkJobLines(parsed.lines, dirname(path));
  const all = [...parsed.problems, ...problems].sort((a, b) => a.line - b.line);
  const warnings = checked.flatMap((line) => line.warnings.map((message) => ({ line: line.line, message })));
  return { path, content, checked, problems: all, warnings };
}

/** `line 3: message`, or the message alone for the file as a whole. */
export function formatProblem(problem: LineProblem): string {
  return problem.line > 0 ? `line ${problem.line}: ${problem.message}` : problem.message;
}

/** `1-3, 5`: line numbers with runs shortened. */
function lineRanges(lines: readonly number[]): string {
  const sorted = [...new Set(lines)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] ?? 0) + 1) j++;
    parts.push(j > i ? `${sorted[i] ?? 0}-${sorted[j] ?? 0}` : String(sorted[i] ?? 0));
    i = j + 1;
  }
  return parts.join(', ');
}

/** Notes with the same text once, naming every line they concern (`lines 1-3, 5: ...`). */
export function formatNotes(notes: readonly LineProblem[]): string[] {
  const byMessage = new Map<string, number[]>();
  for (const note of notes) byMessage.set(note.message, [...(byMessage.get(note.message) ?? []), note.line]);
  return [...byMessage].map(([message, lines]) => {
    if (lines.length === 1) return formatProblem({ line: lines[0] ?? 0, message });
    return `lines ${lineRanges(lines)}: ${message}`;
  });
}
