/**
 * What the panel does with the artist's requests and the assistant's replies: quick actions on
 * the message (or on Create's prompt when the message is empty), sending, and putting a reply in
 * Create's form through the prompt draft channel.
 */
import type { AssistantAction, AssistantMessage, StudioError } from '../../../../shared/contract';
import { usePromptDraftStore } from '../../entities/prompt-draft-store';
import { showToast } from '../../ui';
import { useAssistantStore, type ReplyRequest } from './assistant-store';
import { looksChinese, promptFromReply } from './model/reply-text';

export interface ReplyActions {
  /** The text quick actions work on: the message, else Create's prompt. */
  sourceText: string;
  translateInto: 'en' | 'zh-CN';
  send: (action: AssistantAction, extra?: Omit<ReplyRequest, 'action' | 'text'>) => Promise<void>;
  use: (message: AssistantMessage, mode: 'replace' | 'insert') => void;
  lines: (lines: string[]) => void;
  copy: (message: AssistantMessage) => Promise<void>;
}

export function useReplyActions(onError: (error: StudioError | null) => void): ReplyActions {
  const input = useAssistantStore((s) => s.input);
  const prompt = usePromptDraftStore((s) => s.draft.prompt);
  const sourceText = input.trim() !== '' ? input : prompt;

  const send: ReplyActions['send'] = async (action, extra = {}) => {
    const store = useAssistantStore.getState();
    const typed = store.input.trim() !== '';
    // A plain message and a description's note are what was typed; the other actions fall back on the prompt.
    const text = typed || action === 'chat' || action === 'describe' ? store.input : usePromptDraftStore.getState().draft.prompt;
    const answer = await store.send({ action, text, ...extra });
    if (!answer.ok) {
      onError(answer.error);
      return;
    }
    onError(null);
    if (typed) store.setInput('');
    if (extra.image) store.setImage(null);
  };

  return {
    sourceText,
    translateInto: looksChinese(sourceText) ? 'en' : 'zh-CN',
    send,
    use: (message, mode) => {
      const text = promptFromReply(message.text);
      usePromptDraftStore.getState().send(mode === 'replace' ? { kind: 'replace', text } : { kind: 'insert', text });
      showToast((t) => (mode === 'replace' ? t('assistant.used') : t('assistant.inserted')), 'success');
    },
    lines: (lines) => {
      usePromptDraftStore.getState().send({ kind: 'lines', lines });
      showToast((t) => t('assistant.linesUsed', { count: lines.length }), 'success');
    },
    copy: async (message) => {
      try {
        await navigator.clipboard.writeText(message.text);
        showToast((t) => t('assistant.copied'), 'success');
      } catch {
        showToast((t) => t('assistant.copyFailed'), 'error');
      }
    },
  };
}
