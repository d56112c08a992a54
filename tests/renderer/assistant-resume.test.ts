import { describe, expect, it } from 'vitest';
import { useAssistantStore } from '../../src/renderer/src/features/assistant/assistant-store';
import { eventually, studioPerFile } from './studio-harness';

studioPerFile();

async function converse(text: string): Promise<string> {
  const store = useAssistantStore.getState();
  await store.loadModels();
  const started = await store.send({ action: 'chat', text: `echo: ${text}` });
  if (!started.ok) throw new Error(started.error.message);
  await eventually(() => expect(useAssistantStore.getState().messages.at(-1)).toMatchObject({ status: 'done', text }));
  return started.value.conversation.id;
}

describe('the assistant after a reload', () => {
  it('brings back the tab’s conversation', async () => {
    const earlier = await converse('the earlier conversation');
    useAssistantStore.getState().newConversation();
    await useAssistantStore.getState().resumeConversation(earlier);
    expect(useAssistantStore.getState().conversation?.id).toBe(earlier);
    expect(useAssistantStore.getState().messages.map((message) => message.text)).toEqual(['echo: the earlier conversation', 'the earlier conversation']);
  });

  it('keeps a message sent before the earlier conversation loaded in view, instead of replacing it', async () => {
    const earlier = await converse('the earlier conversation');
    useAssistantStore.getState().newConversation();
    const sentMeanwhile = await converse('written at once');
    await useAssistantStore.getState().resumeConversation(earlier);
    expect(useAssistantStore.getState().conversation?.id).toBe(sentMeanwhile);
    expect(useAssistantStore.getState().messages.at(-1)?.text).toBe('written at once');
  });
});
