/**
 * Text generation in the three request styles: chat completions, responses and messages, each
 * non-streaming (parsed record) and streaming (async iterable of events). Bodies are checked
 * against the interface's limits before sending.
 */
import {
  chatCompletionSchema,
  messageObjectSchema,
  responsesObjectSchema,
  type ChatCompletion,
  type MessageObject,
  type ResponsesObject,
} from '../../../shared/gateway/text';
import { decodeAnswer } from './decode';
import type { GatewayHttp, GatewayRequest } from './http';
import { validateBody } from './invalid-request';
import {
  chatRequestSchema,
  messagesRequestSchema,
  PROVIDER_VERSION,
  responsesRequestSchema,
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

/** Text generation endpoints. Text requests are charged, so they are never retried once sent. */
export class TextApi {
  constructor(private readonly http: GatewayHttp) {}

  /** `POST /v1/chat/completions`; the answer text is `choices[0].message.content`. */
  async chat(body: ChatRequest, options: CallOptions = {}): Promise<ChatCompletion> {
    const req = this.chatRequest(body, options, false);
    return decodeAnswer(chatCompletionSchema, req, await this.http.requestJson(req));
  }

  /** Streaming chat completions (`stream: true`). */
  streamChat(body: ChatRequest, options: CallOptions = {}): AsyncGenerator<TextStreamEvent> {
    return streamText(this.http, this.chatRequest(body, options, true), chatDialect);
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

  private chatRequest(body: ChatRequest, options: CallOptions, stream: boolean): GatewayRequest {
    const valid = validateBody(chatRequestSchema, body, 'POST /v1/chat/completions');
    return this.post('/v1/chat/completions', stream ? { ...valid, stream } : valid, options);
  }

  private responsesRequest(body: ResponsesRequest, options: CallOptions, stream: boolean): GatewayRequest {
    const valid = validateBody(responsesRequestSchema, body, 'POST /v1/responses');
    return this.post('/v1/responses', stream ? { ...valid, stream } : valid, options);
  }

  private messagesRequest(body: MessagesRequest, options: MessagesOptions, stream: boolean): GatewayRequest {
    const valid = validateBody(messagesRequestSchema, body, 'POST /v1/messages');
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
