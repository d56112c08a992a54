/** `POST /v1/responses` over raw HTTP: input forms, context, reasoning, tools, limits, streaming. */
import { describe, expect, it } from 'vitest';
import { harnessForFile, relayError } from './sim-harness';

interface OutputItem {
  type: string;
  id: string;
  role?: string;
  content?: { type: string; text: string }[];
  name?: string;
  arguments?: string;
  call_id?: string;
}

interface ResponseObject {
  id: string;
  object: string;
  status: string;
  incomplete_details?: { reason: string } | null;
  model: string;
  output: OutputItem[];
  usage: {
    input_tokens: number;
    output_tokens: number;
    output_tokens_details: { reasoning_tokens: number };
    total_tokens: number;
  };
}

const MODEL = 'gen-5.2-official';
const saveTool = {
  type: 'function',
  name: 'save_prompt',
  description: 'Save a prompt to the library',
  parameters: {
    type: 'object',
    properties: { text: { type: 'string' }, rating: { type: 'integer' }, style: { type: 'string', enum: ['photo', 'paint'] } },
    required: ['text', 'rating', 'style'],
  },
};

const textOf = (response: ResponseObject): string =>
  response.output
    .filter((item) => item.type === 'message')
    .flatMap((item) => item.content ?? [])
    .map((content) => content.text)
    .join('');

const h = harnessForFile({ rateLimit: { max: 10_000 } }, { resetBeforeEach: false });

const respond = (body: Record<string, unknown>) => h.call('/v1/responses', { body: { model: MODEL, ...body } });
const response = async (body: Record<string, unknown>) => (await respond(body)).json as ResponseObject;

describe('POST /v1/responses', () => {
  it('answers string input with a completed response object', async () => {
    const result = await respond({ input: 'a quiet harbour at dawn' });
    expect(result.status).toBe(200);
    const body = result.json as ResponseObject;
    expect(body.id).toMatch(/^resp_/);
    expect(body.object).toBe('response');
    expect(body.status).toBe('completed');
    expect(body.model).toBe(MODEL);
    expect(body.output).toHaveLength(1);
    expect(body.output[0]).toMatchObject({ type: 'message', role: 'assistant' });
    expect(body.output[0]?.content?.[0]?.type).toBe('output_text');
    expect(textOf(body)).toContain('a quiet harbour at dawn');
    expect(body.usage.input_tokens).toBe(5);
    expect(body.usage.output_tokens_details.reasoning_tokens).toBe(0);
    expect(body.usage.total_tokens).toBe(body.usage.input_tokens + body.usage.output_tokens);
  });

  it('answers message input with developer and assistant turns, images and instructions', async () => {
    const body = await response({
      instructions: 'You are a prompt assistant.',
      input: [
        { role: 'developer', content: 'Keep it short.' },
        { role: 'user', content: 'a castle' },
        { role: 'assistant', content: 'Refined prompt: a castle.' },
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'now in winter' },
            { type: 'input_image', image_url: 'https://example.invalid/ref.png' },
          ],
        },
      ],
    });
    expect(body.status).toBe('completed');
    expect(textOf(body)).toContain('Building on "a castle"');
    expect(textOf(body)).toContain('now in winter');
    expect(textOf(body)).toContain('Using 1 reference image');
  });

  it('serves Responses-only models and refuses models without the responses endpoint', async () => {
    expect((await h.call('/v1/responses', { body: { model: 'gen-5-pro-official', input: 'x' } })).status).toBe(200);
    expect((await h.call('/v1/responses', { body: { model: 'gen-5.3-codex-official', input: 'x' } })).status).toBe(200);
    const refused = await h.call('/v1/responses', { body: { model: 'chat-sonnet-4-6', input: 'x' } });
    expect(refused.status).toBe(400);
    expect(relayError(refused.json).code).toBe('model_not_supported');
  });

  it('joins the earlier context through previous_response_id', async () => {
    const first = await response({ input: 'a lantern festival' });
    const second = await response({ input: 'add fireworks', previous_response_id: first.id });
    expect(textOf(second)).toContain('Building on "a lantern festival"');
    expect(textOf(second)).toContain('add fireworks');
    expect(second.usage.input_tokens).toBeGreaterThan(first.usage.input_tokens + first.usage.output_tokens);
  });

  it('refuses an unknown previous_response_id and one of another user', async () => {
    const unknown = await respond({ input: 'x', previous_response_id: 'resp_missing' });
    expect(unknown.status).toBe(400);
    expect(relayError(unknown.json)).toMatchObject({ code: 'previous_response_not_found', param: 'previous_response_id' });
    const mine = await response({ input: 'private' });
    const { user } = await h.admin<{ user: { id: number } }>('POST', '/users', { quota_credits: 100 });
    const stranger = await h.createKey({ user_id: user.id });
    const foreign = await h.call('/v1/responses', {
      key: stranger.key,
      body: { model: MODEL, input: 'x', previous_response_id: mine.id },
    });
    expect(foreign.status).toBe(400);
  });

  it('adds a reasoning item when reasoning.effort is not none', async () => {
    const efforts = { low: 32, medium: 128, high: 512 };
    for (const [effort, tokens] of Object.entries(efforts)) {
      const body = await response({ input: 'a desert', reasoning: { effort } });
      expect(body.output.map((item) => item.type)).toEqual(['reasoning', 'message']);
      expect(body.usage.output_tokens_details.reasoning_tokens).toBe(tokens);
      expect(body.usage.output_tokens).toBeGreaterThan(tokens);
    }
    const none = await response({ input: 'a desert', reasoning: { effort: 'none' } });
    expect(none.output.map((item) => item.type)).toEqual(['message']);
    expect((await respond({ input: 'x', reasoning: { effort: 'extreme' } })).status).toBe(400);
  });

  it('calls a mentioned function tool under tool_choice auto, with arguments for its schema', async () => {
    const body = await response({ input: 'please save_prompt for a neon alley', tools: [saveTool] });
    expect(body.output).toHaveLength(1);
    const call = body.output[0];
    expect(call).toMatchObject({ type: 'function_call', name: 'save_prompt' });
    expect(call?.call_id).toMatch(/^call_/);
    expect(JSON.parse(call?.arguments ?? '')).toEqual({
      text: 'please save_prompt for a neon alley',
      rating: 1,
      style: 'photo',
    });
  });

  it('answers in text under auto without a mention and under none', async () => {
    const auto = await response({ input: 'a neon alley', tools: [saveTool] });
    expect(auto.output.map((item) => item.type)).toEqual(['message']);
    const none = await response({ input: 'save_prompt a neon alley', tools: [saveTool], tool_choice: 'none' });
    expect(none.output.map((item) => item.type)).toEqual(['message']);
  });

  it('always calls a tool under required, and refuses required without tools', async () => {
    const body = await response({ input: 'a neon alley', tools: [saveTool], tool_choice: 'required' });
    expect(body.output.map((item) => item.type)).toEqual(['function_call']);
    const refused = await respond({ input: 'x', tool_choice: 'required' });
    expect(refused.status).toBe(400);
    expect((await respond({ input: 'x', tool_choice: 'sometimes', tools: [saveTool] })).status).toBe(400);
  });

  it('refuses a function tool without a name, and unknown tool types', async () => {
    const nameless = await respond({ input: 'x', tools: [{ type: 'function' }] });
    expect(nameless.status).toBe(400);
    expect(relayError(nameless.json).param).toBe('tools.0');
    expect((await respond({ input: 'x', tools: [{ type: 'code_interpreter' }] })).status).toBe(400);
  });

  it('continues after a function_call_output', async () => {
    const call = await response({ input: 'save_prompt a neon alley', tools: [saveTool] });
    const callId = call.output[0]?.call_id;
    const followUp = await response({
      previous_response_id: call.id,
      tools: [saveTool],
      input: [{ type: 'function_call_output', call_id: callId, output: 'saved as #42' }],
    });
    expect(followUp.output.map((item) => item.type)).toEqual(['message']);
    expect(textOf(followUp)).toContain('Tool result noted: saved as #42');
  });

  it('runs a web search before answering when asked to search', async () => {
    const body = await response({ input: 'search for trending colour palettes', tools: [{ type: 'web_search_preview' }] });
    expect(body.output.map((item) => item.type)).toEqual(['web_search_call', 'message']);
  });

  it('validates temperature 0-2, top_p 0-1 and max_output_tokens', async () => {
    expect((await respond({ input: 'x', temperature: 2 })).status).toBe(200);
    expect((await respond({ input: 'x', temperature: 2.5 })).status).toBe(400);
    expect((await respond({ input: 'x', top_p: 0 })).status).toBe(200);
    expect((await respond({ input: 'x', top_p: 1.01 })).status).toBe(400);
    // No lower bound in the interface: any positive whole number of tokens.
    expect((await respond({ input: 'x', max_output_tokens: 1 })).status).toBe(200);
    expect((await respond({ input: 'x', max_output_tokens: 0 })).status).toBe(400);
    expect((await respond({ input: 'x', max_output_tokens: 2.5 })).status).toBe(400);
    expect((await respond({})).status).toBe(400);
  });

  it('cuts the text when max_output_tokens runs out, with only the interface status values', async () => {
    const body = await response({ input: `echo: ${'word '.repeat(40)}`, max_output_tokens: 16 });
    expect(body.status).toBe('completed');
    expect(body.incomplete_details).toEqual({ reason: 'max_output_tokens' });
    expect(textOf(body).split(' ')).toHaveLength(16);
    expect(body.usage.output_tokens).toBe(16);
  });

  it('streams the documented events with sequence numbers, ending in response.completed', async () => {
    const plain = await response({ input: 'a glass greenhouse', reasoning: { effort: 'low' } });
    const stream = await h.sse('/v1/responses', { model: MODEL, input: 'a glass greenhouse', reasoning: { effort: 'low' }, stream: true });
    expect(stream.status).toBe(200);
    expect(stream.comments.length).toBeGreaterThan(0);
    const names = stream.events.map((event) => event.event);
    expect(names[0]).toBe('response.created');
    expect(names.at(-1)).toBe('response.completed');
    for (const name of [
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.output_item.done',
    ]) {
      expect(names).toContain(name);
    }
    const payloads = stream.events.map((event) => JSON.parse(event.data) as Record<string, unknown>);
    payloads.forEach((payload, index) => {
      expect(payload.type).toBe(names[index]);
      expect(payload.sequence_number).toBe(index);
    });
    const deltas = payloads.filter((p) => p.type === 'response.output_text.delta').map((p) => p.delta as string);
    expect(deltas.join('')).toBe(textOf(plain));
    const done = payloads.find((p) => p.type === 'response.output_text.done');
    expect(done?.text).toBe(textOf(plain));
    const completed = payloads.at(-1)?.response as ResponseObject;
    expect(completed.status).toBe('completed');
    expect(textOf(completed)).toBe(textOf(plain));
    expect(completed.usage).toEqual(plain.usage);
  });

  it('streams function-call arguments', async () => {
    const stream = await h.sse('/v1/responses', { model: MODEL, input: 'save_prompt x', tools: [saveTool], stream: true });
    const payloads = stream.events.map((event) => JSON.parse(event.data) as Record<string, unknown>);
    const done = payloads.find((p) => p.type === 'response.function_call_arguments.done');
    expect(JSON.parse(done?.arguments as string)).toMatchObject({ text: 'save_prompt x' });
  });
});

describe('sampling', () => {
  it('accepts temperature with top_p ("do not change together") with a warning', async () => {
    const both = await respond({ input: 'x', temperature: 1.5, top_p: 0.5 });
    expect(both.status).toBe(200);
    expect(both.headers.get('warning')).toMatch(/temperature and top_p are both set/);
    expect((await respond({ input: 'x', top_p: 0.5 })).headers.get('warning')).toBeNull();
  });
});
