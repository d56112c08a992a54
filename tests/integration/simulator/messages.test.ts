/** `POST /v1/messages` over raw HTTP: parameters, limits, error shapes, streaming. */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { harnessForFile, relayError } from './sim-harness';

interface Message {
  id: string;
  type: string;
  role: string;
  model: string;
  content: { type: string; text: string }[];
  stop_reason: string;
  stop_sequence: string | null;
  usage: { input_tokens: number; output_tokens: number };
}

interface MessagesError {
  type: string;
  error: { type: string; message: string };
}

const ask = (extra: Record<string, unknown> = {}, content: unknown = 'a moonlit forest') => ({
  model: 'chat-sonnet-4-6',
  max_tokens: 200,
  messages: [{ role: 'user', content }],
  ...extra,
});

const h = harnessForFile({ rateLimit: { max: 10_000 } }, { resetBeforeEach: false });
let pngBase64 = '';
beforeAll(async () => {
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  pngBase64 = png.toString('base64');
});

const send = (body: unknown, headers: Record<string, string> = {}) => h.call('/v1/messages', { body, headers });

describe('POST /v1/messages', () => {
  it('answers a message object', async () => {
    const result = await send(ask());
    expect(result.status).toBe(200);
    const message = result.json as Message;
    expect(message.id).toMatch(/^msg_/);
    expect(message).toMatchObject({ type: 'message', role: 'assistant', model: 'chat-sonnet-4-6', stop_reason: 'end_turn' });
    expect(message.content).toHaveLength(1);
    expect(message.content[0]?.type).toBe('text');
    expect(message.content[0]?.text).toContain('a moonlit forest');
    expect(message.usage.input_tokens).toBe(3);
    expect(message.usage.output_tokens).toBe(message.content[0]?.text.split(' ').length);
  });

  it('takes a top-level system prompt as a string or text blocks, and multi-turn history', async () => {
    expect((await send(ask({ system: 'You write prompts.' }))).status).toBe(200);
    expect((await send(ask({ system: [{ type: 'text', text: 'You write prompts.' }] }))).status).toBe(200);
    const history = await send({
      model: 'chat-opus-4-6',
      max_tokens: 300,
      messages: [
        { role: 'user', content: 'a harbour' },
        { role: 'assistant', content: 'Refined prompt: a harbour.' },
        { role: 'user', content: [{ type: 'text', text: 'at night' }] },
      ],
    });
    expect((history.json as Message).content[0]?.text).toContain('Building on "a harbour"');
  });

  it('refuses a system role inside messages', async () => {
    const result = await send({ ...ask(), messages: [{ role: 'system', content: 'x' }] });
    expect(result.status).toBe(400);
    expect((result.json as MessagesError).type).toBe('error');
  });

  it('answers 400 in the messages error shape without max_tokens', async () => {
    const { max_tokens: _omitted, ...body } = ask();
    const result = await send(body);
    expect(result.status).toBe(400);
    const error = result.json as MessagesError;
    expect(error.type).toBe('error');
    expect(error.error.type).toBe('invalid_request_error');
    expect(error.error.message).toContain('max_tokens');
  });

  it('caps max_tokens per model', async () => {
    const caps = { 'chat-sonnet-4-6': 64_000, 'chat-opus-4-6': 32_000, 'chat-haiku-4-5': 64_000 };
    for (const [model, cap] of Object.entries(caps)) {
      expect((await send(ask({ model, max_tokens: cap }))).status).toBe(200);
      const over = await send(ask({ model, max_tokens: cap + 1 }));
      expect(over.status).toBe(400);
      expect((over.json as MessagesError).error.message).toContain(String(cap));
    }
    expect((await send(ask({ max_tokens: 0 }))).status).toBe(400);
  });

  it('accepts temperature and top_p from 0 to 1 and refuses values outside', async () => {
    expect((await send(ask({ temperature: 1 }))).status).toBe(200);
    expect((await send(ask({ temperature: 0 }))).status).toBe(200);
    const hot = await send(ask({ temperature: 1.2 }));
    expect(hot.status).toBe(400);
    expect((hot.json as MessagesError).error.message).toContain('temperature');
    expect((await send(ask({ top_p: 0.9 }))).status).toBe(200);
    expect((await send(ask({ top_p: 1.1 }))).status).toBe(400);
  });

  it('accepts temperature with top_p ("do not set together") with a warning', async () => {
    const both = await send(ask({ temperature: 0.5, top_p: 0.9 }));
    expect(both.status).toBe(200);
    expect(both.headers.get('warning')).toMatch(/temperature and top_p are both set/);
    expect((await send(ask({ temperature: 0.5 }))).headers.get('warning')).toBeNull();
  });

  it('stops at a stop sequence with stop_reason stop_sequence', async () => {
    const message = (await send(ask({ stop_sequences: ['END', 'three'] }, 'echo: one two three four'))).json as Message;
    expect(message.content[0]?.text).toBe('one two');
    expect(message.stop_reason).toBe('stop_sequence');
    expect(message.stop_sequence).toBe('three');
  });

  it('stops at max_tokens with stop_reason max_tokens', async () => {
    const message = (await send(ask({ max_tokens: 2 }, 'echo: one two three four'))).json as Message;
    expect(message.content[0]?.text).toBe('one two');
    expect(message.stop_reason).toBe('max_tokens');
    expect(message.usage.output_tokens).toBe(2);
  });

  it('accepts image blocks with base64 and url sources', async () => {
    const content = [
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: pngBase64 } },
      { type: 'image', source: { type: 'url', url: 'https://example.invalid/ref.jpg' } },
      { type: 'text', text: 'in this style' },
    ];
    const result = await send(ask({}, content));
    expect(result.status).toBe(200);
    const message = result.json as Message;
    expect(message.content[0]?.text).toContain('Using 2 reference images');
    expect(message.usage.input_tokens).toBe(3 + 2 * 85);
  });

  it('refuses images whose bytes do not match the media type, and unsupported media types', async () => {
    const wrongType = [{ type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: pngBase64 } }];
    const mismatch = await send(ask({}, wrongType));
    expect(mismatch.status).toBe(400);
    expect((mismatch.json as MessagesError).error.message).toContain('image/jpeg');
    const bmp = [{ type: 'image', source: { type: 'base64', media_type: 'image/bmp', data: pngBase64 } }];
    expect((await send(ask({}, bmp))).status).toBe(400);
  });

  it('passes any provider-version through: the default and other values are accepted', async () => {
    expect((await send(ask(), { 'provider-version': '2023-06-01' })).status).toBe(200);
    expect((await send(ask(), { 'provider-version': '1999-01-01' })).status).toBe(200);
    expect((await send(ask(), { 'anthropic-version': '2024-10-22' })).status).toBe(200);
  });

  it('uses the relay shape for rejections made before the model', async () => {
    const badKey = await h.call('/v1/messages', { key: 'sk-wrong', body: ask() });
    expect(badKey.status).toBe(401);
    expect(relayError(badKey.json).message).toBe('无效的令牌');
    const wrongModel = await send(ask({ model: 'gen-5.2-official' }));
    expect(wrongModel.status).toBe(400);
    expect(relayError(wrongModel.json).code).toBe('model_not_supported');
  });

  it('streams message events in order with text deltas', async () => {
    const plain = (await send(ask())).json as Message;
    const stream = await h.sse('/v1/messages', ask({ stream: true }));
    expect(stream.status).toBe(200);
    const names = stream.events.map((event) => event.event);
    expect(names.slice(0, 3)).toEqual(['message_start', 'content_block_start', 'ping']);
    expect(names.slice(-3)).toEqual(['content_block_stop', 'message_delta', 'message_stop']);
    const payloads = stream.events.map((event) => JSON.parse(event.data) as Record<string, unknown>);
    payloads.forEach((payload, index) => expect(payload.type).toBe(names[index]));
    const text = payloads
      .filter((p) => p.type === 'content_block_delta')
      .map((p) => (p.delta as { type: string; text: string }).text)
      .join('');
    expect(text).toBe(plain.content[0]?.text);
    const delta = payloads.find((p) => p.type === 'message_delta');
    expect(delta).toMatchObject({ delta: { stop_reason: 'end_turn' }, usage: { output_tokens: plain.usage.output_tokens } });
  });
});
