/**
 * The jobs of the CLI's batch as the user knows them (by line of the jobs file), kept current
 * from the engine's change events.
 */
import { jobProblemText } from '../shared/contract';
import type { JobDetail } from '../main/core/jobs';
import { isActive, isTerminal, type JobState } from '../shared/jobs/job-states';
import { getAsset, resolveInLibrary, type LibraryDatabase } from '../main/core/library';
import type { JobReport, JobStatus } from './report';

/** Where a job came from in the jobs file. */
export interface JobOrigin {
  line: number;
  repeat: number;
  of: number;
}

/** A job's state in the words of the CLI's report. */
function statusOf(state: JobState): JobStatus {
  if (state === 'done') return 'completed';
  if (state === 'canceled' || state === 'unknown') return state;
  if (isTerminal(state)) return 'failed';
  return isActive(state) ? 'running' : 'pending';
}

/** The reports of a batch's jobs, by job id, in file order. */
export class BatchJobs {
  private readonly reports = new Map<string, JobReport>();
  /** Notes of completed jobs that have no file (edit mode answers with a summary only). */
  private readonly notes = new Map<string, string>();
  /** Jobs that have ended (done, failed, canceled, expired): nothing more will happen to them by itself. */
  private readonly ended = new Set<string>();

  constructor(
    private readonly db: LibraryDatabase,
    private readonly libraryRoot: string,
    /** Job ids in file order, each with its origin. */
    origins: readonly { jobId: string; origin: JobOrigin }[],
  ) {
    for (const { jobId, origin } of origins) {
      this.reports.set(jobId, { ...origin, status: 'pending', progress: null, taskId: null, files: [], error: null, rawAnswer: null });
    }
  }

  has(jobId: string): boolean {
    return this.reports.has(jobId);
  }

  /** Applies a job's current view; returns its report when the job is one of this batch's. */
  apply(view: JobDetail): JobReport | undefined {
    const known = this.reports.get(view.id);
    if (!known) return undefined;
    const status = statusOf(view.state);
    if (isTerminal(view.state)) this.ended.add(view.id);
    else this.ended.delete(view.id);
    const files = view.assetIds
      .map((id) => getAsset(this.db, id))
      .filter((asset) => asset !== undefined)
      .map((asset) => resolveInLibrary(this.libraryRoot, asset.filePath));
    const report: JobReport = {
      ...known,
      status,
      progress: view.progress,
      taskId: view.taskId ?? known.taskId,
      files,
      error: status === 'completed' ? null : jobProblemText(view),
      rawAnswer: view.rawAnswer,
    };
    const note = jobProblemText(view);
    if (status === 'completed' && files.length === 0 && note !== null) this.notes.set(view.id, note);
    this.reports.set(view.id, report);
    return report;
  }

  /** True once every job of the batch has ended (an unknown job has not: it waits for the user). */
  allEnded(): boolean {
    return this.ended.size === this.reports.size;
  }

  /** Every job's report, in file order. */
  all(): JobReport[] {
    return [...this.reports.values()];
  }

  /** Notes worth printing at the end (completed jobs without a file, and why). */
  completionNotes(): string[] {
    return [...this.notes].flatMap(([jobId, note]) => {
      const report = this.reports.get(jobId);
      return report ? [`line ${report.line}: completed without a file: ${note}`] : [];
    });
  }
}
