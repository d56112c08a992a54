import { describe, expect, it } from 'vitest';
import { chatCompletionText, messageText, responsesOutputText } from '../../../src/shared/gateway/text';
import { InvalidRequestError } from '../../../src/main/core/gateway/invalid-request';
import { collectText, type TextStreamEvent } from '../../../src/main/core/gateway/text-streams';
import { gatewayFailure, gatewayForFile } from './harness';

const gw = gatewayForFile();

async function all(events: AsyncIterable<TextStreamEvent>): Promise<TextStreamEvent[]> {
  const out: TextStreamEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

const user = (content: string) => [{ role: 'user' as const, content }];

describe('non-streaming text', () => {
  it('chat completions answer with choices[0].message.content', async () => {
    const completion = await gw.client().text.chat({ model: 'gen-5.2-official', messages: user('Describe a red fox') });
    expect(chatCompletionText(completion).length).toBeGreaterThan(0);
    expect(completion.model).toBe('gen-5.2-official');
  });

  it('responses answer with output text, and previous_response_id continues the conversation', async () => {
    const client = gw.client();
    const first = await client.text.responses({ model: 'gen-5-pro-official', input: 'Name a colour', reasoning: { effort: 'low' } });
    expect(first.status).toBe('completed');
    expect(responsesOutputText(first).length).toBeGreaterThan(0);
    const second = await client.text.responses({ model: 'gen-5-pro-official', input: 'And another', previous_response_id: first.id });
    expect(second.id).not.toBe(first.id);
  });

  it('messages answer with text blocks, with Bearer or x-api-key and the provider-version header', async () => {
    const client = gw.client();
    const body = { model: 'chat-sonnet-4-6', max_tokens: 256, messages: user('Say hi') };
    const bearer = await client.text.messages(body);
    expect(bearer).toMatchObject({ type: 'message', role: 'assistant' });
    expect(bearer.id).toMatch(/^msg_/);
    expect(messageText(bearer).length).toBeGreaterThan(0);
    const apiKey = await client.text.messages(body, { auth: 'x-api-key' });
    expect(messageText(apiKey).length).toBeGreaterThan(0);
  });
});

describe('text limits are checked before sending', () => {
  it('refuses Responses-only models on chat completions, bad ranges and missing max_tokens', async () => {
    const client = gw.client();
    const refused = [
      () => client.text.chat({ model: 'gen-5-pro-official', messages: user('x') }),
      () => client.text.responses({ model: 'gen-5.2-official', input: 'x', temperature: 2.5 }),
      () => client.text.responses({ model: 'gen-5.2-official', input: 'x', tool_choice: 'always' as 'auto' }),
      () => client.text.messages({ model: 'chat-sonnet-4-6', messages: user('x') } as never),
      () => client.text.messages({ model: 'chat-sonnet-4-6', max_tokens: 64_001, messages: user('x') }),
      () => client.text.messages({ model: 'chat-opus-4-6', max_tokens: 32_001, messages: user('x') }),
      () => client.text.messages({ model: 'chat-haiku-4-5', max_tokens: 10, temperature: 1.5, messages: user('x') }),
      () => client.text.messages({ model: 'chat-haiku-4-5', max_tokens: 10, messages: [{ role: 'system' as 'user', content: 'x' }] }),
    ];
    const messages: string[] = [];
    for (const call of refused) {
      try {
        await call();
        expect.unreachable('should have been refused');
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidRequestError);
        messages.push((error as Error).message);
      }
    }
    expect(messages[0]).toMatch(/Responses-only/);
    expect(messages[1]).toMatch(/temperature: 0 to 2/);
    expect(messages[3]).toMatch(/max_tokens: required/);
    expect(messages[4]).toMatch(/max_tokens: at most 64000 for chat-sonnet-4-6/);
    expect(messages[5]).toMatch(/at most 32000 for chat-opus-4-6/);
    expect(messages[6]).toMatch(/temperature: 0 to 1/);
    // Only the model list was read (to see which models are Responses-only); nothing paid was sent.
    const stats = await gw.stats();
    expect(Object.keys(stats.requests).filter((route) => route.startsWith('POST'))).toEqual([]);
  });

  it('reads which models are Responses-only from the model list, not from their names', async () => {
    const list = (id: string, types: string[]) => ({ success: true, object: 'list', data: [{ id, object: 'model', supported_endpoint_types: types }] });
    await gw.addFault({ kind: 'error', status: 200, route: 'GET /v1/models', count: 1, body: list('gen-5.2-official', ['responses']) });
    const refused = await gw
      .client()
      .text.chat({ model: 'gen-5.2-official', messages: user('x') })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect((refused as Error).message).toMatch(/Responses-only/);
    // A deployment that lists chat completions for a model the interface names as Responses-only is believed.
    await gw.addFault({ kind: 'error', status: 200, route: 'GET /v1/models', count: 1, body: list('gen-5-pro-official', ['chat_completions', 'responses']) });
    const sent = await gw
      .client()
      .text.chat({ model: 'gen-5-pro-official', messages: user('x') })
      .catch((e: unknown) => e);
    expect(sent).toMatchObject({ status: 400, code: 'model_not_supported' });
    expect((await gw.stats()).requests['POST /v1/chat/completions']).toBe(1);
  });

  it('sends temperature with top_p in both styles (the interface advises against it, it does not forbid it)', async () => {
    const client = gw.client();
    const messages = await client.text.messages({ model: 'chat-haiku-4-5', max_tokens: 20, temperature: 0.5, top_p: 0.9, messages: user('x') });
    expect(messages.type).toBe('message');
    const responses = await client.text.responses({ model: 'gen-5.2-official', input: 'x', temperature: 0.5, top_p: 0.9 });
    expect(responses.status).toBe('completed');
  });
});

describe('error events inside a 200 stream', () => {
  it('become a typed GatewayError in every style, after the text that came before', async () => {
    const client = gw.client();
    const styles: [string, () => AsyncIterable<TextStreamEvent>][] = [
      ['POST /v1/messages', () => client.text.streamMessages({ model: 'chat-haiku-4-5', max_tokens: 100, messages: user('echo: one two three four five') })],
      ['POST /v1/responses', () => client.text.streamResponses({ model: 'gen-5.2-official', input: 'echo: one two three four five' })],
      ['POST /v1/chat/completions', () => client.text.streamChat({ model: 'gen-5.2-official', messages: user('echo: one two three four five') })],
    ];
    for (const [route, open] of styles) {
      await gw.addFault({ kind: 'stream-error', route, message: '上游负载过高', afterEvents: 4, count: 1 });
      const seen: string[] = [];
      const error = await gatewayFailure(
        (async () => {
          for await (const event of open()) seen.push(event.textDelta);
        })(),
      );
      expect(error, route).toMatchObject({ kind: 'http', status: 200, gatewayMessage: '上游负载过高', outcomeUnknown: false });
      expect(error.message, route).toMatch(/上游负载过高/);
      expect(seen.length, route).toBeGreaterThan(0);
    }
  });
});

describe('text errors', () => {
  it('normalises 400 of responses (model does not support this interface)', async () => {
    const error = await gatewayFailure(gw.client().text.responses({ model: 'chat-haiku-4-5', input: 'x' }));
    expect(error).toMatchObject({ kind: 'http', status: 400, shape: 'relay', knownCase: 'bad_request', retryable: false });
    expect(error.gatewayMessage).toMatch(/does not support/);
  });

  it('normalises 400 of messages in the messages error shape', async () => {
    // An image block whose bytes are not the declared type: refused by the route, in its own shape.
    const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: Buffer.from('not a picture').toString('base64') } };
    const error = await gatewayFailure(gw.client().text.messages({ model: 'chat-haiku-4-5', max_tokens: 10, messages: [{ role: 'user', content: [image] }] }));
    expect(error).toMatchObject({ status: 400, shape: 'messages', type: 'invalid_request_error' });
  });

  it('normalises 401 of messages through x-api-key', async () => {
    const client = gw.client({ apiKey: 'sk-notavalidkeynotavalidkey' });
    const error = await gatewayFailure(client.text.messages({ model: 'chat-haiku-4-5', max_tokens: 10, messages: user('x') }, { auth: 'x-api-key' }));
    expect(error).toMatchObject({ status: 401, knownCase: 'unauthorized' });
  });

  it('normalises 403 insufficient_user_quota, 403 access_denied and 503 model_not_found', async () => {
    const poor = await gw.createKey({ remain_credits: 0.2 });
    const quota = await gatewayFailure(gw.client({ apiKey: poor.key }).text.chat({ model: 'chat-opus-4-6', messages: user('x') }));
    expect(quota).toMatchObject({ status: 403, code: 'insufficient_user_quota', knownCase: 'insufficient_quota', retryable: false });
    expect(quota.summary).toMatch(/Not enough credits/);

    const limited = await gw.createKey({ model_limits_enabled: true, model_limits: 'chat-haiku-4-5' });
    const denied = await gatewayFailure(gw.client({ apiKey: limited.key }).text.chat({ model: 'chat-opus-4-6', messages: user('x') }));
    expect(denied).toMatchObject({ status: 403, code: 'access_denied', knownCase: 'access_denied' });

    const missing = await gatewayFailure(gw.client().text.chat({ model: 'no-such-model', messages: user('x') }));
    expect(missing).toMatchObject({ status: 503, code: 'model_not_found', knownCase: 'model_not_found', retryable: false });
  });

  it('normalises 429 of responses and messages', async () => {
    await gw.addFault({ kind: 'rate-limit', route: 'POST /v1/*', retryAfterSeconds: 1, count: 2 });
    const responses = await gatewayFailure(gw.client().text.responses({ model: 'gen-5.2-official', input: 'x' }));
    const messages = await gatewayFailure(gw.client().text.messages({ model: 'chat-haiku-4-5', max_tokens: 5, messages: user('x') }));
    for (const error of [responses, messages]) expect(error).toMatchObject({ status: 429, knownCase: 'rate_limited', attempts: 1 });
  });
});

describe('streaming text', () => {
  it('streams chat completion chunks until [DONE]', async () => {
    const events = await all(gw.client().text.streamChat({ model: 'chat-haiku-4-5', messages: user('Tell a short story') }));
    expect(events.length).toBeGreaterThan(1);
    expect(events.every((event) => event.type === 'chunk')).toBe(true);
    expect(events.map((event) => event.textDelta).join('').length).toBeGreaterThan(0);
  });

  it('streams responses events through response.completed', async () => {
    const events = await all(gw.client().text.streamResponses({ model: 'gen-5.2-official', input: 'Tell a short story' }));
    const types = events.map((event) => event.type);
    expect(types[0]).toBe('response.created');
    expect(types).toContain('response.output_text.delta');
    expect(types.at(-1)).toBe('response.completed');
    expect(events.map((event) => event.textDelta).join('').length).toBeGreaterThan(0);
  });

  it('streams messages events in order, without pings, with x-api-key too', async () => {
    const client = gw.client();
    for (const auth of ['bearer', 'x-api-key'] as const) {
      const events = await all(client.text.streamMessages({ model: 'chat-sonnet-4-6', max_tokens: 200, messages: user('Tell a short story') }, { auth }));
      const types = events.map((event) => event.type);
      expect(types[0]).toBe('message_start');
      expect(types).toEqual(expect.arrayContaining(['content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta']));
      expect(types).not.toContain('ping');
      expect(types.at(-1)).toBe('message_stop');
      const text = events.map((event) => event.textDelta).join('');
      expect(text.length).toBeGreaterThan(0);
    }
  });

  it('collects the same text the events carry', async () => {
    const text = await collectText(gw.client().text.streamChat({ model: 'gen-5.2-official', messages: user('Hello') }));
    expect(text.length).toBeGreaterThan(0);
  });

  it('reports a cut-off stream as truncated, sent once', async () => {
    await gw.addFault({ kind: 'truncated-body', route: 'POST /v1/messages' });
    const error = await gatewayFailure(
      collectText(gw.client().text.streamMessages({ model: 'chat-haiku-4-5', max_tokens: 200, messages: user('Tell a story') })),
    );
    expect(error).toMatchObject({ kind: 'truncated', status: 200, mayHaveReachedServer: true, outcomeUnknown: true, attempts: 1 });
    expect(await gw.requests('POST /v1/messages')).toBe(1);
  });

  it('reports a broken event as malformed', async () => {
    await gw.addFault({ kind: 'malformed-json', route: 'POST /v1/responses' });
    const error = await gatewayFailure(collectText(gw.client().text.streamResponses({ model: 'gen-5.2-official', input: 'x' })));
    expect(error).toMatchObject({ kind: 'malformed', status: 200 });
  });

  it('reports an error answer before the stream starts like any other error', async () => {
    const error = await gatewayFailure(collectText(gw.client().text.streamChat({ model: 'no-such-model', messages: user('x') })));
    expect(error).toMatchObject({ status: 503, knownCase: 'model_not_found' });
  });
});
