/**
 * Polling of asynchronous tasks (images, videos, characters, remix) on every route of the
 * interface, each answer normalised to one task record; and the `GET /v1/videos/{id}/content`
 * fallback for deployments that give no result address.
 */
import { contentPath, pollPath, type VariantEntry } from '../../../shared/catalog';
import { TaskRecordError, normalizeTaskRecord, type NormalizedTask, type TaskFamily } from '../../../shared/gateway/task-record';
import type { GatewayHttp, GatewayRequest, StreamAnswer } from './http';
import { malformedAnswer } from './normalise-error';
import type { CallOptions } from './text';

/** Reads a task answer; a body that is no task record at all becomes a `malformed` GatewayError. */
export function taskFromAnswer(req: GatewayRequest, status: number, body: unknown, family: TaskFamily): NormalizedTask {
  try {
    return normalizeTaskRecord(body, family);
  } catch (error) {
    if (!(error instanceof TaskRecordError)) throw error;
    throw malformedAnswer({ method: req.method, path: req.path, secrets: [] }, status, error.message, error);
  }
}

/** A finished result's bytes, streamed. */
export interface ContentDownload {
  /** MIME type the gateway declared, e.g. `video/mp4`. */
  contentType: string | undefined;
  /** Declared length in bytes, when given. */
  contentLength: number | undefined;
  answer: StreamAnswer;
}

export class TasksApi {
  constructor(private readonly http: GatewayHttp) {}

  /** Polls a task of a catalog variant on the variant's own route. */
  async poll(entry: VariantEntry, taskId: string, options: CallOptions = {}): Promise<NormalizedTask> {
    const path = pollPath(entry, taskId);
    if (path === undefined || entry.poll === undefined) throw new Error(`${entry.id} answers directly; it has no task to poll`);
    return this.pollPath(path, entry.poll.cadence, options);
  }

  /** `GET /v1/images/generations/{task_id}`. */
  pollImage(taskId: string, options: CallOptions = {}): Promise<NormalizedTask> {
    return this.pollPath(`/v1/images/generations/${encodeURIComponent(taskId)}`, 'image', options);
  }

  /** `GET /v1/video/generations/{task_id}` (the wrapped `{code, message, data}` record). */
  pollOfficialVideo(taskId: string, options: CallOptions = {}): Promise<NormalizedTask> {
    return this.pollPath(`/v1/video/generations/${encodeURIComponent(taskId)}`, 'video', options);
  }

  /**
   * `GET /v1/videos/generations/{id}`; `id` may also be an omni task's `client_business_id`,
   * which is how a submission of unknown outcome is reconciled.
   */
  pollVideo(taskIdOrBusinessId: string, options: CallOptions = {}): Promise<NormalizedTask> {
    return this.pollPath(`/v1/videos/generations/${encodeURIComponent(taskIdOrBusinessId)}`, 'video', options);
  }

  /** `GET /v1/videos/{task_id}` (second video family, version 3). */
  pollClipVideo(taskId: string, options: CallOptions = {}): Promise<NormalizedTask> {
    return this.pollPath(`/v1/videos/${encodeURIComponent(taskId)}`, 'video', options);
  }

  /** `GET /v1/characters_tasks/{task_id}`; a finished record carries `characters`. */
  pollCharacter(taskId: string, options: CallOptions = {}): Promise<NormalizedTask> {
    return this.pollPath(`/v1/characters_tasks/${encodeURIComponent(taskId)}`, 'character', options);
  }

  /** Polls any task path; retried like every GET. */
  async pollPath(path: string, family: TaskFamily, options: CallOptions = {}): Promise<NormalizedTask> {
    const req: GatewayRequest = { method: 'GET', path, retry: 'idempotent', signal: options.signal };
    const answer = await this.http.requestJson(req);
    return taskFromAnswer(req, answer.status, answer.body, family);
  }

  /**
   * Opens `GET /v1/videos/{task_id}/content` as a stream: the result bytes of deployments that
   * give no result address. The gateway answers 400 while the task is unfinished. Storing the
   * bytes is the caller's.
   */
  openContent(taskId: string, options: CallOptions = {}): Promise<ContentDownload> {
    return this.openContentPath(`/v1/videos/${encodeURIComponent(taskId)}/content`, options);
  }

  /** The content route of a catalog variant, for a task of that variant. */
  openVariantContent(entry: VariantEntry, taskId: string, options: CallOptions = {}): Promise<ContentDownload> {
    const path = contentPath(entry, taskId);
    if (path === undefined) throw new Error(`${entry.id} has no content route`);
    return this.openContentPath(path, options);
  }

  private async openContentPath(path: string, options: CallOptions): Promise<ContentDownload> {
    const answer = await this.http.openStream({
      method: 'GET',
      path,
      retry: 'idempotent',
      signal: options.signal,
      headers: { accept: '*/*' },
    });
    const length = Number(answer.headers['content-length']);
    const type = answer.headers['content-type'];
    return {
      contentType: typeof type === 'string' ? type : undefined,
      contentLength: Number.isFinite(length) && length >= 0 ? length : undefined,
      answer,
    };
  }
}
