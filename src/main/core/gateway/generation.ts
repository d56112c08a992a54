/**
 * Submission of every image and video variant of the catalog (generation, remix, character
 * creation). The request is built and validated from the variant's entry before anything is
 * sent; a limit violation throws InvalidRequestError and sends nothing. Submissions cost money,
 * so they are retried only when they provably never left this machine.
 */
import {
  checkRequest,
  checkWireRequest,
  requestPath,
  taskPollFor,
  type FormValues,
  type PollSpec,
  type RequestCheck,
  type RequestNotice,
  type VariantEntry,
  type WireBody,
  type WireRequest,
} from '../../../shared/catalog';
import { classifyGenerationAnswer, type GenerationStyle } from '../../../shared/gateway/generation-answer';
import { directImages, type ImageEditSummary } from '../../../shared/gateway/images';
import type { NormalizedTask } from '../../../shared/gateway/task-record';
import type { GatewayHttp, GatewayRequest, JsonAnswer } from './http';
import { InvalidRequestError, issuesOf } from './invalid-request';
import { malformedAnswer } from './normalise-error';
import { taskFromAnswer } from './tasks';
import type { CallOptions } from './text';

/** A request built and checked locally, ready to be recorded and sent. */
export interface PreparedRequest {
  variantId: string;
  method: 'POST';
  /** The endpoint path, its parameters filled in. */
  path: string;
  body: WireBody;
  entry: VariantEntry;
  /** Things the user should know that do not block the request (ignored options, ...). */
  warnings: RequestNotice[];
}

/** The checked request, or InvalidRequestError naming every problem. */
function preparedOf(entry: VariantEntry, checked: RequestCheck): PreparedRequest {
  if (checked.request === undefined) throw new InvalidRequestError(entry.id, issuesOf(checked.problems));
  const { body } = checked.request;
  return { variantId: entry.id, method: entry.method, path: requestPath(entry, checked.request), body, entry, warnings: checked.notices };
}

interface DirectImage {
  b64?: string | undefined;
  url?: string | undefined;
  revisedPrompt?: string | undefined;
}

/**
 * What a submission gave back, in the style the answer had (which may not be the one the
 * variant usually gets: the gateway picks the channel). `expected` is the variant's usual style.
 */
export type SubmitResult = { expected: GenerationStyle | 'detect' } & (
  | {
      style: 'direct';
      images: DirectImage[];
      model: string | undefined;
      created: number | undefined;
      /** An excerpt of the answer when it carried no image (a paid answer with nothing to store). */
      rawAnswer: string | undefined;
    }
  | { style: 'summary'; summary: ImageEditSummary }
  | {
      style: 'task';
      task: NormalizedTask & { taskId: string };
      /** Where to poll it: the route of the family that answered. */
      pollPath: string;
      /** That route's family, record shape and deadline. */
      poll: PollSpec;
    }
);

export interface SubmitOptions extends CallOptions {
  /** Header timeout of this submission; image variants default to the interface's advised 180 s. */
  headersTimeoutMs?: number;
  /** Largest answer read (`directAnswerCap`); a larger one fails as `too_large` before it fills memory. */
  maxAnswerBytes?: number;
}

/** Any generation answer may be a direct one carrying whole images as Base64. */
const DIRECT_RESULT_MAX_BYTES = 200 * 1024 * 1024;
/** Room in a direct answer besides its images: ids, revised prompts, usage. */
const ANSWER_ENVELOPE_BYTES = 1024 * 1024;

/**
 * How many images at the image cap a direct answer may weigh, whatever `n` asks: images at the
 * cap are rare, ten of them would be more text than a string can hold, and the answer is read
 * whole before it is parsed.
 */
const DIRECT_ANSWER_IMAGES = 2;

/**
 * The largest answer a request is read up to: its images as Base64 (four characters carry three
 * bytes), `n` of them (1 unless the body says more) at most `maxImageBytes` each but no more than
 * `DIRECT_ANSWER_IMAGES` of them together, plus the envelope. Past it the answer is too large.
 */
export function directAnswerCap(maxImageBytes: number, body: { n?: unknown }): number {
  const n = typeof body.n === 'number' && Number.isInteger(body.n) && body.n > 1 ? body.n : 1;
  return Math.ceil((maxImageBytes * Math.min(n, DIRECT_ANSWER_IMAGES) * 4) / 3) + ANSWER_ENVELOPE_BYTES;
}
/** "4K with quality high up to 130 seconds (client timeout of at least 180 seconds advised)". */
const DIRECT_HEADERS_TIMEOUT_MS = 180_000;

export class GenerationApi {
  constructor(private readonly http: GatewayHttp) {}

  /** Builds the request of a variant from form values and checks every limit; throws InvalidRequestError. */
  prepare(entry: VariantEntry, values: FormValues): PreparedRequest {
    return preparedOf(entry, checkRequest(entry, values));
  }

  /** Checks a request built elsewhere (a stored job, the CLI) against the variant; throws InvalidRequestError. */
  prepareRequest(entry: VariantEntry, request: WireRequest): PreparedRequest {
    return preparedOf(entry, checkWireRequest(entry, request));
  }

  /** `prepareRequest` for a variant without path parameters. */
  prepareBody(entry: VariantEntry, body: WireBody): PreparedRequest {
    return this.prepareRequest(entry, { pathParams: {}, body });
  }

  /** Prepares and sends in one step. */
  async submit(entry: VariantEntry, values: FormValues, options: SubmitOptions = {}): Promise<SubmitResult> {
    return this.send(this.prepare(entry, values), options);
  }

  /**
   * Sends a prepared request once (never retried once it may have reached the gateway) and reads
   * the answer by its own shape. A 200 that is none of the three styles is a `malformed`
   * GatewayError carrying an excerpt of the answer.
   */
  async send(prepared: PreparedRequest, options: SubmitOptions = {}): Promise<SubmitResult> {
    const { entry } = prepared;
    // An image request may be served by a direct channel whatever the variant usually gets.
    const headersMs = options.headersTimeoutMs ?? (entry.kind === 'image' ? DIRECT_HEADERS_TIMEOUT_MS : undefined);
    const req: GatewayRequest = {
      method: prepared.method,
      path: prepared.path,
      json: prepared.body,
      retry: 'unsent-only',
      signal: options.signal,
      maxBytes: options.maxAnswerBytes ?? DIRECT_RESULT_MAX_BYTES,
      ...(headersMs === undefined ? {} : { timeouts: { headersMs } }),
    };
    return this.readResult(entry, req, await this.http.requestJson(req));
  }

  private readResult(entry: VariantEntry, req: GatewayRequest, answer: JsonAnswer): SubmitResult {
    const expected = entry.response;
    const read = classifyGenerationAnswer(answer.body);
    switch (read.style) {
      case 'direct': {
        const images = directImages(read.result);
        const rawAnswer = images.length === 0 ? this.http.excerpt(answer.body) : undefined;
        return { expected, style: 'direct', images, model: read.result.model, created: read.result.created, rawAnswer };
      }
      case 'summary':
        return { expected, style: 'summary', summary: read.summary };
      case 'task': {
        const poll = taskPollFor(entry);
        const task = taskFromAnswer(req, answer.status, answer.body, poll.cadence);
        const pollPath = poll.pathTemplate.replace('{task_id}', encodeURIComponent(read.taskId));
        return { expected, style: 'task', task: { ...task, taskId: read.taskId }, pollPath, poll };
      }
      case 'unreadable':
        throw malformedAnswer(
          { method: req.method, path: req.path, secrets: [] },
          answer.status,
          'the answer is neither images, an edit summary nor a task record',
          undefined,
          this.http.excerpt(answer.body),
        );
    }
  }
}
