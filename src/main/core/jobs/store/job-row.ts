/**
 * A job as the engine sees it and as SQLite stores it: the `Job` shape, what a new job and a
 * change to one may carry, and the mapping between a row of `jobs` and a `Job`.
 */
import type { JobState } from '../../../../shared/jobs/job-states';
import { z } from 'zod';
import { parseJsonColumn, parseJsonValueColumn, type JsonValue } from '../../library';
import type { PresetRef } from '../../../../shared/contract';
import { presetFromColumn } from '../../library/preset-column';

/** The style a submission's answer had (it decides how the job is followed). */
export type AnswerStyle = 'direct' | 'summary' | 'task';

/**
 * What a job in flight waits for: a usable key (its task's polls are refused because of the key;
 * the task is paid for and still followed), or the next try of its download (the result host failed).
 */
export type JobWaitingFor = 'key' | 'download';

/** One generation request and where it is in its life. Times are Unix milliseconds. */
export interface Job {
  id: string;
  batchId: string | null;
  position: number;
  /** Catalog id, e.g. `image.gen-image-2.direct`. */
  variantId: string;
  model: string;
  /** The wire body as sent, without secrets. */
  request: JsonValue;
  /** The endpoint's path parameters (a remix's `video_id`), kept apart from the body. */
  pathParams: Record<string, string>;
  prompt: string;
  state: JobState;
  attempts: number;
  errorMessage: string | null;
  errorCode: string | null;
  clientBusinessId: string | null;
  profileId: string | null;
  createdAt: number;
  updatedAt: number;
  submittedAt: number | null;
  /** When the latest submission began (the job entered `submitting`); null before the first. */
  startedAt: number | null;
  finishedAt: number | null;
  nextAttemptAt: number | null;
  /** The gateway's own words on the latest failure, as they came (often Chinese); null when it gave none. */
  gatewayMessage: string | null;
  /** How the gateway answered the latest submission; null before an answer was read. */
  answerStyle: AnswerStyle | null;
  /** An excerpt of a 200 answer the studio could not read (bounded, without secrets). */
  rawAnswer: string | null;
  /** The prompt as the gateway rewrote it, kept from an answer without images (an edit summary). */
  revisedPrompt: string | null;
  /** What decides this job's price (see `priceKeyOf`); set when it is submitted. */
  priceKey: string | null;
  /** Credits the job cost: measured from the balance, or estimated from measured jobs of its price key. */
  credits: number | null;
  /** True when `credits` was measured from the balance around this job's own submission. */
  creditsMeasured: boolean;
  /** The style preset it was made with, as its recipe names it. */
  preset: PresetRef | null;
  /** What it waits for while in flight; null when nothing holds it up. Cleared by every move of its state. */
  waitingFor: JobWaitingFor | null;
  /** The gateway's (key) or the result host's (download) own words on why it waits. */
  waitingMessage: string | null;
  /** When the wait began (the first refusal or failure of this wait). */
  waitingSince: number | null;
  /** When the studio asks or tries again. */
  retryAt: number | null;
}

export interface NewJob {
  id?: string;
  batchId?: string | null;
  variantId: string;
  model: string;
  /** Redacted before it is stored. */
  request: unknown;
  pathParams?: Readonly<Record<string, string>>;
  /** Defaults to `request.prompt` when that is a string. */
  prompt?: string;
  state?: 'draft' | 'queued';
  profileId?: string | null;
  clientBusinessId?: string | null;
  nextAttemptAt?: number | null;
  preset?: PresetRef | null;
}

/** Columns a transition (or `updateJob`) may set besides the state. `undefined` leaves a column alone. */
export interface JobPatch {
  errorMessage?: string | null;
  errorCode?: string | null;
  gatewayMessage?: string | null;
  clientBusinessId?: string | null;
  profileId?: string | null;
  nextAttemptAt?: number | null;
  submittedAt?: number | null;
  startedAt?: number | null;
  finishedAt?: number | null;
  answerStyle?: AnswerStyle | null;
  rawAnswer?: string | null;
  revisedPrompt?: string | null;
  priceKey?: string | null;
  credits?: number | null;
  creditsMeasured?: boolean;
  waitingFor?: JobWaitingFor | null;
  waitingMessage?: string | null;
  waitingSince?: number | null;
  retryAt?: number | null;
}

/** A row of `jobs` as SQLite returns it (for queries of this library that read whole jobs). */
export interface JobRow {
  id: string;
  batch_id: string | null;
  position: number;
  variant_id: string;
  model: string;
  request: string;
  path_params: string;
  prompt: string;
  state: JobState;
  attempts: number;
  error_message: string | null;
  error_code: string | null;
  client_business_id: string | null;
  profile_id: string | null;
  created_at: number;
  updated_at: number;
  submitted_at: number | null;
  started_at: number | null;
  finished_at: number | null;
  next_attempt_at: number | null;
  gateway_message: string | null;
  answer_style: AnswerStyle | null;
  raw_answer: string | null;
  revised_prompt: string | null;
  price_key: string | null;
  credits: number | null;
  credits_measured: number;
  preset: string | null;
  waiting_for: JobWaitingFor | null;
  waiting_message: string | null;
  waiting_since: number | null;
  retry_at: number | null;
}

const patchColumns: Readonly<Record<keyof JobPatch, string>> = {
  errorMessage: 'error_message',
  errorCode: 'error_code',
  gatewayMessage: 'gateway_message',
  clientBusinessId: 'client_business_id',
  profileId: 'profile_id',
  nextAttemptAt: 'next_attempt_at',
  submittedAt: 'submitted_at',
  startedAt: 'started_at',
  finishedAt: 'finished_at',
  answerStyle: 'answer_style',
  rawAnswer: 'raw_answer',
  revisedPrompt: 'revised_prompt',
  priceKey: 'price_key',
  credits: 'credits',
  creditsMeasured: 'credits_measured',
  waitingFor: 'waiting_for',
  waitingMessage: 'waiting_message',
  waitingSince: 'waiting_since',
  retryAt: 'retry_at',
};

/** A job's path parameters as stored: names and their text. */
const pathParamsSchema = z.record(z.string(), z.string());

/** Every column of `jobs` a `Job` is read from, for queries of this library. */
export const jobColumns =
  'id, batch_id, position, variant_id, model, request, path_params, prompt, state, attempts, error_message, error_code, client_business_id, profile_id, created_at, updated_at, submitted_at, started_at, finished_at, next_attempt_at, gateway_message, answer_style, raw_answer, price_key, credits, credits_measured, preset, revised_prompt, waiting_for, waiting_message, waiting_since, retry_at';

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    batchId: row.batch_id,
    position: row.position,
    variantId: row.variant_id,
    model: row.model,
    request: parseJsonValueColumn(row.request, `jobs.request of ${row.id}`),
    pathParams: parseJsonColumn(pathParamsSchema, row.path_params, `jobs.path_params of ${row.id}`),
    prompt: row.prompt,
    state: row.state,
    attempts: row.attempts,
    errorMessage: row.error_message,
    errorCode: row.error_code,
    clientBusinessId: row.client_business_id,
    profileId: row.profile_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    submittedAt: row.submitted_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    nextAttemptAt: row.next_attempt_at,
    gatewayMessage: row.gateway_message,
    answerStyle: row.answer_style,
    rawAnswer: row.raw_answer,
    revisedPrompt: row.revised_prompt,
    priceKey: row.price_key,
    credits: row.credits,
    creditsMeasured: row.credits_measured === 1,
    preset: presetFromColumn(row.preset, `jobs.preset of ${row.id}`),
    waitingFor: row.waiting_for,
    waitingMessage: row.waiting_message,
    waitingSince: row.waiting_since,
    retryAt: row.retry_at,
  };
}

/** The patch without its `undefined` entries (those leave a column alone). */
export function definedOnly(patch: JobPatch): JobPatch {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
}

/** The `, column = ?` assignments of a patch and their values, for an UPDATE of `jobs` (an `undefined` entry writes null: pass `definedOnly` first). */
export function patchAssignments(patch: JobPatch): { sets: string; values: (string | number | null)[] } {
  const keys = (Object.keys(patchColumns) as (keyof JobPatch)[]).filter((key) => key in patch);
  return {
    sets: keys.map((key) => `, ${patchColumns[key]} = ?`).join(''),
    values: keys.map((key) => {
      const value = patch[key];
      return typeof value === 'boolean' ? Number(value) : (value ?? null);
    }),
  };
}
