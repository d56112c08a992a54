/**
 * What the job engine is given: its options, the jobs and batches to create, and the check of
 * every job against its catalog variant before anything is stored.
 */
import {
  checkWireRequest,
  promptAsSent,
  variantById,
  type NamedCharacter,
  type RequestProblem,
  type VariantEntry,
  type WireBody,
} from '../../../shared/catalog';
import type { GatewayClient } from '../gateway/client';
import type { FfmpegSource, VideoTools } from '../media/video-tools';
import { problemText } from '../gateway/request-problem-text';
import type { FileModes } from '../private-files';
import type { PresetRef } from '../../../shared/contract';
import type { LibraryDatabase, TemplateCsv } from '../library';
import type { BatchOptions, BatchWithCost } from './store';
import type { Vault } from '../vault/vault';
import type { DedicatedKeyRequest } from './batch-keys';
import type { PollTimingOverrides } from './cadence';
import type { DownloadLimits } from './downloader';
import type { RetryLimits } from './outcome';
import type { QueueLimits } from './queue';
import type { RateGateOptions } from './rate-gate';
import type { ReconcilerOptions } from './reconciler';
import type { FetchLimits } from './result-fetch';
import type { Clock } from '../lifecycle/clock';

/** The gateway client of a profile (null: the default connection, e.g. the demo gateway). */
type ConnectionProvider = (profileId: string | null) => GatewayClient | Promise<GatewayClient>;

export interface JobEngineOptions {
  db: LibraryDatabase;
  /** The library folder (media files, sidecars, thumbnails, staged results). */
  libraryRoot: string;
  connectionFor: ConnectionProvider;
  /** Seals dedicated batch keys (kept in the library database); required only for batches that mint one. */
  vault?: Vault;
  /** True while keys are kept for the session only (no keyring): sealed batch keys then stay in memory. */
  sessionOnlyKeys?: () => boolean;
  /** Poll cadence per family; values from settings go through `pollTimingsFromSettings` first. */
  pollTimings?: PollTimingOverrides;
  queue?: Partial<QueueLimits>;
  retry?: Partial<RetryLimits>;
  rateGate?: Partial<RateGateOptions>;
  downloads?: Partial<DownloadLimits & FetchLimits>;
  reconcile?: Partial<ReconcilerOptions>;
  maxParallelPolls?: number;
  /** How long `stop()` lets submissions already on the wire finish before aborting them. */
  stopGraceMs?: number;
  /** Builds a client on the same gateway with another key (dedicated batch keys). */
  clientForKey?: (base: GatewayClient, apiKey: string) => GatewayClient;
  /** A system ffmpeg to accelerate video posters with, or how to find it (asked when the first poster is made); `locateFfmpeg()` when absent. */
  ffmpeg?: FfmpegSource;
  /** Video work (posters) shared with the rest of the studio; built from `ffmpeg` when absent. */
  video?: VideoTools;
  /** Modes of results, thumbnails and sidecars: owner-only unless the library folder is shared. */
  fileModes?: FileModes;
  /**
   * Time and timers of every background service (polls, retries, the reconciler's rounds, the
   * stop grace). Default: the database's time and Node's timers. A test passes a virtual clock,
   * the same one its database and demo gateway read.
   */
  clock?: Clock;
}

/** One job of a batch: a catalog variant and its wire body (reference URLs already uploaded). */
export interface EngineJobInput {
  variantId: string;
  body: WireBody;
  /** Path parameters (a remix's `video_id`) when they are not in the body. */
  pathParams?: Record<string, string>;
  /** Defaults to `body.prompt`. */
  prompt?: string;
}

export interface CreateBatchInput {
  name: string;
  profileId?: string | null;
  jobs: readonly EngineJobInput[];
  /** Per-batch concurrency, credit floor (`creditBudget`), fan-out models. */
  options?: BatchOptions;
  /** Mint a key capped at this budget, limited to the batch's models, and submit with it. */
  dedicatedKey?: DedicatedKeyRequest;
  /** `draft` keeps the jobs out of the queue until `enqueueBatch`. */
  state?: 'queued' | 'draft';
  /** The style preset the batch was made with; every job and result records it in its recipe. */
  preset?: PresetRef | null;
  /** The `{a|b}` / `{{column}}` template the prompts were expanded from, which the history lists once. */
  template?: string | null;
  /** The CSV the template's `{{column}}` values came from, kept for the history (see `csvToKeep`). */
  templateCsv?: TemplateCsv | null;
}

/** The problems of one job of a batch, by its place in the batch. */
export interface JobProblems {
  index: number;
  variantId: string;
  problems: readonly RequestProblem[];
}

/** Jobs that break their variant's limits; nothing was created. */
export class BatchValidationError extends Error {
  constructor(readonly problems: readonly JobProblems[]) {
    super(problems.map((p) => `job ${p.index + 1} (${p.variantId}): ${p.problems.map(problemText).join('; ')}`).join('\n'));
    this.name = 'BatchValidationError';
  }
}

/** A batch with its job counts and the credits its jobs cost so far. */
export type BatchDetail = BatchWithCost;

/** A job checked against its variant, ready to be stored as it will be sent: body and path parameters apart. */
export interface PreparedJob {
  variantId: string;
  model: string;
  request: WireBody;
  pathParams: Record<string, string>;
  prompt: string;
}

/** The body as it is sent: where the variant's prompt takes mentions, each character's name becomes `@username`. */
function withUsernames(entry: VariantEntry, body: WireBody, characters: readonly NamedCharacter[]): WireBody {
  const prompt = entry.fields.find((field) => field.type === 'prompt' && field.syntax === 'mentions');
  const written = prompt === undefined ? undefined : body[prompt.key];
  return prompt === undefined || typeof written !== 'string' ? body : { ...body, [prompt.key]: promptAsSent(written, characters) };
}

/**
 * Checks every job with the catalog's request check; throws BatchValidationError listing all
 * problems. Each job keeps its prompt as written and its body as it is sent, with the names of
 * `characters` made `@username` (so a later rename changes nothing already asked for).
 */
export function prepareJobs(inputs: readonly EngineJobInput[], characters: readonly NamedCharacter[] = []): PreparedJob[] {
  const problems: JobProblems[] = [];
  const prepared = inputs.map((input, index): PreparedJob => {
    const entry = variantById(input.variantId);
    if (!entry) {
      problems.push({ index, variantId: input.variantId, problems: [{ code: 'not_an_option', field: 'model', params: { value: input.variantId } }] });
      return { variantId: input.variantId, model: '', request: {}, pathParams: {}, prompt: '' };
    }
    const model = typeof input.body.model === 'string' && input.body.model.trim() !== '' ? input.body.model : entry.modelIds[0];
    const request = { pathParams: { ...input.pathParams }, body: withUsernames(entry, { ...input.body, model }, characters) };
    const checked = checkWireRequest(entry, request);
    if (checked.problems.length > 0) problems.push({ index, variantId: input.variantId, problems: checked.problems });
    const prompt = input.prompt ?? (typeof input.body.prompt === 'string' ? input.body.prompt : '');
    return { variantId: entry.id, model, request: request.body, pathParams: request.pathParams, prompt };
  });
  if (problems.length > 0) throw new BatchValidationError(problems);
  return prepared;
}
