/**
 * The official `openai` and `@anthropic-ai/sdk` clients, with only their base URL changed,
 * complete calls against the simulator on loopback, streaming included.
 */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../src/simulator/server';
import type { RunningSimulator } from '../../../src/simulator/server';

let sim: RunningSimulator;
let openai: OpenAI;
let anthropic: Anthropic;

beforeAll(async () => {
  sim = await startSimulator({ timing: { textChunk: 0 } });
  openai = new OpenAI({ apiKey: sim.demoKey, baseURL: `${sim.url}/v1`, maxRetries: 0 });
  anthropic = new Anthropic({ apiKey: sim.demoKey, baseURL: sim.url, maxRetries: 0 });
});
afterAll(async () => {
  await sim.close();
});

describe('openai client', () => {
  it('completes chat.completions.create', async () => {
    const completion = await openai.chat.completions.create({
      model: 'gen-5.2-official',
      messages: [{ role: 'user', content: 'a koi pond' }],
    });
    expect(completion.choices[0]?.message.content).toContain('a koi pond');
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('streams chat.completions.create', async () => {
    const stream = await openai.chat.completions.create({
      model: 'chat-haiku-4-5',
      messages: [{ role: 'user', content: 'a koi pond' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let finish: string | null = null;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(text).toContain('a koi pond');
    expect(finish).toBe('stop');
  });

  it('reports a Responses-only model on chat completions as a 400 APIError', async () => {
    const call = openai.chat.completions.create({ model: 'gen-5-pro-official', messages: [{ role: 'user', content: 'x' }] });
    await expect(call).rejects.toBeInstanceOf(OpenAI.BadRequestError);
  });

  it('completes responses.create, with reasoning and previous_response_id', async () => {
    const first = await openai.responses.create({ model: 'gen-5-pro-official', input: 'a bamboo grove', reasoning: { effort: 'low' } });
    expect(first.output_text).toContain('a bamboo grove');
    expect(first.output.map((item) => item.type)).toEqual(['reasoning', 'message']);
    expect(first.usage?.output_tokens_details.reasoning_tokens).toBe(32);
    const second = await openai.responses.create({ model: 'gen-5-pro-official', input: 'in fog', previous_response_id: first.id });
    expect(second.output_text).toContain('Building on "a bamboo grove"');
  });

  it('streams responses.create as raw events and through the stream helper', async () => {
    const events = await openai.responses.create({ model: 'gen-5.3-codex-official', input: 'a paper crane', stream: true });
    let text = '';
    let completed = false;
    for await (const event of events) {
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.completed') completed = true;
    }
    expect(text).toContain('a paper crane');
    expect(completed).toBe(true);

    const helper = openai.responses.stream({ model: 'gen-5.2-official', input: 'a paper crane' });
    const final = await helper.finalResponse();
    const message = final.output.find((item) => item.type === 'message');
    expect(message?.type === 'message' ? message.content[0] : undefined).toMatchObject({ type: 'output_text' });
  });

  it('gets a function call from responses.create with tools', async () => {
    const response = await openai.responses.create({
      model: 'gen-5.2-official',
      input: 'a lighthouse',
      tool_choice: 'required',
      tools: [
        {
          type: 'function',
          name: 'save_prompt',
          strict: false,
          parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        },
      ],
    });
    const call = response.output[0];
    expect(call?.type).toBe('function_call');
    expect(call?.type === 'function_call' ? JSON.parse(call.arguments) : undefined).toEqual({ text: 'a lighthouse' });
  });
});

describe('anthropic client', () => {
  it('completes messages.create with x-api-key', async () => {
    const message = await anthropic.messages.create({
      model: 'chat-sonnet-4-6',
      max_tokens: 256,
      system: 'You write prompts.',
      messages: [{ role: 'user', content: 'a copper kettle' }],
    });
    expect(message.stop_reason).toBe('end_turn');
    const block = message.content[0];
    expect(block?.type === 'text' ? block.text : '').toContain('a copper kettle');
  });

  it('completes messages.create with a bearer token', async () => {
    const bearer = new Anthropic({ apiKey: null, authToken: sim.demoKey, baseURL: sim.url, maxRetries: 0 });
    const message = await bearer.messages.create({
      model: 'chat-haiku-4-5',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'echo: one two three' }],
      stop_sequences: ['three'],
    });
    expect(message.stop_reason).toBe('stop_sequence');
    expect(message.stop_sequence).toBe('three');
  });

  it('streams messages.create, raw and through the stream helper', async () => {
    const raw = await anthropic.messages.create({
      model: 'chat-opus-4-6',
      max_tokens: 256,
      messages: [{ role: 'user', content: 'a copper kettle' }],
      stream: true,
    });
    const types: string[] = [];
    for await (const event of raw) types.push(event.type);
    expect(types[0]).toBe('message_start');
    expect(types.at(-1)).toBe('message_stop');
    expect(types).toContain('content_block_delta');

    const helper = anthropic.messages.stream({
      model: 'chat-opus-4-6',
      max_tokens: 4,
      messages: [{ role: 'user', content: 'a copper kettle' }],
    });
    const final = await helper.finalMessage();
    expect(final.stop_reason).toBe('max_tokens');
    expect(final.usage.output_tokens).toBe(4);
    const block = final.content[0];
    expect(block?.type === 'text' ? block.text.split(' ') : []).toHaveLength(4);
  });

  it('reports a max_tokens over the model cap as a 400 APIError', async () => {
    const call = anthropic.messages.stream({ model: 'chat-opus-4-6', max_tokens: 32_001, messages: [{ role: 'user', content: 'x' }] }).finalMessage();
    await expect(call).rejects.toBeInstanceOf(Anthropic.BadRequestError);
  });
});
