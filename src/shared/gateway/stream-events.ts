import { z } from 'zod';
import { lenient, optNumber, optString } from './lenient';
import { responsesObjectSchema } from './text';

/**
 * Payloads of server-sent events of `/v1/messages` and `/v1/responses` streams (the events
 * themselves are split by an SSE parser in main). Only what the studio reads is typed.
 */

const messagesDeltaSchema = z.looseObject({
  type: z.literal('content_block_delta'),
  index: optNumber,
  delta: z.looseObject({ type: optString, text: optString, partial_json: optString, thinking: optString }),
});

const messagesStopSchema = z.looseObject({
  type: z.literal('message_delta'),
  delta: lenient(z.looseObject({ stop_reason: lenient(z.union([z.string(), z.null()])) })),
  usage: lenient(z.looseObject({ output_tokens: optNumber })),
});

const streamErrorSchema = z.looseObject({
  error: z.looseObject({ message: optString, type: optString }),
});

const responsesDeltaSchema = z.looseObject({ delta: z.string() });
const responsesDoneSchema = z.looseObject({ response: responsesObjectSchema });

/** One stream event, reduced to what a chat view needs. */
export type StreamUpdate =
  | { kind: 'text'; text: string }
  | { kind: 'stop'; stopReason: string | undefined }
  | { kind: 'completed'; responseId: string | undefined }
  | { kind: 'error'; message: string }
  | { kind: 'ignored' };

function parseData(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

/** Reads one `/v1/messages` stream event (`event:` name and `data:` text). */
export function readMessagesEvent(event: string | undefined, data: string): StreamUpdate {
  const payload = parseData(data);
  const name = event ?? (typeof payload === 'object' && payload !== null && 'type' in payload ? String(payload.type) : '');
  if (name === 'content_block_delta') {
    const delta = messagesDeltaSchema.safeParse(payload);
    // Only visible text: tool-input JSON and thinking deltas are not part of the answer.
    if (delta.success && delta.data.delta.type === 'text_delta' && delta.data.delta.text) return { kind: 'text', text: delta.data.delta.text };
    return { kind: 'ignored' };
  }
  if (name === 'message_delta') {
    const stop = messagesStopSchema.safeParse(payload);
    return { kind: 'stop', stopReason: stop.success ? (stop.data.delta?.stop_reason ?? undefined) : undefined };
  }
  if (name === 'error') {
    const error = streamErrorSchema.safeParse(payload);
    return { kind: 'error', message: (error.success ? error.data.error.message : undefined) ?? 'The stream reported an error' };
  }
  return { kind: 'ignored' };
}

/** Reads one `/v1/responses` stream event. */
export function readResponsesEvent(event: string | undefined, data: string): StreamUpdate {
  const payload = parseData(data);
  const name = event ?? (typeof payload === 'object' && payload !== null && 'type' in payload ? String(payload.type) : '');
  if (name === 'response.output_text.delta') {
    const delta = responsesDeltaSchema.safeParse(payload);
    return delta.success && delta.data.delta !== '' ? { kind: 'text', text: delta.data.delta } : { kind: 'ignored' };
  }
  if (name === 'response.completed') {
    const done = responsesDoneSchema.safeParse(payload);
    return { kind: 'completed', responseId: done.success ? done.data.response.id : undefined };
  }
  if (name === 'response.failed' || name === 'response.incomplete' || name === 'error') {
    const error = streamErrorSchema.safeParse(payload);
    const nested = z.looseObject({ response: z.looseObject({ error: lenient(z.looseObject({ message: optString })) }) }).safeParse(payload);
    const message = (error.success ? error.data.error.message : undefined) ?? (nested.success ? nested.data.response.error?.message : undefined);
    return { kind: 'error', message: message ?? (name === 'response.incomplete' ? 'The response was cut short' : 'The response failed') };
  }
  return { kind: 'ignored' };
}
