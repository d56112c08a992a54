/**
 * Streaming text answers of the three styles as async iterables of parsed events. Each event
 * carries the text it adds, so a caller can simply concatenate `textDelta`. A stream that ends
 * before its closing event is a `truncated` GatewayError; an error event is a GatewayError too.
 * A deployment that answers a `stream: true` request with one complete JSON answer (a
 * `chat.completion`, `message` or `response` object) is read as that answer: one event with the
 * whole text.
 */
import { parseGatewayErrorBody } from '../../../shared/gateway/errors';
import { ERROR_CASE_RETRY_LATER } from '../../../shared/gateway/error-cases';
import { isRecord } from '../../../shared/gateway/lenient';
import { GatewayError } from './gateway-error';
import type { GatewayHttp, GatewayRequest, StreamAnswer } from './http';
import { malformedAnswer } from './normalise-error';
import { serverSentEvents } from './sse';

/** One parsed event of a text stream. */
export interface TextStreamEvent {
  /** SSE event name, else the `type` of the data; `chunk` for chat-completion chunks. */
  type: string;
  data: Record<string, unknown>;
  /** Text this event adds to the answer ('' for events that add none). */
  textDelta: string;
}

/** How one style reads its events. */
interface StreamDialect {
  /** Text added by an event. */
  textOf(type: string, data: Record<string, unknown>): string;
  /** True when this event closes the stream normally. */
  isEnd(type: string, data: Record<string, unknown>): boolean;
  /** The failure an event reports, if it is an error event. */
  errorOf(type: string, data: Record<string, unknown>): unknown;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function field(record: unknown, name: string): unknown {
  return isRecord(record) ? record[name] : undefined;
}

export const chatDialect: StreamDialect = {
  textOf: (_type, data) => {
    const choices = data.choices;
    return Array.isArray(choices) ? str(field(field(choices[0], 'delta'), 'content')) : '';
  },
  // `[DONE]` is handled before parsing; some deployments only send a finish_reason.
  isEnd: (_type, data) => {
    const choices = data.choices;
    const reason = Array.isArray(choices) ? field(choices[0], 'finish_reason') : undefined;
    return typeof reason === 'string' && reason !== '';
  },
  errorOf: (_type, data) => (data.error === undefined ? undefined : data),
};

export const responsesDialect: StreamDialect = {
  textOf: (type, data) => (type === 'response.output_text.delta' ? str(data.delta) : ''),
  isEnd: (type) => type === 'response.completed' || type === 'response.incomplete',
  errorOf: (type, data) => {
    if (type === 'error') return data.error === undefined ? { error: data } : data;
    if (type === 'response.failed') {
      const error = field(data.response, 'error');
      return { error: isRecord(error) ? error : { message: 'the response failed' } };
    }
    return undefined;
  },
};

export const messagesDialect: StreamDialect = {
  textOf: (type, data) => {
    const delta = data.delta;
    return type === 'content_block_delta' && field(delta, 'type') === 'text_delta' ? str(field(delta, 'text')) : '';
  },
  isEnd: (type) => type === 'message_stop',
  errorOf: (type, data) => (type === 'error' ? data : undefined),
};

/** An error event inside a 200 stream. */
function streamError(req: GatewayRequest, body: unknown): GatewayError {
  const parsed = parseGatewayErrorBody(500, body);
  const knownCase = parsed.knownCase === 'server_error' ? undefined : parsed.knownCase;
  return new GatewayError({
    kind: 'http',
    method: req.method,
    path: req.path,
    status: 200,
    gatewayMessage: parsed.message,
    code: parsed.code,
    type: parsed.type,
    shape: parsed.shape,
    knownCase,
    summary: knownCase ? undefined : 'The gateway reported an error in the middle of the answer.',
    retryable: knownCase ? ERROR_CASE_RETRY_LATER[knownCase] : true,
    mayHaveReachedServer: true,
    outcomeUnknown: false,
  });
}

function truncated(req: GatewayRequest): GatewayError {
  return new GatewayError({
    kind: 'truncated',
    method: req.method,
    path: req.path,
    status: 200,
    gatewayMessage: 'the stream ended before its closing event',
    retryable: true,
    mayHaveReachedServer: true,
    outcomeUnknown: true,
  });
}

/** Largest complete JSON answer read in place of a stream. */
const MAX_COMPLETE_ANSWER_BYTES = 8 * 1024 * 1024;

/** The text of a complete answer of any of the three styles (chat completion, message, response); undefined for none of them. */
function completeAnswerText(data: Record<string, unknown>): string | undefined {
  const texts = (parts: unknown, pick: (part: unknown) => string): string => (Array.isArray(parts) ? parts.map(pick).join('') : '');
  if (Array.isArray(data.choices)) return str(field(field(data.choices[0], 'message'), 'content'));
  if (data.type === 'message' && Array.isArray(data.content))
    return texts(data.content, (block) => (field(block, 'type') === 'text' ? str(field(block, 'text')) : ''));
  if (data.object === 'response' || Array.isArray(data.output)) {
    if (typeof data.output_text === 'string') return data.output_text;
    return texts(data.output, (item) => texts(field(item, 'content'), (part) => (field(part, 'type') === 'output_text' ? str(field(part, 'text')) : '')));
  }
  return undefined;
}

/** A whole JSON answer where a stream was asked for: read as the reply, one event with all its text. */
async function completeAnswer(req: GatewayRequest, answer: StreamAnswer): Promise<TextStreamEvent> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of answer.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_COMPLETE_ANSWER_BYTES) throw malformedAnswer({ method: req.method, path: req.path, secrets: [] }, answer.status, 'the answer is too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  let data: unknown;
  try {
    data = JSON.parse(text) as unknown;
  } catch (error) {
    throw malformedAnswer(
      { method: req.method, path: req.path, secrets: [] },
      answer.status,
      `the answer is neither a stream nor JSON: ${text.slice(0, 80)}`,
      error,
    );
  }
  if (isRecord(data) && data.error !== undefined) throw streamError(req, data);
  const reply = isRecord(data) ? completeAnswerText(data) : undefined;
  if (!isRecord(data) || reply === undefined)
    throw malformedAnswer({ method: req.method, path: req.path, secrets: [] }, answer.status, 'the JSON answer holds no reply');
  return { type: 'complete', data, textDelta: reply };
}

function isJsonAnswer(answer: StreamAnswer): boolean {
  const type: string | undefined = answer.headers['content-type'];
  const value = (type ?? '').toLowerCase();
  return value.includes('json') && !value.includes('event-stream');
}

/**
 * Sends a streaming request and yields its events. Text generations cost money, so the request
 * is retried only when it provably never left this machine.
 */
export async function* streamText(http: GatewayHttp, req: GatewayRequest, dialect: StreamDialect): AsyncGenerator<TextStreamEvent> {
  const answer = await http.openStream({ ...req, headers: { ...req.headers, accept: 'text/event-stream' } });
  if (isJsonAnswer(answer)) {
    yield await completeAnswer(req, answer);
    return;
  }
  let ended = false;
  for await (const event of serverSentEvents(answer, req)) {
    if (event.data.trim() === '[DONE]') {
      ended = true;
      break;
    }
    if (event.data.trim() === '') continue;
    let data: unknown;
    try {
      data = JSON.parse(event.data) as unknown;
    } catch (error) {
      throw malformedAnswer({ method: req.method, path: req.path, secrets: [] }, answer.status, `event is not JSON: ${event.data.slice(0, 80)}`, error);
    }
    if (!isRecord(data)) continue;
    const type = event.event ?? (typeof data.type === 'string' ? data.type : 'chunk');
    const failure = dialect.errorOf(type, data);
    if (failure !== undefined) throw streamError(req, failure);
    if (type === 'ping') continue;
    yield { type, data, textDelta: dialect.textOf(type, data) };
    if (dialect.isEnd(type, data)) ended = true;
    // Messages and responses close with a known event; chat may still send usage and [DONE].
    if (ended && dialect !== chatDialect) break;
  }
  if (!ended) throw truncated(req);
}

/** Concatenates the text of a stream. */
export async function collectText(events: AsyncIterable<TextStreamEvent>): Promise<string> {
  let text = '';
  for await (const event of events) text += event.textDelta;
  return text;
}
