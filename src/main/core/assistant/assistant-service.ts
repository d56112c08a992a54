/**
 * The prompt assistant: streamed replies of the gateway's text models in a kept conversation.
 * A reply's request is built and checked first (a refused body sends nothing), its turns are
 * written, and its text is streamed to the window as events carrying the request's id. Text
 * requests are charged, so a reply is never sent again: a stream that breaks keeps what arrived
 * and says why.
 */
import { randomUUID } from 'node:crypto';
import { variantById } from '../../../shared/catalog';
import type { z } from 'zod';
import type { AssistantMessage, AssistantModel, ConversationSummary, startReplyInputSchema, StudioError, TextStyle } from '../../../shared/contract';
import type { EventBus } from '../events/event-bus';
import type { GatewayClient } from '../gateway/client';
import { GatewayError } from '../gateway/gateway-error';
import type { GatewayService } from '../gateway/gateway-service';
import { toStudioFailure, withGatewayFailures } from '../gateway/routes/failures';
import type { ChatRequest, MessagesRequest, ResponsesRequest } from '../gateway/text-requests';
import type { TextStreamEvent } from '../gateway/text-streams';
import type { LibraryDatabase } from '../library';
import { createLogger } from '../log';
import { StudioFailure } from '../router/failure';
import { addMessage, createConversation, endReply, failInterruptedReplies, getConversation, listMessages, saveReplyText, titleFrom } from './conversations';
import { bytesOf, prepareImage } from './image-input';
import { ReplyText } from './reply-text';
import { systemInstruction } from './instructions';
import { historyTurns, replyBody, withNewTurn, type PreparedImage } from './reply-request';
import { autoStyleOf, stylesOf } from './text-style';

const log = createLogger('assistant');

/** What an artist's message says when it only carries an image to describe. */
const DESCRIBE_TEXT = 'Describe this image as a prompt.';
/** How often a streaming reply's text so far is written (a crash keeps at most this much less). */
const SAVE_EVERY_MS = 1000;
/** How long the list of text models is reused between replies. */
const MODELS_FRESH_MS = 60_000;

export interface AssistantServiceDeps {
  db: LibraryDatabase;
  gateway: GatewayService;
  bus: EventBus;
  /** The bytes and file name of a library image (its file never leaves main). */
  readAssetImage: (assetId: string) => Promise<{ bytes: Buffer; name: string }>;
}

type StartInput = z.output<typeof startReplyInputSchema>;

export interface StartedReply {
  requestId: string;
  conversation: ConversationSummary;
  userMessage: AssistantMessage;
  reply: AssistantMessage;
}

interface RunningReply {
  abort: AbortController;
  done: Promise<void>;
}

export class AssistantService {
  private readonly running = new Map<string, RunningReply>();
  private models: { client: GatewayClient; at: number; list: AssistantModel[] } | undefined;
  private stopping = false;

  constructor(private readonly deps: AssistantServiceDeps) {}

  /** Replies cut by the last stop or a crash are closed as failed, keeping their text. */
  start(): void {
    const cut = failInterruptedReplies(this.deps.db, StudioFailure.of('assistant_reply_interrupted').toError());
    if (cut > 0) log.info(`${cut} replies were cut by the last stop; kept as failed`);
  }

  /** The gateway's text models, each with the style it is called in. */
  async listModels(): Promise<{ models: AssistantModel[]; demoMode: boolean }> {
    return withGatewayFailures(async () => {
      const { client, demoMode } = await this.deps.gateway.active();
      return { models: await this.readModels(client), demoMode };
    });
  }

  async setModelStyle(modelId: string, style: TextStyle | null): Promise<AssistantModel> {
    const { models } = await this.listModels();
    const model = models.find((candidate) => candidate.id === modelId);
    if (!model) throw StudioFailure.of('assistant_model_unknown', { model: modelId });
    if (style !== null && !model.styles.includes(style)) {
      throw StudioFailure.of('assistant_style_refused', { model: modelId, style, styles: model.styles.join(', ') });
    }
    if (style === null) this.deps.db.prepare('DELETE FROM text_model_styles WHERE model = ?').run(modelId);
    else
      this.deps.db
        .prepare('INSERT INTO text_model_styles (model, style) VALUES (?, ?) ON CONFLICT (model) DO UPDATE SET style = excluded.style')
        .run(modelId, style);
    this.models = undefined;
    return { ...model, style: style ?? model.autoStyle, overridden: style !== null };
  }

  /** Starts a reply; its text follows as events. Answers once the request is under way. */
  async startReply(request: StartInput): Promise<StartedReply> {
    const { db } = this.deps;
    const previous = request.conversationId ? getConversation(db, request.conversationId) : undefined;
    if (request.conversationId && !previous) throw StudioFailure.of('conversation_not_found');
    const { client } = await withGatewayFailures(() => this.deps.gateway.active());
    const models = await withGatewayFailures(() => this.readModels(client, true));
    const model = models.find((candidate) => candidate.id === request.model);
    if (!model) throw StudioFailure.of(models.length === 0 ? 'assistant_no_models' : 'assistant_model_unknown', { model: request.model });

    const image = await this.imageOf(request);
    const text = request.text.trim() === '' && request.action === 'describe' ? DESCRIBE_TEXT : request.text;
    const variant = request.variantId === undefined ? undefined : variantById(request.variantId);
    const system = systemInstruction({ action: request.action, variant, count: request.count, targetLanguage: request.targetLanguage });
    const history = previous ? historyTurns(listMessages(db, previous.id)) : [];
    const body = replyBody(model.style, model.id, system, withNewTurn(history, { role: 'user', text, image }));
    const abort = new AbortController();
    // Built before anything is written: a body the client refuses is answered at once, nothing sent.
    let events: AsyncGenerator<TextStreamEvent>;
    try {
      events = this.stream(client, model.style, body, abort.signal);
    } catch (error) {
      throw toStudioFailure(error);
    }

    const conversation = previous ?? createConversation(db, titleFrom(request.text.trim() || (image?.name ?? DESCRIBE_TEXT)));
    const common = { conversationId: conversation.id, action: request.action, model: model.id, style: model.style, variantId: variant?.id ?? null };
    const userMessage = addMessage(db, {
      ...common,
      role: 'user',
      text: request.text,
      status: 'done',
      image: image ? { name: image.name, mime: image.mime } : null,
    });
    const reply = addMessage(db, { ...common, role: 'assistant', text: '', status: 'streaming' });
    const requestId = randomUUID();
    const done = this.follow(requestId, reply, events, abort, new ReplyText(client.http.streamRedactor())).catch((error: unknown) => {
      this.running.delete(requestId);
      log.error(`reply ${reply.id} could not be recorded`, error);
    });
    this.running.set(requestId, { abort, done });
    return { requestId, conversation: getConversation(db, conversation.id) ?? conversation, userMessage, reply };
  }

  /** Stops a reply; false when it had already ended. */
  cancel(requestId: string): boolean {
    const reply = this.running.get(requestId);
    if (!reply) return false;
    reply.abort.abort();
    return true;
  }

  /** Stops every reply (each keeps what arrived) and waits until they are written. */
  async stop(): Promise<void> {
    this.stopping = true;
    const replies = [...this.running.values()];
    for (const reply of replies) reply.abort.abort();
    await Promise.all(replies.map((reply) => reply.done));
  }

  private stream(
    client: GatewayClient,
    style: TextStyle,
    body: ChatRequest | ResponsesRequest | MessagesRequest,
    signal: AbortSignal,
  ): AsyncGenerator<TextStreamEvent> {
    if (style === 'messages') return client.text.streamMessages(body as MessagesRequest, { signal });
    if (style === 'responses') return client.text.streamResponses(body as ResponsesRequest, { signal });
    return client.text.streamChat(body as ChatRequest, { signal });
  }

  private async follow(
    requestId: string,
    reply: AssistantMessage,
    events: AsyncGenerator<TextStreamEvent>,
    abort: AbortController,
    replyText: ReplyText,
  ): Promise<void> {
    const { db, bus } = this.deps;
    const send = (text: string): void => {
      if (text !== '') bus.emit('assistant.reply_delta', { requestId, conversationId: reply.conversationId, messageId: reply.id, text });
    };
    /** Everything that arrived, redacted, the held-back end included. */
    const kept = (): string => {
      send(replyText.finish());
      return replyText.text;
    };
    let savedAt = Date.now();
    let ended: AssistantMessage;
    try {
      for await (const event of events) {
        if (event.textDelta === '') continue;
        send(replyText.add(event.textDelta));
        if (Date.now() - savedAt >= SAVE_EVERY_MS) {
          saveReplyText(db, reply.id, replyText.text);
          savedAt = Date.now();
        }
      }
      ended = endReply(db, reply.id, { text: kept(), status: 'done' });
    } catch (error) {
      const text = kept();
      if (abort.signal.aborted && this.stopping) {
        ended = endReply(db, reply.id, { text, status: 'failed', error: StudioFailure.of('assistant_reply_interrupted').toError() });
      } else if (abort.signal.aborted) {
        ended = endReply(db, reply.id, { text, status: 'canceled' });
      } else {
        ended = endReply(db, reply.id, { text, status: 'failed', error: replyError(error, text) });
      }
    }
    // Ended before it is told: a stop asked for after this event finds nothing to stop.
    this.running.delete(requestId);
    bus.emit('assistant.reply_ended', { requestId, message: ended });
  }

  private async imageOf(request: StartInput): Promise<PreparedImage | undefined> {
    if (request.action !== 'describe') return undefined;
    if (request.imageBytes !== undefined) return prepareImage(bytesOf(request.imageBytes), request.imageName ?? 'image');
    if (request.imageAssetId !== undefined) {
      const { bytes, name } = await this.deps.readAssetImage(request.imageAssetId);
      return prepareImage(bytes, name);
    }
    return undefined;
  }

  private async readModels(client: GatewayClient, reuse = false): Promise<AssistantModel[]> {
    const cached = this.models;
    if (reuse && cached?.client === client && Date.now() - cached.at < MODELS_FRESH_MS) return cached.list;
    const entries = await client.models.list('text');
    const overrides = new Map(
      this.deps.db
        .prepare<[], { model: string; style: TextStyle }>('SELECT model, style FROM text_model_styles')
        .all()
        .map((row) => [row.model, row.style]),
    );
    const list = entries.map((entry): AssistantModel => {
      const facts = { id: entry.id, endpointTypes: entry.supported_endpoint_types ?? [] };
      const styles = stylesOf(facts);
      const autoStyle = autoStyleOf(facts);
      const chosen = overrides.get(entry.id);
      const overridden = chosen !== undefined && styles.includes(chosen);
      return {
        id: entry.id,
        ownedBy: entry.owned_by ?? null,
        endpointTypes: facts.endpointTypes,
        autoStyle,
        style: overridden ? chosen : autoStyle,
        overridden,
        styles,
      };
    });
    this.models = { client, at: Date.now(), list };
    return list;
  }
}

/**
 * Why a reply failed, as the window words it: the gateway's refusal as any gateway failure, and a
 * stream that broke after text arrived (or ended without its closing event) as a broken reply.
 */
function replyError(error: unknown, textSoFar: string): StudioError {
  if (error instanceof StudioFailure) return error.toError();
  const failure = toStudioFailure(error);
  if (!(failure instanceof StudioFailure)) {
    log.error('a reply failed', error);
    return StudioFailure.of('internal').toError();
  }
  const broken = error instanceof GatewayError && (textSoFar !== '' || error.kind === 'truncated' || error.status === 200);
  if (!broken) return failure.toError();
  return StudioFailure.of('assistant_reply_broken', failure.params ?? {}, { gatewayMessage: failure.gatewayMessage }).toError();
}
