import { z } from 'zod';
import { lenient, optNumber, optString } from './lenient';

/** Chat completion (`POST /v1/chat/completions`); clients read `choices[0].message.content`. */
export const chatCompletionSchema = z.looseObject({
  id: optString,
  object: optString,
  created: optNumber,
  model: optString,
  choices: z.array(
    z.looseObject({
      index: optNumber,
      message: lenient(z.looseObject({ role: optString, content: lenient(z.union([z.string(), z.null()])) })),
      finish_reason: lenient(z.union([z.string(), z.null()])),
    }),
  ),
  usage: lenient(z.looseObject({ prompt_tokens: optNumber, completion_tokens: optNumber, total_tokens: optNumber })),
});
export type ChatCompletion = z.infer<typeof chatCompletionSchema>;

/** The text of the first choice, or an empty string. */
export function chatCompletionText(completion: ChatCompletion): string {
  return completion.choices[0]?.message?.content ?? '';
}

const responseOutputItemSchema = z.looseObject({
  type: z.string(),
  role: optString,
  content: lenient(z.array(z.looseObject({ type: optString, text: optString }))),
  name: optString,
  arguments: optString,
});

/** Responses object (`POST /v1/responses`). `id` is reusable as `previous_response_id`. */
export const responsesObjectSchema = z.looseObject({
  id: z.string(),
  object: optString,
  status: optString,
  model: optString,
  output: z.array(responseOutputItemSchema).catch([]),
  usage: lenient(
    z.looseObject({
      input_tokens: optNumber,
      output_tokens: optNumber,
      output_tokens_details: lenient(z.looseObject({ reasoning_tokens: optNumber })),
      total_tokens: optNumber,
    }),
  ),
});
export type ResponsesObject = z.infer<typeof responsesObjectSchema>;

/** The concatenated `output_text` of all message items. */
export function responsesOutputText(response: ResponsesObject): string {
  return response.output
    .filter((item) => item.type === 'message')
    .flatMap((item) => item.content ?? [])
    .filter((block) => block.type === 'output_text')
    .map((block) => block.text ?? '')
    .join('');
}

/** Message object (`POST /v1/messages`). */
export const messageObjectSchema = z.looseObject({
  id: optString,
  type: optString,
  role: optString,
  content: z.array(z.looseObject({ type: z.string(), text: optString })),
  model: optString,
  stop_reason: lenient(z.union([z.string(), z.null()])),
  usage: lenient(z.looseObject({ input_tokens: optNumber, output_tokens: optNumber })),
});
export type MessageObject = z.infer<typeof messageObjectSchema>;

/** The concatenated text of all `text` blocks. */
export function messageText(message: MessageObject): string {
  return message.content
    .filter((block) => block.type === 'text')
    .map((block) => block.text ?? '')
    .join('');
}

/** Maximum `max_tokens` per model for `POST /v1/messages`, where the interface gives one. */
export const MESSAGES_MAX_TOKENS: Readonly<Record<string, number>> = {
  'chat-sonnet-4-6': 64_000,
  'chat-opus-4-6': 32_000,
};

/** Models the interface lists as Responses-only (never call them through chat completions). */
export const RESPONSES_ONLY_MODELS: readonly string[] = ['gen-5-pro-official', 'gen-5.3-codex-official'];
