/**
 * Streamed replies through the contract against the demo gateway, in each of the three text
 * styles: the text arrives in pieces as events, is kept in the conversation, can be stopped
 * midway (keeping what arrived), and a stream the gateway breaks keeps its text and says why.
 * Text requests are charged: none is ever sent twice.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AssistantMessage, AssistantModel, TextStyle } from '../../../src/shared/contract';
import { wordError } from '../../../src/shared/contract';
import { startAssistantStudio, type AssistantHarness } from './harness';

let harness: AssistantHarness;
beforeAll(async () => {
  harness = await startAssistantStudio();
});
afterAll(async () => {
  await harness.stop();
});
beforeEach(async () => {
  await harness.admin('DELETE', '/faults');
  await harness.admin('DELETE', '/text-requests');
});

const STYLES: readonly { style: TextStyle; model: string; route: string }[] = [
  { style: 'messages', model: 'chat-sonnet-4-6', route: 'POST /v1/messages' },
  { style: 'chat', model: 'gen-5.2-official', route: 'POST /v1/chat/completions' },
  { style: 'responses', model: 'gen-5-pro-official', route: 'POST /v1/responses' },
];

describe('the text models', () => {
  it('are listed with the style each is called in, from its endpoint types and family', async () => {
    const { models, demoMode } = await harness.call<{ models: AssistantModel[]; demoMode: boolean }>('assistant.list_models', {});
    expect(demoMode).toBe(true);
    const byId = new Map(models.map((model) => [model.id, model]));
    for (const { style, model } of STYLES) expect(byId.get(model)?.style).toBe(style);
    expect(byId.get('gen-5.3-codex-official')).toMatchObject({ style: 'responses', styles: ['responses'] });
    // Media models are not text models.
    expect(byId.has('gen-image-2')).toBe(false);
  });

  it('can be called in another style they take, and back; a style a model does not take is refused', async () => {
    const chosen = await harness.call<AssistantModel>('assistant.set_model_style', { model: 'chat-sonnet-4-6', style: 'chat' });
    expect(chosen).toMatchObject({ style: 'chat', autoStyle: 'messages', overridden: true });
    await harness.reply({ model: 'chat-sonnet-4-6', action: 'chat', text: 'a quiet harbour' });
    expect((await harness.textRequests()).map((request) => request.route)).toEqual(['POST /v1/chat/completions']);
    const back = await harness.call<AssistantModel>('assistant.set_model_style', { model: 'chat-sonnet-4-6', style: null });
    expect(back).toMatchObject({ style: 'messages', overridden: false });
    const refused = await harness.studio.router.dispatch('assistant.set_model_style', { model: 'gen-5.3-codex-official', style: 'chat' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(wordError(refused.error, 'en').summary).toContain('gen-5.3-codex-official cannot be called in the chat style');
  });
});

describe.each(STYLES)('a reply in the $style style', ({ model, route, style }) => {
  it('streams in pieces, is kept in its conversation, and went to its endpoint once with a system instruction', async () => {
    const { started, deltas, message } = await harness.reply({ model, action: 'chat', text: 'a koi pond in autumn rain' });
    expect(started.reply.status).toBe('streaming');
    expect(deltas.length).toBeGreaterThan(5);
    expect(message).toMatchObject({ status: 'done', role: 'assistant', model, style, error: null });
    expect(message.text).toBe(deltas.join(''));
    expect(message.text).toMatch(/^Refined prompt: a koi pond in autumn rain, /);

    const { messages } = await harness.call<{ messages: AssistantMessage[] }>('assistant.get_conversation', { id: started.conversation.id });
    expect(messages.map((m) => [m.role, m.text])).toEqual([
      ['user', 'a koi pond in autumn rain'],
      ['assistant', message.text],
    ]);
    const requests = await harness.textRequests();
    expect(requests.map((request) => request.route)).toEqual([route]);
    const body = requests[0]?.body ?? {};
    expect(body.stream).toBe(true);
    const system =
      style === 'messages' ? body.system : style === 'responses' ? body.instructions : (body.messages as { role: string; content: string }[])[0]?.content;
    expect(String(system)).toContain('prompt assistant of Atelier');
  });

  it('can be stopped midway: what arrived is kept, and nothing is sent again', async () => {
    let pieces = 0;
    let requestId = '';
    const { started, ended } = await harness.start(
      {
        model,
        action: 'chat',
        text: 'echo: one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty',
      },
      () => {
        pieces += 1;
        if (pieces === 3) void harness.call('assistant.cancel_reply', { requestId });
      },
    );
    requestId = started.requestId;
    if (pieces >= 3) await harness.call('assistant.cancel_reply', { requestId });
    const { message } = await ended;
    expect(message.status).toBe('canceled');
    expect(message.text).toMatch(/^one two three/);
    expect(message.text.length).toBeLessThan(
      'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'.length,
    );
    // Stopping again says it had already ended.
    expect(await harness.call('assistant.cancel_reply', { requestId })).toEqual({ canceled: false });
    const { messages } = await harness.call<{ messages: AssistantMessage[] }>('assistant.get_conversation', { id: started.conversation.id });
    expect(messages.at(-1)).toMatchObject({ status: 'canceled', text: message.text });
    expect(await harness.textRequests()).toHaveLength(1);
  });

  it('broken by the gateway midway keeps what arrived, says why with the gateway’s own words, and is not sent again', async () => {
    const said = '上游服务暂时不可用，请稍后重试';
    await harness.admin('POST', '/faults', { kind: 'stream-error', message: said, afterEvents: 12, route, count: 1 });
    const { message, deltas } = await harness.reply({ model, action: 'chat', text: 'a paper boat on a rainy street' });
    expect(message.status).toBe('failed');
    expect(deltas.length).toBeGreaterThan(0);
    expect(message.text).toBe(deltas.join(''));
    expect(message.text).toMatch(/^Refined prompt: a paper/);
    expect(message.error).toMatchObject({ reason: 'assistant_reply_broken', gatewayMessage: said });
    expect(wordError(message.error ?? { code: 'internal', message: '' }, 'en').summary).toMatch(/^The reply stopped before it was finished\..*not sent again/);
    expect(wordError(message.error ?? { code: 'internal', message: '' }, 'zh-CN').summary).toMatch(/^回复在完成之前中断了。/);
    expect(await harness.textRequests()).toHaveLength(1);
  });
});

describe('a reply the gateway cuts or refuses', () => {
  it('a connection cut mid-stream keeps what arrived and fails as broken', async () => {
    await harness.admin('POST', '/faults', { kind: 'truncated-body', route: 'POST /v1/messages', count: 1 });
    const { message } = await harness.reply({ model: 'chat-haiku-4-5', action: 'chat', text: 'a lantern festival' });
    expect(message.status).toBe('failed');
    expect(message.error?.reason).toBe('assistant_reply_broken');
    expect(await harness.textRequests()).toHaveLength(1);
  });

  it('a refusal before any text shows the gateway’s message beside the explanation, and is not retried', async () => {
    const sent = async (): Promise<number> =>
      (await harness.admin<{ requests: Record<string, number> }>('GET', '/stats')).requests['POST /v1/chat/completions'] ?? 0;
    const before = await sent();
    await harness.admin('POST', '/faults', { kind: 'rate-limit', route: 'POST /v1/chat/completions', count: 1 });
    const { message } = await harness.reply({ model: 'gen-5.2-official', action: 'chat', text: 'a glass greenhouse' });
    expect(message).toMatchObject({ status: 'failed', text: '' });
    expect(message.error).toMatchObject({ reason: 'gateway_rate_limited', gatewayMessage: '请求过于频繁' });
    expect((await sent()) - before).toBe(1);
  });

  it('an unknown model is refused before anything is written', async () => {
    const before = await harness.call<unknown[]>('assistant.list_conversations', {});
    const answer = await harness.studio.router.dispatch('assistant.start_reply', { model: 'no-such-model', action: 'chat', text: 'hello' });
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.reason).toBe('assistant_model_unknown');
    expect(await harness.call<unknown[]>('assistant.list_conversations', {})).toHaveLength(before.length);
  });
});
