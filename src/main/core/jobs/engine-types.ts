/**
 * What the job engine is given: its options, the jobs and batches to create, and the check of
 * every job against its catalog variant before anything is stored.
 */
import { variantById, validateRequestBody, type WireBody } from '../../../shared/catalog';
import type { GatewayClient } from '../gateway/client';
import type { FfmpegSource, VideoTools } from '../media/video-tools';
import type { RequestIssue } from '../gateway/invalid-request';
import type { FileModes } from '../private-files';
import type { PresetRef } from '../../../shared/contract';
import type { LibraryDatabase } from '../library';
import type { BatchOptions, BatchWithCost } from './store';
import type { Vault } from '../vault/vault';
import type { DedicatedKeyRequest } from './batch-keys';
import type { PollTimingOverrides } from './cadence';
import type { DownloadLimits } from './downloader';
import { storedRequestOf, wireRequestOf } from './job-request';
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
}

/** Jobs that break their variant's limits; nothing was created. */
export class BatchValidationError extends Error {
  constructor(readonly problems: readonly { index: number; variantId: string; issues: readonly RequestIssue[] }[]) {
    super(problems.map((p) => `job ${p.index + 1} (${p.variantId}): ${p.issues.map((i) => i.message).join('; ')}`).join('\n'));
    this.name = 'BatchValidationError';
  }
}

/** A batch with its job counts and the credits its jobs cost so far. */
export type BatchDetail = BatchWithCost;

/** A job checked against its variant, ready to be stored. */
export interface PreparedJob {
  variantId: string;
  model: string;
  request: WireBody;
  prompt: string;
}

/** Checks every job against its variant (fields, rules, path parameters); throws BatchValidationError listing all problems. */
export function prepareJobs(inputs: readonly EngineJobInput[]): PreparedJob[] {
  const problems: ConstructorParameters<typeof BatchValidationError>[0][number][] = [];
  const prepared = inputs.map((input, index) => {
    const entry = variantById(input.variantId);
    if (!entry) {
      problems.push({ index, variantId: input.variantId, issues: [{ path: '', message: `unknown model variant ${input.variantId}` }] });
      return { variantId: input.variantId, model: '', request: {}, prompt: '' };
    }
    const request = storedRequestOf(entry, input.body, input.pathParams);
    const { path, body } = wireRequestOf(entry, request);
    const issues = [...validateRequestBody(entry, body).issues];
    if (/\{\w+\}/.test(path)) issues.push({ path: '', message: `path parameters missing in ${path}` });
    if (issues.length > 0) problems.push({ index, variantId: input.variantId, issues });
    const model = typeof request.model === 'string' ? request.model : entry.modelIds[0];
    const prompt = input.prompt ?? (typeof request.prompt === 'string' ? request.prompt : '');
    return { variantId: entry.id, model, request, prompt };
  });
  if (problems.length > 0) throw new BatchValidationError(problems);
  return prepared;
}
