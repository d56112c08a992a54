/**
 * The job engine works on every unfinished job of its library. The CLI holds the key of one
 * gateway only, so it must not start on a library where jobs of another origin (the studio,
 * another gateway) are still waiting or in flight: it would have to submit, poll or download
 * them with the wrong connection, and two engines on one library could race.
 */
import { pendingJobStates, type JobState } from '../shared/jobs/job-states';
import type { LibraryDatabase } from '../main/core/library';
import { getBatch, listJobsInStates, type Job } from '../main/core/jobs/store';

/** States in which the engine would act on a job by itself: waiting or in flight, or unknown (it may look it up). */
const ACTED_ON: readonly JobState[] = [...pendingJobStates, 'unknown'];

function wouldRun(db: LibraryDatabase, job: Job): boolean {
  if (job.state !== 'queued' || job.batchId === null) return true;
  return getBatch(db, job.batchId)?.status === 'active';
}

/** Unfinished jobs of this library that belong to another connection than `profileId`. */
function foreignActiveJobs(db: LibraryDatabase, profileId: string): Job[] {
  return listJobsInStates(db, ACTED_ON).filter((job) => job.profileId !== profileId && wouldRun(db, job));
}

/** Why the CLI will not run on this library, or undefined when it may. */
export function libraryInUseProblem(db: LibraryDatabase, profileId: string, libraryRoot: string): string | undefined {
  const foreign = foreignActiveJobs(db, profileId);
  if (foreign.length === 0) return undefined;
  return (
    `The library at ${libraryRoot} has ${foreign.length} unfinished job${foreign.length === 1 ? '' : 's'} from the studio or another gateway. ` +
    'Let them finish (or cancel them) in the studio, or give this command its own folder with --library.'
  );
}
