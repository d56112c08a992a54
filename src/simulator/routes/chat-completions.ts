/**
 * `POST /v1/chat/completions` in the wire format of the widely used chat-completions clients,
 * streaming as `chat.completion.chunk` events ending with `data: [DONE]`.
 * Responses-only models are refused with 400 (`model_not_supported`).
 */
import { z } from 'zod';
import type { SimRoutePlugin } from '../context';
import { composeReply, countInputTokens, countTokens, limitText, tokenPieces } from '../text/reply';
import type { Turn } from '../text/reply';
import { sendSse } from '../text/sse';
import type { SseFrame } from '../text/sse';
import { describeIssue, isJsonObject } from '../text/validation';

const contentPart = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('image_url'), image_url: z.object({ url: z.string().min(1) }) }),
]);

const chatMessage = z.object({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  content: z.union([z.string(), z.array(contentPart), z.null()]).optional(),
});

const chatBody = z.object({
  model: z.string(),
  messages: z.array(chatMessage).min(1),
  stream: z.boolean().nullish(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  max_tokens: z.number().int().min(1).nullish(),
  max_completion_tokens: z.number().int().min(1).nullish(),
  stop: z.union([z.string(), z.array(z.string()).max(4)]).nullish(),
  n: z.literal(1).nullish(),
});

type ChatMessage = z.infer<typeof chatMessage>;

function toTurn(message: ChatMessage): Turn {
  const role = message.role === 'developer' ? 'system' : message.role;
  const content = message.content ?? '';
  if (typeof content === 'string') return { role, text: content, images: 0 };
  const text = content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
  return { role, text, images: content.filter((part) => part.type === 'image_url').length };
}

export const chatCompletionRoutes: SimRoutePlugin = (app, ctx) => {
  app.post('/v1/chat/completions', (request, reply) => {
    const key = ctx.authenticate(request, reply);
    if (!key) return reply;
    const raw: unknown = request.body;
    ctx.textRequests.record('POST /v1/chat/completions', raw, ctx.now());
    if (!isJsonObject(raw)) return ctx.sendError(reply, 400, { message: 'request body must be a JSON object' });
    const model = ctx.requireModel(key, raw.model, reply, 'chat_completions');
    if (!model) return reply;
    const parsed = chatBody.safeParse(raw);
    if (!parsed.success) {
      const problem = describeIssue(parsed.error);
      return ctx.sendError(reply, 400, { message: problem.message, param: problem.param, code: 'invalid_parameter' });
    }
    const body = parsed.data;
    if (!ctx.charge(key, model.id, reply)) return reply;

    const turns = body.messages.map(toTurn);
    const stops = body.stop === undefined || body.stop === null ? [] : [body.stop].flat();
    const maxTokens = body.max_completion_tokens ?? body.max_tokens ?? undefined;
    const result = limitText(composeReply(turns), maxTokens, stops);
    const finishReason = result.cause === 'max_tokens' ? 'length' : 'stop';
    const promptTokens = countInputTokens(turns);
    const completionTokens = countTokens(result.text);
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    };
    const id = ctx.newId('chatcmpl-');
    const created = ctx.nowSeconds();

    if (body.stream !== true) {
      return {
        id,
        object: 'chat.completion',
        created,
        model: model.id,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: result.text, refusal: null },
            logprobs: null,
            finish_reason: finishReason,
          },
        ],
        usage,
        system_fingerprint: null,
      };
    }

    const includeUsage = body.stream_options?.include_usage === true;
    const chunk = (delta: object, finish: string | null): SseFrame => ({
      data: {
        id,
        object: 'chat.completion.chunk',
        created,
        model: model.id,
        system_fingerprint: null,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
        ...(includeUsage ? { usage: null } : {}),
      },
    });
    const frames: SseFrame[] = [
      chunk({ role: 'assistant', content: '', refusal: null }, null),
      ...tokenPieces(result.text).map((piece) => chunk({ content: piece }, null)),
      chunk({}, finishReason),
    ];
    if (includeUsage) {
      frames.push({
        data: { id, object: 'chat.completion.chunk', created, model: model.id, system_fingerprint: null, choices: [], usage },
      });
    }
    frames.push({ raw: '[DONE]' });
    return sendSse(reply, frames, ctx.options.timing.textChunk);
  });
};
