import { describe, expect, it } from 'vitest';
import type { AssistantMessage } from '../../../shared/contract';
import { chatBody, historyTurns, messagesBody, responsesBody, withNewTurn, type PreparedImage } from './reply-request';

const image: PreparedImage = { name: 'cat.png', mime: 'image/png', base64: 'iVBORw0KGgo=' };

function message(role: 'user' | 'assistant', text: string, extra: Partial<AssistantMessage> = {}): AssistantMessage {
  return {
    id: `${role}-${text}`,
    conversationId: 'c',
    role,
    action: 'chat',
    text,
    status: 'done',
    error: null,
    model: null,
    style: null,
    variantId: null,
    image: null,
    createdAt: 0,
    ...extra,
  };
}

describe('reply bodies in the three styles', () => {
  const turns = [
    { role: 'user' as const, text: 'a fox' },
    { role: 'assistant' as const, text: 'a red fox in snow' },
    { role: 'user' as const, text: 'what is this?', image },
  ];

  it('messages: the system at the top level, an image block with Base64 source, and a max_tokens within the model’s cap', () => {
    const body = messagesBody('chat-opus-4-6', 'be brief', turns);
    expect(body.system).toBe('be brief');
    expect(body.max_tokens).toBe(4096);
    expect(body.messages.at(-1)?.content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
      { type: 'text', text: 'what is this?' },
    ]);
  });

  it('chat completions: a system message first and the image as a data URL part', () => {
    const body = chatBody('gen-5.2-official', 'be brief', turns);
    expect(body.messages[0]).toEqual({ role: 'system', content: 'be brief' });
    expect(body.messages.at(-1)?.content).toEqual([
      { type: 'text', text: 'what is this?' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
    ]);
  });

  it('responses: instructions, and the image as an input_image block', () => {
    const body = responsesBody('gen-5-pro-official', 'be brief', turns);
    expect(body.instructions).toBe('be brief');
    expect(Array.isArray(body.input) ? body.input.at(-1) : undefined).toEqual({
      role: 'user',
      content: [
        { type: 'input_text', text: 'what is this?' },
        { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=' },
      ],
    });
  });
});

describe('the history sent with a new message', () => {
  it('leaves out empty turns, joins turns of one role, names earlier images and starts with the artist', () => {
    const history = historyTurns([
      message('assistant', 'stray'),
      message('user', 'first'),
      message('assistant', '', { status: 'failed' }),
      message('user', 'second', { image: { name: 'cat.png', mime: 'image/png' } }),
      message('assistant', 'answer'),
    ]);
    expect(history).toEqual([
      { role: 'user', text: 'first\n\n[image: cat.png]\nsecond' },
      { role: 'assistant', text: 'answer' },
    ]);
  });

  it('joins a new message onto an artist’s turn left without a reply', () => {
    const turns = withNewTurn([{ role: 'user', text: 'first' }], { role: 'user', text: 'again', image });
    expect(turns).toEqual([{ role: 'user', text: 'first\n\nagain', image }]);
  });
});
