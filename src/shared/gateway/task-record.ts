import type { TaskState } from '../jobs/job-states';
import type { Character } from './tasks';
import { charactersOf, characterSchema, generationTaskSchema, officialVideoDataSchema } from './tasks';
import { isRecord } from './lenient';

/** Poll families: they differ in cadence and in what a finished record carries. */
export type TaskFamily = 'image' | 'video' | 'character';

/** The one internal state set; `unknown` means "not understood yet" and callers keep polling. */
export type { TaskState };

/** One task record of any endpoint, in one shape. */
export interface NormalizedTask {
  family: TaskFamily;
  taskId: string | undefined;
  state: TaskState;
  /** The status exactly as the gateway sent it (for logs when it maps to `unknown`). */
  rawStatus: string | undefined;
  /** 0-100, rounded and clamped; undefined when the record has none. */
  progress: number | undefined;
  /** Result addresses, wherever the deployment put them, without duplicates. */
  resultUrls: string[];
  /** Base64 results (`result.data[].b64_json`) of deployments that inline them. */
  resultB64: string[];
  /** Characters of a finished character task (empty otherwise). */
  characters: Character[];
  /** What the finished result says it is (`result.type`: `video`, `character`, `image`...), when it says. */
  resultType: string | undefined;
  errorMessage: string | undefined;
  errorCode: string | undefined;
  /** Unix seconds. */
  createdAt: number | undefined;
  completedAt: number | undefined;
  expiresAt: number | undefined;
  model: string | undefined;
  clientBusinessId: string | undefined;
}

/** The body was not a task record at all (not an object, or none of the task fields). */
export class TaskRecordError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TaskRecordError';
  }
}

const STATE_BY_STATUS: Readonly<Record<string, TaskState>> = {
  queued: 'queued',
  queueing: 'queued',
  pending: 'queued',
  not_start: 'queued',
  not_started: 'queued',
  submitted: 'queued',
  created: 'queued',
  waiting: 'queued',
  scheduled: 'queued',
  in_progress: 'running',
  inprogress: 'running',
  processing: 'running',
  running: 'running',
  started: 'running',
  generating: 'running',
  completed: 'completed',
  complete: 'completed',
  succeeded: 'completed',
  success: 'completed',
  successful: 'completed',
  done: 'completed',
  finished: 'completed',
  failed: 'failed',
  failure: 'failed',
  fail: 'failed',
  error: 'failed',
  errored: 'failed',
  cancelled: 'failed',
  canceled: 'failed',
  rejected: 'failed',
  expired: 'failed',
  timeout: 'failed',
  unknown: 'unknown',
};

/** Maps any status vocabulary (`in_progress`, `IN_PROGRESS`, `SUCCESS`, `succeeded`, ...) to a state. */
export function mapTaskStatus(raw: string | undefined): TaskState {
  if (raw === undefined) return 'unknown';
  const key = raw
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return STATE_BY_STATUS[key] ?? 'unknown';
}

/** 0-100 from an integer, a float or a string such as "65%"; anything else gives undefined. */
export function parseProgress(raw: unknown): number | undefined {
  let value: number | undefined;
  if (typeof raw === 'number') value = raw;
  else if (typeof raw === 'string') {
    const match = /^\s*(-?\d+(?:\.\d+)?)\s*%?\s*$/.exec(raw);
    value = match?.[1] === undefined ? undefined : Number(match[1]);
  }
  if (value === undefined || !Number.isFinite(value)) return undefined;
  return Math.min(100, Math.max(0, Math.round(value)));
}

/** Unix seconds from seconds, milliseconds, numeric strings or ISO dates; 0 and junk give undefined. */
export function parseTimestamp(raw: unknown): number | undefined {
  let value: number | undefined;
  if (typeof raw === 'number') value = raw;
  else if (typeof raw === 'string' && raw.trim() !== '') {
    const text = raw.trim();
    value = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Date.parse(text) / 1000;
  }
  if (value === undefined || !Number.isFinite(value) || value <= 0) return undefined;
  // Millisecond timestamps are 1000x larger than any plausible second timestamp.
  return Math.floor(value > 1e11 ? value / 1000 : value);
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

const URL_KEYS = ['url', 'video_url', 'result_url', 'image_url'] as const;

function urlsOfItem(item: unknown): string[] {
  if (typeof item === 'string') {
    const url = nonEmpty(item);
    return url === undefined ? [] : [url];
  }
  if (!isRecord(item)) return [];
  return URL_KEYS.flatMap((key) => {
    const url = nonEmpty(item[key]);
    return url === undefined ? [] : [url];
  });
}

function urlsOfResult(result: unknown): string[] {
  if (Array.isArray(result)) return result.flatMap(urlsOfItem);
  if (!isRecord(result)) return urlsOfItem(result);
  const lists = [result.data, result.urls, result.videos, result.images];
  return [...urlsOfItem(result), ...lists.flatMap((list) => (Array.isArray(list) ? list.flatMap(urlsOfItem) : urlsOfItem(list)))];
}

function b64OfResult(result: unknown): string[] {
  if (!isRecord(result) || !Array.isArray(result.data)) return [];
  return result.data.flatMap((item) => {
    const b64 = isRecord(item) ? nonEmpty(item.b64_json) : undefined;
    return b64 === undefined ? [] : [b64];
  });
}

function charactersOfResult(result: unknown): Character[] {
  const nested = charactersOf(result);
  if (nested.length > 0 || !isRecord(result) || !Array.isArray(result.characters)) return nested;
  return result.characters.flatMap((item) => {
    const parsed = characterSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

const TASK_KEYS = ['status', 'id', 'task_id', 'progress'];

function hasTaskKeys(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && TASK_KEYS.some((key) => key in value);
}

/** A task id as deployments send it: a non-empty string, or a number. */
export function taskIdOf(record: Record<string, unknown>): string | undefined {
  for (const value of [record.id, record.task_id]) {
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    const text = nonEmpty(value);
    if (text !== undefined) return text;
  }
  return undefined;
}

/**
 * The task record inside an answer, whatever the wrapping: the answer itself, or its `data`
 * (the `{code, message, data}` polling record, or a one-item `data` list) when the answer has no
 * status of its own. Undefined when no part of it looks like a task record.
 */
export function findTaskRecord(body: unknown): { record: Record<string, unknown>; wrapperMessage?: string } | undefined {
  if (!isRecord(body)) return undefined;
  const data: unknown = body.data;
  const wrapped: unknown = Array.isArray(data) && data.length === 1 ? (data as unknown[])[0] : data;
  if (body.status === undefined && hasTaskKeys(wrapped) && (taskIdOf(body) === undefined || taskIdOf(wrapped) !== undefined)) {
    return { record: wrapped, wrapperMessage: nonEmpty(body.message) };
  }
  return hasTaskKeys(body) ? { record: body } : undefined;
}

function dedupe(values: string[]): string[] {
  return [...new Set(values)];
}

/**
 * Normalises a task record of any family and endpoint (generation task, wrapped official video
 * record, character task, remix task). Throws `TaskRecordError` only when the body is not a task
 * record at all; an unfamiliar status gives state `unknown`.
 */
export function normalizeTaskRecord(body: unknown, family: TaskFamily): NormalizedTask {
  if (!isRecord(body)) throw new TaskRecordError(`Expected a task record object, got ${body === null ? 'null' : typeof body}`);
  const found = findTaskRecord(body);
  if (!found) {
    const said = nonEmpty(body.message) ?? nonEmpty(body.msg);
    throw new TaskRecordError(`The answer is not a task record (no status or id)${said ? `: ${said}` : ''}`);
  }
  const { record, wrapperMessage } = found;
  const task = generationTaskSchema.parse(record);
  const official = officialVideoDataSchema.parse(record);
  const metadata = task.metadata ?? {};
  const rawStatus = task.status;
  const state = mapTaskStatus(rawStatus);
  const resultUrls = dedupe([
    ...urlsOfResult(task.result),
    ...[task.result_url, task.url, task.video_url].flatMap(urlsOfItem),
    // Some deployments put the address (or a list of them) in `metadata`.
    ...urlsOfResult(metadata),
  ]);
  const errorMessage = nonEmpty(task.error?.message) ?? nonEmpty(task.fail_reason) ?? (state === 'failed' ? wrapperMessage : undefined);
  return {
    family,
    taskId: taskIdOf(record),
    state,
    rawStatus,
    progress: parseProgress(task.progress),
    resultUrls,
    resultB64: b64OfResult(task.result),
    characters: charactersOfResult(task.result),
    resultType: isRecord(task.result) ? nonEmpty(task.result.type)?.toLowerCase() : undefined,
    errorMessage,
    errorCode: task.error?.code,
    createdAt: parseTimestamp(task.created_at) ?? parseTimestamp(official.submit_time),
    completedAt: parseTimestamp(task.completed_at) ?? parseTimestamp(official.finish_time),
    expiresAt: parseTimestamp(task.expires_at),
    model: nonEmpty(task.model),
    clientBusinessId: nonEmpty(task.client_business_id),
  };
}

/** `normalizeTaskRecord` as a result value, for callers that record the failure on the job. */
export function tryNormalizeTaskRecord(body: unknown, family: TaskFamily): { ok: true; task: NormalizedTask } | { ok: false; error: string } {
  try {
    return { ok: true, task: normalizeTaskRecord(body, family) };
  } catch (error) {
    if (error instanceof TaskRecordError) return { ok: false, error: error.message };
    throw error;
  }
}
