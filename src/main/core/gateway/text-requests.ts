/**
 * Request bodies of the three text styles, with the limits the interface gives. Unknown extra
 * fields pass through untouched (the wire formats follow widely used client libraries).
 */
import { z } from 'zod';
import { MESSAGES_MAX_TOKENS } from '../../../shared/gateway/text';

const modelId = z.string().trim().min(1, 'model: required');

/**
 * Body of `POST /v1/chat/completions`. Whether the model is Responses-only is read from the
 * model list (`supported_endpoint_types`) by the caller, not decided by its name here.
 */
export const chatRequestSchema = z
  .looseObject({
    model: modelId,
    messages: z.array(z.looseObject({ role: z.string().min(1), content: z.unknown() })).min(1, 'messages: at least one message'),
  })
  .refine((body) => !('stream' in body), { message: 'stream: use the streaming call instead of setting stream' });
export type ChatRequest = z.input<typeof chatRequestSchema>;

const responsesTool = z
  .looseObject({
    type: z.enum(['function', 'web_search_preview']),
    name: z.string().min(1).optional(),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((tool) => tool.type !== 'function' || tool.name !== undefined, {
    message: 'tools: a function tool needs a name',
  });

/** Body of `POST /v1/responses`. */
export const responsesRequestSchema = z
  .looseObject({
    model: modelId,
    input: z.union([
      z.string().min(1, 'input: must not be empty'),
      z.array(z.looseObject({ role: z.enum(['user', 'assistant', 'developer']), content: z.unknown() })).min(1, 'input: at least one message'),
    ]),
    instructions: z.string().optional(),
    // No lower bound in the interface; a budget is still a positive whole number.
    max_output_tokens: z.number().int('max_output_tokens: a whole number').min(1, 'max_output_tokens: at least 1').optional(),
    temperature: z.number().min(0, 'temperature: 0 to 2').max(2, 'temperature: 0 to 2').optional(),
    top_p: z.number().min(0, 'top_p: 0 to 1').max(1, 'top_p: 0 to 1').optional(),
    previous_response_id: z.string().min(1).optional(),
    reasoning: z.looseObject({ effort: z.enum(['high', 'medium', 'low', 'none']).optional() }).optional(),
    tools: z.array(responsesTool).optional(),
    tool_choice: z.enum(['auto', 'none', 'required']).optional(),
  })
  .refine((body) => !('stream' in body), { message: 'stream: use the streaming call instead of setting stream' });
export type ResponsesRequest = z.input<typeof responsesRequestSchema>;

const imageSource = z.union([
  z.looseObject({
    type: z.literal('base64'),
    media_type: z.enum(['image/jpeg', 'image/png', 'image/gif', 'image/webp']),
    data: z.string().min(1),
  }),
  z.looseObject({ type: z.literal('url'), url: z.string().min(1) }),
]);

const messageBlock = z.union([
  z.looseObject({ type: z.literal('text'), text: z.string() }),
  z.looseObject({ type: z.literal('image'), source: imageSource }),
  // Other block kinds of the convention (tool results...) are passed through.
  z.looseObject({ type: z.string().refine((type) => type !== 'text' && type !== 'image') }),
]);

/** Body of `POST /v1/messages`. */
export const messagesRequestSchema = z
  .looseObject({
    model: modelId,
    messages: z
      .array(z.looseObject({ role: z.enum(['user', 'assistant']), content: z.union([z.string(), z.array(messageBlock)]) }))
      .min(1, 'messages: at least one message'),
    max_tokens: z.number({ error: 'max_tokens: required' }).int('max_tokens: whole number').positive('max_tokens: at least 1'),
    system: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]).optional(),
    temperature: z.number().min(0, 'temperature: 0 to 1').max(1, 'temperature: 0 to 1').optional(),
    top_p: z.number().min(0, 'top_p: 0 to 1').max(1, 'top_p: 0 to 1').optional(),
    stop_sequences: z.array(z.string()).optional(),
  })
  .superRefine((body, ctx) => {
    const limit = MESSAGES_MAX_TOKENS[body.model];
    if (limit !== undefined && body.max_tokens > limit) {
      ctx.addIssue({ code: 'custom', path: ['max_tokens'], message: `max_tokens: at most ${limit} for ${body.model}` });
    }
    if ('stream' in body) {
      ctx.addIssue({ code: 'custom', path: ['stream'], message: 'stream: use the streaming call instead of setting stream' });
    }
  });
export type MessagesRequest = z.input<typeof messagesRequestSchema>;

/**
 * What a text body does that the interface advises against without forbidding it: `top_p` with
 * `temperature` ("do not change together" for responses, "do not set together" for messages).
 * The request is still sent; the caller is told.
 */
export function textRequestWarnings(body: { temperature?: unknown; top_p?: unknown }): string[] {
  return body.temperature !== undefined && body.top_p !== undefined
    ? ['temperature and top_p are both set; the interface advises changing only one of them']
    : [];
}

/** Default and recommended `provider-version` of `/v1/messages`. */
export const PROVIDER_VERSION = '2023-06-01';
