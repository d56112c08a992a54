/**
 * What happens when a route has said all it will about a task: the task completed there, or the
 * route does not know it. Everything an answer yields is kept: result addresses (or Base64) go on
 * to the download, characters into the registry. A task whose answer may be a video, a character
 * or both (the catalog's `PollSpec.alsoAsk`: character creation, VVIP character options) is then
 * asked on its second route before its job moves on, so a character paid for as a video keeps its
 * video, and a video request answered with a character task keeps its character.
 */
import { companionPoll, taskPollFor } from '../../../shared/catalog';
import type { NormalizedTask } from '../../../shared/gateway/task-record';
import { onGatewayJobStates } from '../../../shared/jobs/job-states';
import { createLogger } from '../log';
import { listCharactersOfTask, type LibraryDatabase } from '../library';
import { moveTaskToRoute, recordPoll, transitionJob, type FirstAnswer, type Job, type JobPatch, type Task, type TaskFamily } from './store';
import { timingForPoll, type PollTimingOverrides } from './cadence';
import { asksForCharacter, type CharacterService } from './characters';
import type { GroupedWrites } from './grouped-writes';
import { entryOf } from './job-request';
import type { ResultStaging } from './staging';

const log = createLogger('poller');

export interface CompletionDeps {
  db: LibraryDatabase;
  /** Durable writes shared with the submissions: tasks that finished together share one disk flush. */
  writes: GroupedWrites;
  staging: ResultStaging;
  characters: CharacterService;
  timings: PollTimingOverrides;
  /** A job's results are ready to download. */
  onResultsReady: (jobId: string) => void;
}

/** The family a route's records belong to (the character route, or a media route). */
function familyOfRoute(path: string, fallback: TaskFamily): TaskFamily {
  if (path.startsWith('/v1/characters_tasks/')) return 'character';
  return fallback === 'character' ? 'video' : fallback;
}

export class TaskCompletion {
  constructor(private readonly deps: CompletionDeps) {}

  /** The task's route answered `completed` with `record`, or (undefined) refused to report on it. */
  async routeEnded(job: Job, task: Task, record: NormalizedTask | undefined): Promise<void> {
    if (record) await this.keep(job, task, record);
    const resultUrls = [...new Set([...task.resultUrls, ...(record?.resultUrls ?? [])])];
    const expiresAt = record?.expiresAt === undefined ? task.expiresAt : record.expiresAt * 1000;
    const answer = answerOf(task, record, listCharactersOfTask(this.deps.db, task.id).length);
    const second = task.firstAnswer === null ? this.secondRoute(job, task) : undefined;
    if (second) {
      const timing = timingForPoll(undefined, second.family, this.deps.timings);
      const now = this.deps.db.now();
      await this.deps.writes.run(() => {
        moveTaskToRoute(this.deps.db, task.id, { ...second, firstAnswer: answer, resultUrls, expiresAt, nextPollAt: now, deadlineAt: now + timing.deadlineMs });
        transitionJob(this.deps.db, job.id, ['submitted'], 'running');
      });
      log.info(`task ${task.id}: ${answer} on ${task.pollRoute}; asking ${second.pollRoute} too`);
      return;
    }
    await this.settle(job, task, [task.firstAnswer, answer], resultUrls, expiresAt, record);
  }

  /** True when the task is, or will be, asked on a second route. */
  hasTwoRoutes(job: Job, task: Task): boolean {
    return task.firstAnswer !== null || this.secondRoute(job, task) !== undefined;
  }

  /** Stores what one answer carries that exists nowhere else: characters, and Base64 results. */
  private async keep(job: Job, task: Task, record: NormalizedTask): Promise<void> {
    if (record.characters.length > 0) this.deps.characters.record(record, { taskId: task.id, profileId: job.profileId, jobId: job.id });
    if (record.resultUrls.length === 0 && record.resultB64.length > 0 && (await this.deps.staging.read({ taskId: task.id })) === undefined) {
      await this.deps.staging.write({ taskId: task.id }, { receivedAt: this.deps.db.now(), results: record.resultB64.map((b64) => ({ b64 })) });
    }
  }

  /** The other route of a task whose answer may be a video, a character or both; undefined when there is none. */
  private secondRoute(job: Job, task: Task): { pollRoute: string; family: TaskFamily } | undefined {
    const entry = entryOf(job);
    const companion = entry ? companionPoll(taskPollFor(entry), job.request) : undefined;
    if (!companion) return undefined;
    const pollRoute = companion.pathTemplate.replace('{task_id}', encodeURIComponent(task.id));
    return pollRoute === task.pollRoute ? undefined : { pollRoute, family: familyOfRoute(pollRoute, companion.cadence) };
  }

  /** Every route has answered: the job goes on to its download, is done, or fails, by what the task yielded. */
  private async settle(
    job: Job,
    task: Task,
    answers: readonly (FirstAnswer | null)[],
    resultUrls: readonly string[],
    expiresAt: number | null,
    record: NormalizedTask | undefined,
  ): Promise<void> {
    const { db } = this.deps;
    const given = answers.filter((answer): answer is FirstAnswer => answer !== null);
    const characters = listCharactersOfTask(db, task.id);
    const staged = await this.deps.staging.read({ taskId: task.id });
    const media = resultUrls.length > 0 || (staged?.results.length ?? 0) > 0;
    const oneRoute = given.length === 1;
    const addressless = given.includes('video-without-address') || (oneRoute && given[0] === 'completed' && task.family !== 'character');
    const finished = {
      state: 'completed' as const,
      progress: 100,
      rawStatus: record?.rawStatus ?? null,
      resultUrls,
      expiresAt,
      nextPollAt: null,
      lastError: null,
    };
    let next: { to: 'downloading' | 'done' | 'failed'; patch: JobPatch };
    if (media || addressless) {
      const missing = asksForCharacter(job) && characters.length === 0 && task.firstAnswer !== null;
      const note = missing ? characterMissing(task) : { errorCode: null, errorMessage: null };
      next = { to: 'downloading', patch: note };
    } else if (characters.length > 0) {
      next = { to: 'done', patch: { errorCode: null, errorMessage: null } };
    } else if (given.every((answer) => answer === 'refused')) {
      next = {
        to: 'failed',
        patch: {
          errorCode: 'poll_refused',
          errorMessage: `The gateway did not know task ${task.id} on any of the routes it was asked on; nothing could be collected.`,
        },
      };
    } else {
      next = { to: 'failed', patch: { errorCode: 'no_character', errorMessage: 'The character task completed without any character.' } };
    }
    const moved = await this.deps.writes.run(() => {
      recordPoll(db, task.id, next.to === 'failed' && given.every((answer) => answer === 'refused') ? { ...finished, state: 'failed' } : finished);
      return transitionJob(db, job.id, onGatewayJobStates, next.to, next.patch);
    });
    if (moved && next.to === 'downloading') this.deps.onResultsReady(job.id);
  }
}

/**
 * How a route ended. A finished record of a video route with nothing in it is a video whose bytes
 * only the content route can give, when it says it is a video, or says nothing while no character
 * came from the task either (a character record on the video route is not a video).
 */
function answerOf(task: Task, record: NormalizedTask | undefined, charactersSoFar: number): FirstAnswer {
  if (!record) return 'refused';
  const yieldsNothing = record.resultUrls.length === 0 && record.resultB64.length === 0 && record.characters.length === 0;
  const saysVideo = record.resultType === 'video' || (record.resultType === undefined && charactersSoFar === 0);
  return yieldsNothing && saysVideo && familyOfRoute(task.pollRoute, task.family) === 'video' ? 'video-without-address' : 'completed';
}

function characterMissing(task: Task): JobPatch {
  return {
    errorCode: 'character_missing',
    errorMessage: `The video is saved, but the gateway gave no character for task ${task.id} on either route it was asked on.`,
  };
}
