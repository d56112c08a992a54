/**
 * What the quick actions send and get back, and conversations kept in the library: continuing
 * one sends its history; describing an image sends an image block; expanding an idea gives one
 * prompt per line; improving tells the model the variant's rules; a reply cut by a stop of the
 * studio is still there, with what arrived, after a restart.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AssistantMessage, ConversationSummary } from '../../../src/shared/contract';
import { startAssistantStudio, type AssistantHarness } from './harness';

let harness: AssistantHarness;
beforeAll(async () => {
  harness = await startAssistantStudio();
});
afterAll(async () => {
  await harness.stop();
});
beforeEach(async () => {
  await harness.admin('DELETE', '/text-requests');
});

type Block = Record<string, unknown>;
const lastUserContent = (body: Record<string, unknown>): Block[] => {
  const messages = body.messages as { role: string; content: Block[] | string }[];
  const last = messages.at(-1)?.content;
  return Array.isArray(last) ? last : [];
};

describe('a conversation', () => {
  it('continues with its history sent along, and is listed and reopened with every turn', async () => {
    const first = await harness.reply({ model: 'chat-sonnet-4-6', action: 'chat', text: 'a windmill on a hill' });
    const second = await harness.reply({
      conversationId: first.started.conversation.id,
      model: 'chat-sonnet-4-6',
      action: 'chat',
      text: 'at night, in the rain',
    });
    expect(second.started.conversation.id).toBe(first.started.conversation.id);
    expect(second.message.text).toMatch(/^Building on "a windmill on a hill": Refined prompt: at night, in the rain/);
    const [, sent] = await harness.textRequests();
    expect((sent?.body.messages as { role: string; content: string }[]).map((m) => [m.role, m.content])).toEqual([
      ['user', 'a windmill on a hill'],
      ['assistant', first.message.text],
      ['user', 'at night, in the rain'],
    ]);
    const listed = await harness.call<ConversationSummary[]>('assistant.list_conversations', {});
    expect(listed[0]).toMatchObject({ id: first.started.conversation.id, title: 'a windmill on a hill', messageCount: 4 });
    const { messages } = await harness.call<{ messages: AssistantMessage[] }>('assistant.get_conversation', { id: first.started.conversation.id });
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(await harness.call('assistant.delete_conversation', { id: first.started.conversation.id })).toEqual({ deleted: true });
    const gone = await harness.studio.router.dispatch('assistant.get_conversation', { id: first.started.conversation.id });
    expect(gone.ok ? null : gone.error.reason).toBe('conversation_not_found');
  });

  it('a new conversation starts when none is named', async () => {
    const a = await harness.reply({ model: 'chat-haiku-4-5', action: 'chat', text: 'a red bicycle' });
    const b = await harness.reply({ model: 'chat-haiku-4-5', action: 'chat', text: 'a blue kite' });
    expect(a.started.conversation.id).not.toBe(b.started.conversation.id);
  });
});

describe('quick actions', () => {
  it('describing a dropped image sends it as an image block of its type (messages style)', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c84' } })
      .png()
      .toBuffer();
    const { message, started } = await harness.reply({
      model: 'chat-sonnet-4-6',
      action: 'describe',
      text: '',
      imageBytes: new Uint8Array(png),
      imageName: 'sunset.png',
    });
    expect(started.userMessage).toMatchObject({ action: 'describe', image: { name: 'sunset.png', mime: 'image/png' } });
    expect(message.text).toContain('Using 1 reference image as a visual guide.');
    const [sent] = await harness.textRequests();
    const [image, text] = lastUserContent(sent?.body ?? {});
    expect(image).toMatchObject({ type: 'image', source: { type: 'base64', media_type: 'image/png' } });
    expect(String((image?.source as Block).data)).toMatch(new RegExp(`^${png.toString('base64').slice(0, 32).replace(/[+/]/g, '\\$&')}`));
    expect(text).toEqual({ type: 'text', text: 'Describe this image as a prompt.' });
  });

  it('a large photo is sent smaller; a file that is no image is refused before anything is sent', async () => {
    const photo = await sharp({ create: { width: 3200, height: 2000, channels: 3, background: '#468' } })
      .jpeg()
      .toBuffer();
    await harness.reply({ model: 'gen-5.2-official', action: 'describe', text: 'moody', imageBytes: new Uint8Array(photo), imageName: 'photo.jpg' });
    const [sent] = await harness.textRequests();
    const part = lastUserContent(sent?.body ?? {}).find((block) => block.type === 'image_url');
    const url = String((part?.image_url as Block).url);
    expect(url).toMatch(/^data:image\/jpeg;base64,/);
    // The record keeps the start and the length of long strings: the image went smaller than the photo.
    const sentChars = Number(/\((\d+) characters\)$/.exec(url)?.[1] ?? url.length);
    expect(sentChars).toBeLessThan(`data:image/jpeg;base64,${photo.toString('base64')}`.length);
    const refused = await harness.studio.router.dispatch('assistant.start_reply', {
      model: 'chat-sonnet-4-6',
      action: 'describe',
      text: '',
      imageBytes: new Uint8Array(Buffer.from('not a picture')),
      imageName: 'notes.txt',
    });
    expect(refused.ok ? null : refused.error.reason).toBe('assistant_image_unreadable');
    expect(await harness.textRequests()).toHaveLength(1);
  });

  it('expanding an idea asks for that many prompts and gets one per line', async () => {
    const { message } = await harness.reply({ model: 'gen-5.2-official', action: 'expand', text: 'a lighthouse at dusk', count: 4 });
    const lines = message.text.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^1\. a lighthouse at dusk, /);
    const [sent] = await harness.textRequests();
    expect(String((sent?.body.messages as { content: string }[])[0]?.content)).toContain('Write 4 variations');
  });

  it('improving for a variant tells the model that variant’s rules and limits', async () => {
    await harness.reply({ model: 'gen-5-pro-official', action: 'improve', text: 'a fox runs', variantId: 'video.clip-3.0-turbo' });
    const [sent] = await harness.textRequests();
    const instructions = String(sent?.body.instructions);
    expect(instructions).toContain('Clip 3.0 Turbo (video)');
    expect(instructions).toContain('3 to 15 seconds');
    expect(sent?.body.input).toEqual([{ role: 'user', content: 'a fox runs' }]);
  });
});

describe('a reply cut by a stop of the studio', () => {
  it('is kept with what arrived, and closed as failed when the studio starts again', async () => {
    const own = await startAssistantStudio();
    let arrived = '';
    const { started } = await own.start(
      { model: 'chat-opus-4-6', action: 'chat', text: 'echo: ' + Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ') },
      (text) => void (arrived += text),
    );
    // Stopped once a few words have arrived, however busy the machine (the whole reply takes 4 s).
    while (!arrived.includes('word2')) await new Promise((resolve) => setTimeout(resolve, 10));
    await own.stop();
    const again = await startAssistantStudio({ dataDir: own.dataDir });
    try {
      const { messages } = await again.call<{ messages: AssistantMessage[] }>('assistant.get_conversation', { id: started.conversation.id });
      const reply = messages.at(-1);
      expect(reply).toMatchObject({ role: 'assistant', status: 'failed', error: { reason: 'assistant_reply_interrupted' } });
      expect(reply?.text).toMatch(/^word0 word1/);
    } finally {
      await again.stop();
    }
  });
});
