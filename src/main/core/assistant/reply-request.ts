/**
 * The request bodies of a reply in each text style, from the conversation's turns. Images go as
 * each style's image block: messages `{type: "image", source: {type: "base64", ...}}` (the
 * interface's shape), chat completions an `image_url` part and responses an `input_image` block
 * (the widely used shapes, which the interface leaves unstated), both as data URLs.
 */
import type { AssistantMessage, TextStyle } from '../../../shared/contract';
import { MESSAGES_MAX_TOKENS } from '../../../shared/gateway/text';
import type { ChatRequest, MessagesRequest, ResponsesRequest } from '../gateway/text-requests';

/** An image as it is sent: its type and Base64 bytes. */
export interface PreparedImage {
  name: string;
  mime: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
  base64: string;
}

export interface ReplyTurn {
  role: 'user' | 'assistant';
  text: string;
  image?: PreparedImage | undefined;
}

/** Earlier turns sent with a new message (the oldest are left out past this). */
const HISTORY_TURNS = 20;
/** Output budget of a messages-style reply (a prompt, or a dozen of them). */
const REPLY_MAX_TOKENS = 4096;

/**
 * The turns of a conversation to send before the new message: turns with text, at most the last
 * `HISTORY_TURNS`, starting with the artist's, with consecutive turns of one role joined (the
 * messages style wants them alternating). Images of earlier turns are not kept; they are named.
 */
export function historyTurns(messages: readonly AssistantMessage[]): ReplyTurn[] {
  const turns: ReplyTurn[] = [];
  for (const message of messages) {
    const imageNote = message.image ? `[image: ${message.image.name}]` : '';
    const text = [imageNote, message.text.trim()].filter(Boolean).join('\n');
    if (text === '') continue;
    const last = turns.at(-1);
    if (last?.role === message.role) last.text = `${last.text}\n\n${text}`;
    else turns.push({ role: message.role, text });
  }
  const recent = turns.slice(-HISTORY_TURNS);
  while (recent[0]?.role === 'assistant') recent.shift();
  return recent;
}

/** Joins the new message onto the history (after an artist's turn whose reply failed empty, say). */
export function withNewTurn(history: readonly ReplyTurn[], turn: ReplyTurn): ReplyTurn[] {
  const last = history.at(-1);
  if (last?.role !== 'user') return [...history, turn];
  return [...history.slice(0, -1), { role: 'user', text: `${last.text}\n\n${turn.text}`, image: turn.image }];
}

const dataUrl = (image: PreparedImage): string => `data:${image.mime};base64,${image.base64}`;

export function chatBody(model: string, system: string, turns: readonly ReplyTurn[]): ChatRequest {
  return {
    model,
    messages: [
      { role: 'system', content: system },
      ...turns.map((turn) => ({
        role: turn.role,
        content: turn.image
          ? [
              { type: 'text', text: turn.text },
              { type: 'image_url', image_url: { url: dataUrl(turn.image) } },
            ]
          : turn.text,
      })),
    ],
  };
}

export function responsesBody(model: string, system: string, turns: readonly ReplyTurn[]): ResponsesRequest {
  return {
    model,
    instructions: system,
    input: turns.map((turn) => ({
      role: turn.role,
      content: turn.image
        ? [
            { type: 'input_text', text: turn.text },
            { type: 'input_image', image_url: dataUrl(turn.image) },
          ]
        : turn.text,
    })),
  };
}

export function messagesBody(model: string, system: string, turns: readonly ReplyTurn[]): MessagesRequest {
  return {
    model,
    system,
    max_tokens: Math.min(REPLY_MAX_TOKENS, MESSAGES_MAX_TOKENS[model] ?? REPLY_MAX_TOKENS),
    messages: turns.map((turn) => ({
      role: turn.role,
      content: turn.image
        ? [
            { type: 'image', source: { type: 'base64', media_type: turn.image.mime, data: turn.image.base64 } },
            { type: 'text', text: turn.text },
          ]
        : turn.text,
    })),
  };
}

/** The body of a reply in a style. */
export function replyBody(style: TextStyle, model: string, system: string, turns: readonly ReplyTurn[]): ChatRequest | ResponsesRequest | MessagesRequest {
  if (style === 'messages') return messagesBody(model, system, turns);
  if (style === 'responses') return responsesBody(model, system, turns);
  return chatBody(model, system, turns);
}
