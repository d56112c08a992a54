/**
 * Text generation in the three request styles: chat completions, responses and messages, each
 * non-streaming (parsed record) and streaming (async iterable of events). Bodies are checked
 * against the interface's limits before sending.
 */
import {
  chatCompletionSchema,
  messageObjectSchema,
  responsesObjectSchema,
  RESPONSES_ONLY_MODELS,
  type ChatCompletion,
  type MessageObject,
  type ResponsesObject,
} from '../../../shared/gateway/text';
import { responsesOnlyModel } from '../../../shared/gateway/models';
import { createLogger } from '../log';
import { decodeAnswer } from './decode';
import type { GatewayHttp, GatewayRequest } from './http';
import { InvalidRequestError, validateBody } from './invalid-request';
import {
  chatRequestSchema,
  messagesRequestSchema,
  PROVIDER_VERSION,
  responsesRequestSchema,
  textRequestWarnings,
  type ChatRequest,
  type MessagesRequest,
  type ResponsesRequest,
} from './text-requests';
import { chatDialect, messagesDialect, responsesDialect, streamText, type TextStreamEvent } from './text-streams';

export interface CallOptions {
  signal?: AbortSignal | undefined;
}

export interface MessagesOptions extends CallOptions {
  /** Present the key as `x-api-key` instead of `Authorization: Bearer` (both are accepted). */
  auth?: 'bearer' | 'x-api-key';
  /** `provider-version` header; default `2023-06-01`. */
  providerVersion?: string;
}

/**
 * The endpoint types the gateway lists for a model (`supported_endpoint_types`), or undefined
 * when the list does not say (model not listed, list unavailable).
 */
export type EndpointTypesOf = (model: string, options: CallOptions) => Promise<readonly string[] | undefined>;

const log = createLogger('gateway');

/** Text generation endpoints. Text requests are charged, so they are never retried once sent. */
export class TextApi {
  constructor(
    private readonly http: GatewayHttp,
    private readonly endpointTypesOf: EndpointTypesOf = () => Promise.resolve(undefined),
  ) {}

  /** `POST /v1/chat/completions`; the answer text is `choices[0].message.content`. Responses-only models are refused. */
  async chat(body: ChatRequest, options: CallOptions = {}): Promise<ChatCompletion> {
    const req = await this.chatRequest(body, options, false);
    return decodeAnswer(chatCompletionSchema, req, await this.http.requestJson(req));
  }

  /** Streaming chat completions (`stream: true`). */
  async *streamChat(body: ChatRequest, options: CallOptions = {}): AsyncGenerator<TextStreamEvent> {
    yield* streamText(this.http, await this.chatRequest(body, options, true), chatDialect);
  }

  /** `POST /v1/responses`. */
  async responses(body: ResponsesRequest, options: CallOptions = {}): Promise<ResponsesObject> {
    const req = this.responsesRequest(body, options, false);
    return decodeAnswer(responsesObjectSchema, req, await this.http.requestJson(req));
  }

  /** Streaming responses; text arrives in `response.output_text.delta` events. */
  streamResponses(body: ResponsesRequest, options: CallOptions = {}): AsyncGenerator<TextStreamEvent> {
    return streamText(this.http, this.responsesRequest(body, options, true), responsesDialect);
  }

  /** `POST /v1/messages`. */
  async messages(body: MessagesRequest, options: MessagesOptions = {}): Promise<MessageObject> {
    const req = this.messagesRequest(body, options, false);
    return decodeAnswer(messageObjectSchema, req, await this.http.requestJson(req));
  }

  /** Streaming messages; text arrives in `content_block_delta` events with a `text_delta`. */
  streamMessages(body: MessagesRequest, options: MessagesOptions = {}): AsyncGenerator<TextStreamEvent> {
    return streamText(this.http, this.messagesRequest(body, options, true), messagesDialect);
  }

  private async chatRequest(body: ChatRequest, options: CallOptions, stream: boolean): Promise<GatewayRequest> {
    const target = 'POST /v1/chat/completions';
    const valid = validateBody(chatRequestSchema, body, target);
    // The model list says which models are Responses-only; the interface's names stand in where it is silent.
    const types = await this.endpointTypesOf(valid.model, options);
    if (responsesOnlyModel(valid.model, types, RESPONSES_ONLY_MODELS)) {
      throw new InvalidRequestError(target, [{ path: 'model', message: 'model: this model is Responses-only; call it through POST /v1/responses' }]);
    }
    return this.post('/v1/chat/completions', stream ? { ...valid, stream } : valid, options);
  }

  private responsesRequest(body: ResponsesRequest, options: CallOptions, stream: boolean): GatewayRequest {
    const target = 'POST /v1/responses';
    const valid = validateBody(responsesRequestSchema, body, target);
    this.warn(target, valid);
    return this.post('/v1/responses', stream ? { ...valid, stream } : valid, options);
  }

  private warn(target: string, body: { temperature?: unknown; top_p?: unknown }): void {
    for (const warning of textRequestWarnings(body)) log.warn(`${target}: ${warning}`);
  }

  private messagesRequest(body: MessagesRequest, options: MessagesOptions, stream: boolean): GatewayRequest {
    const target = 'POST /v1/messages';
    const valid = validateBody(messagesRequestSchema, body, target);
    this.warn(target, valid);
    return {
      ...this.post('/v1/messages', stream ? { ...valid, stream } : valid, options),
      auth: options.auth ?? 'bearer',
      headers: { 'provider-version': options.providerVersion ?? PROVIDER_VERSION },
    };
  }

  private post(path: string, json: unknown, options: CallOptions): GatewayRequest {
    return { method: 'POST', path, json, retry: 'unsent-only', signal: options.signal };
  }
}
