/** `POST /v1/chat/completions` over raw HTTP, streaming included. */
import { describe, expect, it } from 'vitest';
import { harnessForFile, relayError } from './sim-harness';

interface Completion {
  id: string;
  object: string;
  model: string;
  choices: { index: number; message: { role: string; content: string }; finish_reason: string }[];
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

const ask = (content: unknown, extra: Record<string, unknown> = {}) => ({
  model: 'gen-5.2-official',
  messages: [{ role: 'user', content }],
  ...extra,
});

const h = harnessForFile({ rateLimit: { max: 10_000 } }, { resetBeforeEach: false });

describe('POST /v1/chat/completions', () => {
  it('answers a chat completion with choices[0].message.content and usage', async () => {
    const result = await h.call('/v1/chat/completions', { body: ask('a red fox in snow') });
    expect(result.status).toBe(200);
    const completion = result.json as Completion;
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('gen-5.2-official');
    expect(completion.choices[0]?.message.role).toBe('assistant');
    expect(completion.choices[0]?.message.content).toContain('a red fox in snow');
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(completion.usage.prompt_tokens).toBe(5);
    expect(completion.usage.total_tokens).toBe(completion.usage.prompt_tokens + completion.usage.completion_tokens);
  });

  it('answers the same conversation with the same text', async () => {
    const first = (await h.json<Completion>('/v1/chat/completions', { body: ask('same prompt') })).choices[0];
    const second = (await h.json<Completion>('/v1/chat/completions', { body: ask('same prompt') })).choices[0];
    expect(second?.message.content).toBe(first?.message.content);
  });

  it('accepts text and image parts, system and developer messages', async () => {
    const body = {
      model: 'chat-haiku-4-5',
      messages: [
        { role: 'system', content: 'You write prompts.' },
        { role: 'developer', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'match this style' },
            { type: 'image_url', image_url: { url: 'https://example.invalid/a.png' } },
          ],
        },
      ],
    };
    const completion = await h.json<Completion>('/v1/chat/completions', { body });
    expect(completion.choices[0]?.message.content).toContain('Using 1 reference image');
  });

  it('refuses Responses-only models with 400', async () => {
    for (const model of ['gen-5-pro-official', 'gen-5.3-codex-official']) {
      const result = await h.call('/v1/chat/completions', { body: { ...ask('x'), model } });
      expect(result.status).toBe(400);
      expect(relayError(result.json)).toMatchObject({ type: 'invalid_request_error', code: 'model_not_supported' });
    }
  });

  it('accepts temperature 0 to 2 and top_p 0 to 1, and refuses values outside', async () => {
    expect((await h.call('/v1/chat/completions', { body: ask('x', { temperature: 2 }) })).status).toBe(200);
    expect((await h.call('/v1/chat/completions', { body: ask('x', { temperature: 0 }) })).status).toBe(200);
    const hot = await h.call('/v1/chat/completions', { body: ask('x', { temperature: 2.1 }) });
    expect(hot.status).toBe(400);
    expect(relayError(hot.json).param).toBe('temperature');
    expect((await h.call('/v1/chat/completions', { body: ask('x', { top_p: 1 }) })).status).toBe(200);
    expect((await h.call('/v1/chat/completions', { body: ask('x', { top_p: 1.5 }) })).status).toBe(400);
  });

  it('stops at max_tokens with finish_reason length, and at a stop string', async () => {
    const short = await h.json<Completion>('/v1/chat/completions', { body: ask('echo: one two three four five', { max_tokens: 3 }) });
    expect(short.choices[0]?.message.content).toBe('one two three');
    expect(short.choices[0]?.finish_reason).toBe('length');
    expect(short.usage.completion_tokens).toBe(3);
    const stopped = await h.json<Completion>('/v1/chat/completions', { body: ask('echo: one two three', { stop: ['three'] }) });
    expect(stopped.choices[0]?.message.content).toBe('one two');
    expect(stopped.choices[0]?.finish_reason).toBe('stop');
  });

  it('refuses an empty message list and unknown roles', async () => {
    expect((await h.call('/v1/chat/completions', { body: { model: 'gen-5.2-official', messages: [] } })).status).toBe(400);
    const result = await h.call('/v1/chat/completions', {
      body: { model: 'gen-5.2-official', messages: [{ role: 'wizard', content: 'x' }] },
    });
    expect(result.status).toBe(400);
    expect(relayError(result.json).param).toBe('messages.0.role');
  });

  it('streams chat.completion.chunk events ending with data: [DONE]', async () => {
    const plain = await h.json<Completion>('/v1/chat/completions', { body: ask('a paper boat') });
    const stream = await h.sse('/v1/chat/completions', ask('a paper boat', { stream: true, stream_options: { include_usage: true } }));
    expect(stream.status).toBe(200);
    expect(stream.events.at(-1)?.data).toBe('[DONE]');
    const chunks = stream.events.slice(0, -1).map((event) => JSON.parse(event.data) as Record<string, unknown>);
    for (const chunk of chunks) expect(chunk.object).toBe('chat.completion.chunk');
    const choices = chunks.flatMap((chunk) => chunk.choices as { delta: { role?: string; content?: string }; finish_reason: string | null }[]);
    expect(choices[0]?.delta.role).toBe('assistant');
    expect(choices.map((choice) => choice.delta.content ?? '').join('')).toBe(plain.choices[0]?.message.content);
    expect(choices.at(-1)?.finish_reason).toBe('stop');
    const usage = chunks.at(-1)?.usage as Completion['usage'];
    expect(usage).toEqual(plain.usage);
  });
});
