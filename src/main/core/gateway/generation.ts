/**
 * Submission of every image and video variant of the catalog (generation, remix, character
 * creation). The request is built and validated from the variant's entry before anything is
 * sent; a limit violation throws InvalidRequestError and sends nothing. Submissions cost money,
 * so they are retried only when they provably never left this machine.
 */
import {
  pollPath,
  validateRequest,
  validateRequestBody,
  type BuiltRequest,
  type FormValues,
  type RequestWarning,
  type VariantEntry,
  type WireBody,
} from '../../../shared/catalog';
import {
  classifyImageResponse,
  directImageResultSchema,
  directImages,
  imageEditSummarySchema,
  type ImageEditSummary,
} from '../../../shared/gateway/images';
import type { NormalizedTask, TaskFamily } from '../../../shared/gateway/task-record';
import { decodeAnswer } from './decode';
import type { GatewayHttp, GatewayRequest, JsonAnswer } from './http';
import { InvalidRequestError } from './invalid-request';
import { malformedAnswer } from './normalise-error';
import { taskFromAnswer } from './tasks';
import type { CallOptions } from './text';

/** A request built and checked locally, ready to be recorded and sent. */
export interface PreparedRequest extends BuiltRequest {
  entry: VariantEntry;
  /** Things the user should know that do not block the request (ignored options, ...). */
  warnings: RequestWarning[];
}

export interface DirectImage {
  b64?: string | undefined;
  url?: string | undefined;
  revisedPrompt?: string | undefined;
}

/** What a submission gave back, by response style. */
export type SubmitResult =
  | { style: 'direct'; images: DirectImage[]; model: string | undefined; created: number | undefined }
  | { style: 'summary'; summary: ImageEditSummary }
  | {
      style: 'task';
      task: NormalizedTask & { taskId: string };
      /** Where to poll it (undefined when the variant has no poll route). */
      pollPath: string | undefined;
    };

export interface SubmitOptions extends CallOptions {
  /** Header timeout of this submission; direct image variants default to the interface's advised 180 s. */
  headersTimeoutMs?: number;
}

/** Direct image answers carry whole images as Base64. */
const DIRECT_RESULT_MAX_BYTES = 200 * 1024 * 1024;
/** "4K with quality high up to 130 seconds (client timeout of at least 180 seconds advised)". */
const DIRECT_HEADERS_TIMEOUT_MS = 180_000;

function familyOf(entry: VariantEntry): TaskFamily {
  return entry.poll?.cadence ?? entry.kind;
}

export class GenerationApi {
  constructor(private readonly http: GatewayHttp) {}

  /** Builds the request of a variant from form values and checks every limit; throws InvalidRequestError. */
  prepare(entry: VariantEntry, values: FormValues): PreparedRequest {
    const checked = validateRequest(entry, values);
    if (!checked.ok) throw new InvalidRequestError(entry.id, checked.issues);
    return { ...checked.request, entry, warnings: checked.warnings };
  }

  /** Checks a wire body built elsewhere (e.g. by the CLI) against the variant; throws InvalidRequestError. */
  prepareBody(entry: VariantEntry, body: WireBody, path: string = entry.path): PreparedRequest {
    if (/\{\w+\}/.test(path)) throw new InvalidRequestError(entry.id, [{ path: '', message: `path parameters missing in ${path}` }]);
    const checked = validateRequestBody(entry, body);
    if (checked.issues.length > 0) throw new InvalidRequestError(entry.id, checked.issues);
    return { variantId: entry.id, method: entry.method, path, body, entry, warnings: checked.warnings };
  }

  /** Prepares and sends in one step. */
  async submit(entry: VariantEntry, values: FormValues, options: SubmitOptions = {}): Promise<SubmitResult> {
    return this.send(this.prepare(entry, values), options);
  }

  /** Sends a prepared request once (never retried once it may have reached the gateway). */
  async send(prepared: PreparedRequest, options: SubmitOptions = {}): Promise<SubmitResult> {
    const { entry } = prepared;
    const direct = entry.response !== 'task';
    const headersMs = options.headersTimeoutMs ?? (direct ? DIRECT_HEADERS_TIMEOUT_MS : undefined);
    const req: GatewayRequest = {
      method: prepared.method,
      path: prepared.path,
      json: prepared.body,
      retry: 'unsent-only',
      signal: options.signal,
      ...(direct ? { maxBytes: DIRECT_RESULT_MAX_BYTES } : {}),
      ...(headersMs === undefined ? {} : { timeouts: { headersMs } }),
    };
    return this.readResult(entry, req, await this.http.requestJson(req));
  }

  private readResult(entry: VariantEntry, req: GatewayRequest, answer: JsonAnswer): SubmitResult {
    const kind = entry.response === 'detect' ? classifyImageResponse(answer.body) : entry.response;
    switch (kind) {
      case 'direct': {
        const result = decodeAnswer(directImageResultSchema, req, answer);
        return { style: 'direct', images: directImages(result), model: result.model, created: result.created };
      }
      case 'summary':
        return { style: 'summary', summary: decodeAnswer(imageEditSummarySchema, req, answer) };
      case 'task': {
        const task = taskFromAnswer(req, answer.status, answer.body, familyOf(entry));
        const taskId = task.taskId;
        if (taskId === undefined) {
          // Accepted, but we cannot tell which task: the job must be reconciled, not resubmitted.
          throw malformedAnswer({ method: req.method, path: req.path, secrets: [] }, answer.status, 'the task answer has no id');
        }
        return { style: 'task', task: { ...task, taskId }, pollPath: pollPath(entry, taskId) };
      }
      default:
        throw malformedAnswer({ method: req.method, path: req.path, secrets: [] }, answer.status, 'neither images nor a task');
    }
  }
}
