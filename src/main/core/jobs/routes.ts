import type { BatchView, CharacterView, CreateBatchInput, JobView, QueueView } from '../../../shared/contract';
import { csvToKeep, InvalidCursorError, type StoredCharacter } from '../library';
import { creditsPerDay } from './store';
import type { LibraryService } from '../library/library-service';
import { StudioFailure } from '../router/failure';
import type { RouteHandlers } from '../router/router';
import { batchInvalid, batchJobsFrom } from './batch-request';
import { characterSourceFromAsset } from './character-source';
import { characterCreationJob, type CharacterSource } from './characters';
import { BatchValidationError, type BatchDetail, type JobEngine } from './engine';
import type { JobDetail } from './events';
import { JobActionError } from './job-actions';
import { recipeOf } from './job-request';
import { rerunBatch, rerunJobBatch, withNamesWritten, type RerunBatch, type UploadLibraryImage } from './recipe-rerun';

type JobsRoutes = Extract<keyof RouteHandlers, `jobs.${string}` | `characters.${string}`>;

/** What the routes need from the studio: the running engine and which gateway profile is in use. */
export interface JobsRouteDeps {
  engine(): JobEngine;
  library(): LibraryService;
  activeProfileId(): string | null;
  /** Uploads a library image to the gateway in use (a "vary" or "larger" re-run's reference). */
  uploadLibraryImage: UploadLibraryImage;
}

export function jobsHandlers(deps: JobsRouteDeps): Pick<RouteHandlers, JobsRoutes> {
  const engine = (): JobEngine => deps.engine();
  const batchOrFail = (id: string): BatchView => {
    const batch = engine().queries.batch(id);
    if (!batch) throw StudioFailure.of('batch_not_found');
    return toBatchView(batch);
  };
  const jobOrFail = (id: string): JobView => {
    const job = engine().queries.job(id);
    if (!job) throw StudioFailure.of('job_not_found');
    return toJobView(job);
  };
  const queue = () => queueView(engine());

  const createBatch = (input: CreateBatchInput & { values: Record<string, unknown> }) =>
    translate(async () => {
      const jobs = batchJobsFrom(input);
      // Only a template that expands to prompts is one; plain prompts are listed as they are.
      const template = (input.prompts ?? []).length === 0 && input.template?.trim() ? input.template : null;
      const templateCsv = template !== null && input.csv !== undefined ? { name: input.csvName ?? null, text: input.csv } : null;
      const kept = templateCsv && csvToKeep(templateCsv);
      const { batch } = await engine().commands.createBatch({
        name: input.name,
        profileId: deps.activeProfileId(),
        jobs,
        options: input.creditBudget === undefined ? {} : { creditBudget: input.creditBudget },
        ...(input.dedicatedKeyCredits === undefined ? {} : { dedicatedKey: { credits: input.dedicatedKeyCredits, name: input.name } }),
        state: input.draft ? 'draft' : 'queued',
        preset: input.preset ?? null,
        template,
        templateCsv,
      });
      const csvNotKept = kept && 'bytes' in kept ? { csvNotKept: { bytes: kept.bytes, limit: kept.limit } } : {};
      return { batch: batchOrFail(batch.id), jobCount: jobs.length, ...csvNotKept };
    });

  // A re-run's history names characters as the artist does now, not by the usernames sent.
  const createRerun = (batch: RerunBatch) => createBatch(withNamesWritten(batch, engine().characters.list()));

  return {
    'jobs.create_batch': (input) => createBatch(input),
    'jobs.rerun_asset': async ({ assetId, mode, tier }) => createRerun(await rerunBatch(deps.library().get(assetId), mode, tier, deps.uploadLibraryImage)),
    'jobs.rerun_job': ({ jobId, variantId }) => createRerun(rerunJobBatch(jobOrFail(jobId), variantId)),
    'jobs.estimate_cost': (input) => engine().queries.estimateCost(batchJobsFrom({ ...input, name: 'estimate' }), deps.activeProfileId()),
    'jobs.start_batch': ({ id }) => translate(() => (engine().commands.enqueueBatch(id), batchOrFail(id))),
    'jobs.get_batch': ({ id }) => batchOrFail(id),
    'jobs.list_batches': ({ statuses, limit, cursor }) =>
      pageOrStale(() => {
        const page = engine().queries.batchesPage({
          ...(statuses === undefined ? {} : { statuses }),
          ...(limit === undefined ? {} : { limit }),
          cursor: cursor ?? null,
        });
        return { items: page.items.map(toBatchView), nextCursor: page.nextCursor };
      }),
    'jobs.list_jobs': ({ batchId, outsideBatches, states, limit, cursor }) =>
      pageOrStale(() => {
        const page = engine().queries.jobsPage({ batchId, outsideBatches, states, limit, cursor });
        return { items: page.items.map(toJobView), nextCursor: page.nextCursor };
      }),
    'jobs.get_jobs': ({ ids }) =>
      [...new Set(ids)].flatMap((id) => {
        const job = engine().queries.job(id);
        return job ? [toJobView(job)] : [];
      }),
    'jobs.list_durations': ({ variantIds }) => engine().queries.typicalDurations(variantIds),
    'jobs.sum_daily_credits': ({ dayStarts, end }) => creditsPerDay(deps.library().db, dayStarts, end),
    'jobs.get_queue': () => queue(),
    'jobs.pause_queue': () => (engine().commands.pause(), queue()),
    'jobs.resume_queue': () => (engine().commands.resume(), queue()),
    'jobs.pause_batch': ({ id }) => translate(() => (engine().commands.pauseBatch(id), batchOrFail(id))),
    'jobs.resume_batch': ({ id }) => translate(() => (engine().commands.resumeBatch(id), batchOrFail(id))),
    'jobs.cancel_batch': ({ id }) => translate(() => engine().commands.cancelBatch(id)),
    'jobs.cancel_job': ({ id }) => translate(() => engine().commands.cancelJob(id)),
    'jobs.retry_job': ({ id }) => translate(() => (engine().commands.retryJob(id), jobOrFail(id))),
    'jobs.reorder_jobs': ({ batchId, jobIds }) =>
      translate(() => {
        engine().commands.reorder(batchId, jobIds);
        // The jobs named, in their new order: a batch is bounded, but its other jobs need not travel.
        return [...new Set(jobIds)].flatMap((jobId) => {
          const job = engine().queries.job(jobId);
          return job ? [toJobView(job)] : [];
        });
      }),
    'jobs.resolve_unknown': ({ id, choice }) => translate(() => (engine().commands.resolveUnknown(id, choice), jobOrFail(id))),
    'jobs.check_now': ({ id }) => translate(async () => toJobView(await engine().commands.checkNow(id))),
    'jobs.download_again': ({ id }) => translate(() => toJobView(engine().commands.downloadAgain(id))),
    'jobs.look_up': ({ id }) =>
      translate(async () => {
        const { outcome, job } = await engine().commands.lookUp(id);
        return { outcome, job: toJobView(job) };
      }),
    'jobs.submit_again': ({ id }) => translate(() => toJobView(engine().commands.submitAgain(id))),
    'jobs.list_created_keys': () => engine().queries.createdKeys(),
    'characters.list': () =>
      engine()
        .characters.list()
        .map((character) => toCharacterView(character, engine().characters.posterOf(character))),
    'characters.create': ({ description, name, fromTaskId, fromAssetId, videoUrl, segment }) =>
      translate(() => {
        // A name that cannot be given is refused before anything is paid for.
        if (name !== undefined) engine().characters.checkName(name);
        let source: CharacterSource;
        if (fromAssetId !== undefined) source = characterSourceFromAsset(deps.library().db, fromAssetId, segment);
        else if (fromTaskId !== undefined) source = { fromTaskId };
        else source = { videoUrl: videoUrl ?? '', ...(segment === undefined ? {} : { segment }) };
        const job = engine().commands.enqueue({ ...characterCreationJob(source, description), profileId: deps.activeProfileId() });
        if (name !== undefined) engine().characters.requestName(job.id, name);
        return jobOrFail(job.id);
      }),
    'characters.rename': ({ id, name }) => {
      const character = engine().characters.rename(id, name);
      return toCharacterView(character, engine().characters.posterOf(character));
    },
  };
}

/** A job as the window sees it: named fields only, so nothing the engine keeps for itself (profile, business id, price key, retry time) goes out. */
export function toJobView(job: JobDetail): JobView {
  return {
    id: job.id,
    batchId: job.batchId,
    position: job.position,
    variantId: job.variantId,
    model: job.model,
    prompt: job.prompt,
    request: recipeOf(job),
    state: job.state,
    attempts: job.attempts,
    errorMessage: job.errorMessage,
    errorCode: job.errorCode,
    gatewayMessage: job.gatewayMessage,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    submittedAt: job.submittedAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
    taskId: job.taskId,
    progress: job.progress,
    assetIds: [...job.assetIds],
    thumbPath: job.thumbPath,
    answerStyle: job.answerStyle,
    rawAnswer: job.rawAnswer,
    revisedPrompt: job.revisedPrompt,
    creditsSpent: job.credits,
    creditsMeasured: job.creditsMeasured,
    overdueSince: job.overdueSince,
    waitingFor: job.waitingFor,
    waitingMessage: job.waitingMessage,
    retryAt: job.retryAt,
    resultValidUntil: job.resultValidUntil,
    characters: [...job.characters],
    preset: job.preset === null ? null : { ...job.preset },
  };
}

/** A batch as the window sees it: named fields only (its options stay in main, all but the budget and the key's cap). */
export function toBatchView(batch: BatchDetail): BatchView {
  return {
    id: batch.id,
    name: batch.name,
    status: batch.status,
    createdAt: batch.createdAt,
    updatedAt: batch.updatedAt,
    counts: { ...batch.counts },
    note: batch.note,
    creditBudget: batch.options.creditBudget ?? null,
    dedicatedKeyCredits: batch.options.dedicatedKeyCredits ?? null,
    creditsSpent: batch.creditsSpent,
  };
}

/** The queue as the window shows it: paused or not, what is in progress, and the caps in force. */
export function queueView(engine: JobEngine): QueueView {
  return { paused: engine.queries.paused, reason: engine.queries.pauseReason, activeJobs: engine.queries.activeJobCount, limits: engine.queries.concurrency };
}

/** A page read; a cursor this library did not make is refused in words. */
function pageOrStale<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof InvalidCursorError) throw StudioFailure.of('stale_cursor');
    throw err;
  }
}

export function toCharacterView(character: StoredCharacter, posterPath: string | null): CharacterView {
  return {
    posterPath,
    id: character.id,
    username: character.username,
    name: character.name,
    displayName: character.displayName,
    sourceTaskId: character.sourceTaskId,
    profilePictureUrl: character.profilePictureUrl,
    createdAt: character.createdAt,
  };
}

/** The engine's refusals become typed answers the user can act on. */
async function translate<T>(action: () => T | Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (err) {
    if (err instanceof JobActionError) {
      const code = err.code === 'not_found' ? 'not_found' : err.code === 'invalid_state' ? 'conflict' : 'invalid_input';
      throw StudioFailure.of('job_action_refused', { detail: err.message, refusal: err.code }, { code });
    }
    if (err instanceof BatchValidationError) throw batchInvalid(err.problems);
    throw err;
  }
}
