/**
 * Live progress of a batch: a progress bar on a terminal, or one plain line per event when the
 * output is a file or a pipe (logs, CI), so the record stays readable.
 */
import cliProgress from 'cli-progress';
import { jobLabel, totalsOf, type JobReport } from './report';

export interface ProgressView {
  /** A job changed; `jobs` is every job as it is now. */
  update(job: JobReport, jobs: readonly JobReport[]): void;
  /** A message for the user, shown without breaking the bar. */
  note(message: string): void;
  stop(): void;
}

function eventLine(job: JobReport): string | undefined {
  const label = jobLabel(job);
  switch (job.status) {
    case 'running':
      return job.taskId ? `${label}: submitted, task ${job.taskId}` : undefined;
    case 'completed':
      return `${label}: completed${job.files.length > 0 ? ` -> ${job.files.join(', ')}` : ''}`;
    case 'failed':
    case 'unknown':
    case 'canceled':
      return `${label}: ${job.status}${job.error ? `: ${job.error}` : ''}`;
    case 'pending':
      return undefined;
  }
}

/** One line per change worth telling (submitted, completed, failed...), each only once. */
function lineView(stream: NodeJS.WritableStream, initial: readonly JobReport[]): ProgressView {
  // What a resumed batch had already done before this run is in the summary, not told again.
  const told = new Map<string, string>(
    initial.flatMap((job) => {
      const line = eventLine(job);
      return line === undefined ? [] : [[`${job.line}/${job.repeat}`, line] as const];
    }),
  );
  return {
    update(job, jobs) {
      const line = eventLine(job);
      const key = `${job.line}/${job.repeat}`;
      if (line === undefined || told.get(key) === line) return;
      told.set(key, line);
      const totals = totalsOf(jobs);
      const finished = totals.total - totals.pending;
      stream.write(`[${finished}/${totals.total}] ${line}\n`);
    },
    note(message) {
      stream.write(`${message}\n`);
    },
    stop() {},
  };
}

function barView(stream: NodeJS.WritableStream, initial: readonly JobReport[]): ProgressView {
  const bars = new cliProgress.MultiBar(
    {
      stream,
      format: ' {bar} {value}/{total} jobs | {completed} done, {failed} failed, {running} running | {duration_formatted}',
      hideCursor: true,
      clearOnComplete: false,
      gracefulExit: false,
    },
    cliProgress.Presets.shades_classic,
  );
  const figures = (jobs: readonly JobReport[]): { finished: number; payload: Record<string, number> } => {
    const totals = totalsOf(jobs);
    const failed = totals.failed + totals.unknown + totals.canceled;
    const running = jobs.filter((candidate) => candidate.status === 'running').length;
    return { finished: totals.total - totals.pending, payload: { completed: totals.completed, failed, running } };
  };
  const start = figures(initial);
  const bar = bars.create(initial.length, start.finished, start.payload);
  let stopped = false;
  return {
    update(job, jobs) {
      const now = figures(jobs);
      bar.update(now.finished, now.payload);
      if (job.status === 'failed' || job.status === 'unknown') bars.log(`${jobLabel(job)}: ${job.status}${job.error ? `: ${job.error}` : ''}\n`);
    },
    note(message) {
      bars.log(`${message}\n`);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      bars.stop();
    },
  };
}

/** A bar when `stream` is a terminal, event lines otherwise; `initial` is every job as the run starts. */
export function createProgressView(stream: NodeJS.WritableStream & { isTTY?: boolean }, initial: readonly JobReport[]): ProgressView {
  return stream.isTTY === true ? barView(stream, initial) : lineView(stream, initial);
}
