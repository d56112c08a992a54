/**
 * `POST /v1/messages` in the message-streaming convention of the widely used messages clients.
 * Parameter errors use `{"type":"error","error":{type,message}}`; rejections made before the
 * request reaches a model (key, model access, quota, rate limit) use the relay shape.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { SimRoutePlugin } from '../context';
import { composeReply, countInputTokens, countTokens, limitText, tokenPieces } from '../text/reply';
import type { Turn } from '../text/reply';
import { sendSse } from '../text/sse';
import type { SseFrame } from '../text/sse';
import { describeIssue, isJsonObject } from '../text/validation';
import { samplingWarnings, warningHeaderValues } from '../requests/warnings';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

const imageSource = z.discriminatedUnion('type', [
  z.object({ type: z.literal('base64'), media_type: z.enum(IMAGE_TYPES), data: z.string().min(1) }),
  z.object({ type: z.literal('url'), url: z.string().min(1) }),
]);
const block = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('image'), source: imageSource }),
]);
const message = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.union([z.string(), z.array(block).min(1)]),
});
const messagesBody = z.object({
  model: z.string(),
  messages: z.array(message).min(1),
  max_tokens: z.number().int().min(1),
  system: z.union([z.string(), z.array(z.object({ type: z.literal('text'), text: z.string() }))]).optional(),
  stream: z.boolean().optional(),
  temperature: z.number().min(0).max(1).optional(),
  top_p: z.number().min(0).max(1).optional(),
  top_k: z.number().int().min(0).optional(),
  stop_sequences: z.array(z.string()).optional(),
  metadata: z.object({ user_id: z.string().nullish() }).optional(),
});
type MessagesBody = z.infer<typeof messagesBody>;

/** Leading bytes of each accepted image type. */
function detectImageType(bytes: Buffer): string | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'image/webp';
  }
  return undefined;
}

/** The first Base64 image whose bytes do not match its declared type, described; or undefined. */
function imageProblem(body: MessagesBody): string | undefined {
  for (const [index, entry] of body.messages.entries()) {
    if (typeof entry.content === 'string') continue;
    for (const item of entry.content) {
      if (item.type !== 'image' || item.source.type !== 'base64') continue;
      const actual = detectImageType(Buffer.from(item.source.data, 'base64'));
      if (actual !== item.source.media_type) {
        return `messages.${index}.content: image does not match the provided media type ${item.source.media_type}`;
      }
    }
  }
  return undefined;
}

function toTurns(body: MessagesBody): Turn[] {
  const system = typeof body.system === 'string' ? body.system : (body.system ?? []).map((b) => b.text).join(' ');
  const turns: Turn[] = system === '' ? [] : [{ role: 'system', text: system, images: 0 }];
  for (const entry of body.messages) {
    if (typeof entry.content === 'string') {
      turns.push({ role: entry.role, text: entry.content, images: 0 });
      continue;
    }
    const text = entry.content.map((item) => (item.type === 'text' ? item.text : '')).join(' ');
    turns.push({ role: entry.role, text, images: entry.content.filter((item) => item.type === 'image').length });
  }
  return turns;
}

/** Send an error in the messages shape. */
function sendMessagesError(reply: FastifyReply, status: number, message: string, type = 'invalid_request_error'): FastifyReply {
  return reply.code(status).send({ type: 'error', error: { type, message } });
}

const STOP_REASONS = { end: 'end_turn', max_tokens: 'max_tokens', stop_sequence: 'stop_sequence' } as const;

export const messagesRoutes: SimRoutePlugin = (app, ctx) => {
  app.post('/v1/messages', (request, reply) => {
    const key = ctx.authenticate(request, reply, { allowXApiKey: true });
    if (!key) return reply;
    // `provider-version` (or `anthropic-version`) is passed through: any value is accepted.
    const raw: unknown = request.body;
    ctx.textRequests.record('POST /v1/messages', raw, ctx.now());
    if (!isJsonObject(raw)) return sendMessagesError(reply, 400, 'request body must be a JSON object');
    const model = ctx.requireModel(key, raw.model, reply, 'messages');
    if (!model) return reply;
    if (raw.max_tokens === undefined) return sendMessagesError(reply, 400, 'max_tokens: Field required');
    const parsed = messagesBody.safeParse(raw);
    if (!parsed.success) return sendMessagesError(reply, 400, describeIssue(parsed.error).message);
    const body = parsed.data;
    const cap = model.maxOutputTokens;
    if (cap !== undefined && body.max_tokens > cap) {
      return sendMessagesError(reply, 400, `max_tokens: ${body.max_tokens} > ${cap}, which is the maximum allowed number of output tokens for ${model.id}`);
    }
    const problem = imageProblem(body);
    if (problem !== undefined) return sendMessagesError(reply, 400, problem);
    if (!ctx.charge(key, model.id, reply)) return reply;
    const warnings = samplingWarnings(body);
    if (warnings.length > 0) void reply.header('warning', warningHeaderValues(warnings));

    const turns = toTurns(body);
    const result = limitText(composeReply(turns), body.max_tokens, body.stop_sequences ?? []);
    const inputTokens = countInputTokens(turns);
    const outputTokens = countTokens(result.text);
    const id = ctx.newId('msg_');
    const stopReason = STOP_REASONS[result.cause];
    if (body.stream !== true) {
      return {
        id,
        type: 'message',
        role: 'assistant',
        model: model.id,
        content: [{ type: 'text', text: result.text }],
        stop_reason: stopReason,
        stop_sequence: result.stopSequence,
        usage: { input_tokens: inputTokens, output_tokens: outputTokens },
      };
    }
    const event = (type: string, payload: object = {}): SseFrame => ({ event: type, data: { type, ...payload } });
    const frames: SseFrame[] = [
      event('message_start', {
        message: {
          id,
          type: 'message',
          role: 'assistant',
          model: model.id,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: inputTokens, output_tokens: 1 },
        },
      }),
      event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
      event('ping'),
      ...tokenPieces(result.text).map((piece) => event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: piece } })),
      event('content_block_stop', { index: 0 }),
      event('message_delta', {
        delta: { stop_reason: stopReason, stop_sequence: result.stopSequence },
        usage: { output_tokens: outputTokens },
      }),
      event('message_stop'),
    ];
    return sendSse(reply, frames, ctx.options.timing.textChunk);
  });
};
