import { History, SquarePen, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { displayModelOf, variantById } from '../../../../shared/catalog';
import type { StudioError } from '../../../../shared/contract';
import { usePerGateway } from '../../entities/use-per-gateway';
import { usePromptDraftStore } from '../../entities/prompt-draft-store';
import { ErrorMessage } from '../../errors/ErrorMessage';
import { useLocale } from '../../errors/use-error-wording';
import { Button, IconButton } from '../../ui';
import { chosenModel, useAssistantStore } from './assistant-store';
import { ConversationsDialog } from './components/ConversationsDialog';
import { MessageComposer } from './components/MessageComposer';
import { MessageItem } from './components/MessageItem';
import { ModelRow } from './components/ModelRow';
import { QuickActions } from './components/QuickActions';
import { remembered } from './remembered';
import { useReplyActions } from './use-reply-actions';
import { useStickToEnd } from './use-stick-to-end';
import './AssistantPanel.css';
import { sayWords } from '../../i18n/use-words';

/** The model as the picker names it ("Image 2"), not the variant behind it. */
function modelName(variantId: string): string | null {
  return sayWords(displayModelOf(variantId)?.model.name) ?? sayWords(variantById(variantId)?.label) ?? null;
}

/**
 * The prompt assistant beside Create's form: the text model and its style, the conversation as it
 * streams, quick actions on the prompt, and the message box (with an image to describe). Replies
 * go into Create's form through the prompt draft channel. Closed, it shows nothing (the prompt
 * tools beside the prompt box open it again).
 */
function AssistantPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const state = useAssistantStore(
    useShallow((s) => ({
      open: s.open,
      models: s.models,
      modelsStatus: s.modelsStatus,
      modelsError: s.modelsError,
      modelId: s.modelId,
      conversation: s.conversation,
      messages: s.messages,
      conversations: s.conversations,
      input: s.input,
      image: s.image,
    })),
  );
  const model = useAssistantStore(chosenModel);
  const variantId = usePromptDraftStore((s) => s.draft.variantId);
  const loadModels = useAssistantStore((s) => s.loadModels);
  const [error, setError] = useState<StudioError | null>(null);
  const [busy, setBusy] = useState(false);
  const [count, setCount] = useState(4);
  const [listOpen, setListOpen] = useState(false);
  const log = useRef<HTMLOListElement>(null);
  const actions = useReplyActions(setError);
  const store = useAssistantStore.getState();
  const variantLabel = variantId ? modelName(variantId) : null;
  const streamingReply = state.messages.findLast((message) => message.status === 'streaming');
  const streaming = streamingReply !== undefined;
  const lastText = state.messages.at(-1)?.text.length ?? 0;
  const lastStatus = state.messages.at(-1)?.status;

  // Its text models each time the panel opens, and again whenever another gateway answers.
  usePerGateway(loadModels, state.open);
  // This Create session's conversation comes back after a reload.
  useEffect(() => {
    const id = remembered.conversation();
    if (id !== null && useAssistantStore.getState().conversation === null) void useAssistantStore.getState().resumeConversation(id);
  }, []);
  // The newest text stays in view as it streams, and its buttons once it ends.
  useStickToEnd(log, state.open, `${state.messages.length}:${lastText}:${lastStatus ?? ''}`);

  if (!state.open) return null;

  const run = async (work: () => Promise<void>): Promise<void> => {
    setBusy(true);
    await work();
    setBusy(false);
  };
  const ready = state.modelsStatus === 'ready' && model !== undefined;
  const hasText = actions.sourceText.trim() !== '';
  const turnLabel = (action: string, messageVariant: string | null): string | null => {
    if (action === 'improve') {
      const label = messageVariant ? modelName(messageVariant) : null;
      return label ? t('assistant.turn.improveFor', { variant: label }) : t('assistant.turn.improve');
    }
    if (action === 'translate') return t('assistant.turn.translate');
    if (action === 'describe') return t('assistant.turn.describe');
    if (action === 'expand') return t('assistant.turn.expand');
    return null;
  };
  const dateOf = (time: number): string => new Date(time).toLocaleString(locale, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

  return (
    // `create-aside`: Create's layout makes room for it beside the form.
    <aside className="assistant-panel create-aside" aria-label={t('assistant.title')}>
      <header className="assistant-head">
        <h2 className="assistant-title">{t('assistant.title')}</h2>
        <IconButton
          size="sm"
          icon={History}
          label={t('assistant.conversations')}
          onClick={() => {
            void store.loadConversations();
            setListOpen(true);
          }}
        />
        <IconButton size="sm" icon={SquarePen} label={t('assistant.newConversation')} disabled={state.messages.length === 0} onClick={store.newConversation} />
        <IconButton size="sm" icon={X} label={t('assistant.close')} onClick={() => store.setOpen(false)} />
      </header>
      {state.modelsStatus === 'error' && state.modelsError && (
        <div className="assistant-problem">
          <p>{t('assistant.modelsFailed')}</p>
          <ErrorMessage error={state.modelsError} />
          <Button size="sm" onClick={() => void store.loadModels()}>
            {t('assistant.retry')}
          </Button>
        </div>
      )}
      {state.modelsStatus === 'loading' && state.models.length === 0 && <p className="assistant-note">{t('assistant.modelsLoading')}</p>}
      {state.modelsStatus === 'ready' && state.models.length === 0 && <p className="assistant-note">{t('assistant.noModels')}</p>}
      {state.models.length > 0 && (
        <ModelRow
          models={state.models}
          model={model}
          onModel={store.chooseModel}
          onStyle={(style) => {
            if (model) void store.setStyle(model.id, style).then((answer) => setError(answer.ok ? null : answer.error));
          }}
        />
      )}
      <ol ref={log} className="assistant-log" aria-label={t('assistant.log')} aria-live="polite" aria-relevant="additions">
        {state.messages.length === 0 && <li className="assistant-empty">{t('assistant.empty')}</li>}
        {state.messages.map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            turnLabel={turnLabel(message.action, message.variantId)}
            onUse={(mode) => actions.use(message, mode)}
            onLines={actions.lines}
            onCopy={() => void actions.copy(message)}
          />
        ))}
      </ol>
      {error && (
        <div className="assistant-problem" role="alert">
          <ErrorMessage error={error} />
          <IconButton size="sm" icon={X} label={t('alert.dismiss')} onClick={() => setError(null)} />
        </div>
      )}
      <QuickActions
        variantLabel={variantLabel}
        translateInto={actions.translateInto}
        count={count}
        onCount={setCount}
        hasText={hasText && ready}
        hasImage={state.image !== null && ready}
        busy={busy || streaming}
        showHint={state.messages.length === 0}
        onImprove={() => void run(() => actions.send('improve', variantId ? { variantId } : {}))}
        onTranslate={() => void run(() => actions.send('translate', { targetLanguage: actions.translateInto }))}
        onDescribe={() => void run(() => actions.send('describe', { image: state.image, ...(variantId ? { variantId } : {}) }))}
        onExpand={() => void run(() => actions.send('expand', { count, ...(variantId ? { variantId } : {}) }))}
      />
      <MessageComposer
        value={state.input}
        onChange={store.setInput}
        image={state.image}
        onImageFile={(file) => {
          void file.arrayBuffer().then((bytes) => {
            const previewUrl = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
            store.setImage({ name: file.name, source: { bytes }, previewUrl });
          });
        }}
        onImageAsset={(assetId, name) => store.setImage({ name, source: { assetId }, previewUrl: null })}
        onRemoveImage={() => store.setImage(null)}
        onSend={() => void run(() => actions.send(state.image ? 'describe' : 'chat', state.image ? { image: state.image } : {}))}
        onStop={streamingReply ? () => void store.cancel(streamingReply.id) : null}
        busy={busy}
        disabled={!ready || (state.input.trim() === '' && state.image === null) || streaming}
      />
      <ConversationsDialog
        open={listOpen}
        conversations={state.conversations}
        currentId={state.conversation?.id ?? null}
        dateOf={dateOf}
        onOpen={(id) => {
          setListOpen(false);
          void store.openConversation(id).then((answer) => setError(answer.ok ? null : answer.error));
        }}
        onDelete={(conversation) => void store.deleteConversation(conversation.id)}
        onClose={() => setListOpen(false)}
      />
    </aside>
  );
}

export default AssistantPanel;
