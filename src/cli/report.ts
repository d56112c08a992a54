/**
 * What a batch run tells its user: one report per job (by line of the jobs file), the totals,
 * the closing summary in words, the `--json` object and the exit code.
 */
import { EXIT } from './args';

/** A job's outcome as the CLI reports it. */
export type JobStatus = 'pending' | 'running' | 'completed' | 'failed' | 'canceled' | 'unknown';

export interface JobReport {
  /** Line of the jobs file (1-based). */
  line: number;
  /** Which repeat of the line's `count` (1-based). */
  repeat: number;
  /** The line's `count`, to label repeats. */
  of: number;
  status: JobStatus;
  /** Percent done while running, when the gateway says. */
  progress: number | null;
  taskId: string | null;
  /** Absolute paths of the downloaded results. */
  files: string[];
  error: string | null;
  /** What came back when the gateway's answer could not be read (an excerpt, without secrets). */
  rawAnswer: string | null;
}

export interface Totals {
  total: number;
  completed: number;
  failed: number;
  canceled: number;
  unknown: number;
  pending: number;
}

/** The `--json` output: exactly this object, nothing else on stdout. */
export interface JsonResult extends Totals {
  jobs: { line: number; status: JobStatus; task_id: string | null; files: string[]; error: string | null; raw_answer: string | null }[];
  batch_id: string | null;
  resumed: boolean;
  /** Input problems (bad usage, invalid lines) when nothing was run; empty otherwise. */
  problems: { line: number; message: string }[];
}

/** The label of a job in messages: `line 4`, or `line 4 (2/3)` for repeats. */
export function jobLabel(job: Pick<JobReport, 'line' | 'repeat' | 'of'>): string {
  return job.of > 1 ? `line ${job.line} (${job.repeat}/${job.of})` : `line ${job.line}`;
}

export function totalsOf(jobs: readonly JobReport[]): Totals {
  const count = (status: JobStatus): number => jobs.filter((job) => job.status === status).length;
  return {
    total: jobs.length,
    completed: count('completed'),
    failed: count('failed'),
    canceled: count('canceled'),
    unknown: count('unknown'),
    pending: count('pending') + count('running'),
  };
}

/** The exit code for a finished (not interrupted) run. */
export function exitCodeFor(jobs: readonly JobReport[]): number {
  return jobs.length > 0 && jobs.every((job) => job.status === 'completed') ? EXIT.ok : EXIT.jobsFailed;
}

export function jsonResult(jobs: readonly JobReport[], batch: { id: string | null; resumed: boolean }, problems: JsonResult['problems'] = []): JsonResult {
  return {
    jobs: jobs.map((job) => ({ line: job.line, status: job.status, task_id: job.taskId, files: job.files, error: job.error, raw_answer: job.rawAnswer })),
    ...totalsOf(jobs),
    batch_id: batch.id,
    resumed: batch.resumed,
    problems,
  };
}

/** Longest part of a kept answer shown in the summary (`--json` has it whole). */
const SHOWN_ANSWER_CHARS = 500;

function shortened(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > SHOWN_ANSWER_CHARS ? `${flat.slice(0, SHOWN_ANSWER_CHARS)}…` : flat;
}

/** The closing lines a person reads. */
export function summaryLines(jobs: readonly JobReport[]): string[] {
  const totals = totalsOf(jobs);
  const parts = [`${totals.completed} completed`];
  if (totals.failed > 0) parts.push(`${totals.failed} failed`);
  if (totals.unknown > 0) parts.push(`${totals.unknown} unknown`);
  if (totals.canceled > 0) parts.push(`${totals.canceled} canceled`);
  if (totals.pending > 0) parts.push(`${totals.pending} not finished`);
  const lines = [`${totals.total} job${totals.total === 1 ? '' : 's'}: ${parts.join(', ')}.`];
  for (const job of jobs) {
    if (job.status === 'completed' || job.status === 'pending' || job.status === 'running') continue;
    lines.push(`  ${jobLabel(job)}: ${job.status}${job.error ? `: ${job.error}` : ''}`);
    if (job.rawAnswer !== null) lines.push(`    the gateway answered: ${shortened(job.rawAnswer)}`);
  }
  const files = jobs.flatMap((job) => job.files);
  if (files.length > 0) lines.push(`${files.length} file${files.length === 1 ? '' : 's'} saved, e.g. ${files[0] ?? ''}`);
  return lines;
}
