/**
 * The assistant's state: the text models and the one chosen, the open conversation with its
 * turns, replies on their way (their text grows with `assistant.reply_delta`), the message being
 * written and an image to describe. Calls to main live in the actions; each returns main's answer.
 */
import { create } from 'zustand';
import type {
  AssistantAction,
  AssistantMessage,
  AssistantModel,
  ConversationSummary,
  Envelope,
  EventPayload,
  StartReplyInput,
  StudioError,
  TextStyle,
} from '../../../../shared/contract';
import { studio } from '../../studio/studio-client';
import { remembered } from './remembered';

/** An image dropped or chosen for "describe". */
export interface PendingImage {
  name: string;
  /** Dropped or chosen bytes, or a library image (its bytes never leave main). */
  source: { bytes: ArrayBuffer } | { assetId: string };
  /** A local address for its thumbnail (revoked when it is cleared). */
  previewUrl: string | null;
}

export interface ReplyRequest {
  action: AssistantAction;
  text: string;
  variantId?: string | undefined;
  count?: number | undefined;
  targetLanguage?: 'en' | 'zh-CN' | undefined;
  image?: PendingImage | null | undefined;
}

type Started = { requestId: string; conversation: ConversationSummary; userMessage: AssistantMessage; reply: AssistantMessage };

interface AssistantState {
  open: boolean;
  models: readonly AssistantModel[];
  modelsStatus: 'idle' | 'loading' | 'ready' | 'error';
  modelsError: StudioError | null;
  modelId: string | null;
  conversation: ConversationSummary | null;
  messages: readonly AssistantMessage[];
  /** Request ids of replies on their way, by message id (what "Stop" cancels). */
  requests: Readonly<Record<string, string>>;
  /** Text and ends that arrived before the answer that named their message. */
  early: Readonly<Record<string, { text: string; ended: AssistantMessage | null }>>;
  conversations: readonly ConversationSummary[];
  input: string;
  image: PendingImage | null;
  setOpen: (open: boolean) => void;
  loadModels: () => Promise<Envelope<{ models: AssistantModel[]; demoMode: boolean }>>;
  chooseModel: (modelId: string) => void;
  setStyle: (modelId: string, style: TextStyle | null) => Promise<Envelope<AssistantModel>>;
  setInput: (input: string) => void;
  setImage: (image: PendingImage | null) => void;
  send: (request: ReplyRequest) => Promise<Envelope<Started>>;
  cancel: (messageId: string) => Promise<Envelope<{ canceled: boolean }>> | undefined;
  /** The next message starts a new conversation. */
  newConversation: () => void;
  openConversation: (id: string) => Promise<Envelope<{ conversation: ConversationSummary; messages: AssistantMessage[] }>>;
  /** Brings back this tab's conversation after a reload, unless the artist has started writing meanwhile. */
  resumeConversation: (id: string) => Promise<void>;
  loadConversations: () => Promise<Envelope<ConversationSummary[]>>;
  deleteConversation: (id: string) => Promise<Envelope<{ deleted: boolean }>>;
  delta: (event: EventPayload<'assistant.reply_delta'>) => void;
  ended: (event: EventPayload<'assistant.reply_ended'>) => void;
}

const withoutKey = <T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> => {
  const copy = { ...record };
  Reflect.deleteProperty(copy, key);
  return copy;
};

function imageInput(image: PendingImage): Pick<StartReplyInput, 'imageBytes' | 'imageName' | 'imageAssetId'> {
  return 'bytes' in image.source ? { imageBytes: image.source.bytes, imageName: image.name } : { imageAssetId: image.source.assetId };
}

/** Replies of other windows' conversations are kept this long at most (the oldest go first). */
const EARLY_KEPT = 40;

function keptEarly<T>(early: Readonly<Record<string, T>>): Record<string, T> {
  const keys = Object.keys(early);
  return keys.length <= EARLY_KEPT ? { ...early } : Object.fromEntries(keys.slice(-EARLY_KEPT).map((key) => [key, early[key] as T]));
}

function releasePreview(image: PendingImage | null): void {
  if (image?.previewUrl && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(image.previewUrl);
}

export const useAssistantStore = create<AssistantState>()((set, get) => ({
  open: remembered.open(),
  models: [],
  modelsStatus: 'idle',
  modelsError: null,
  modelId: remembered.model(),
  conversation: null,
  messages: [],
  requests: {},
  early: {},
  conversations: [],
  input: '',
  image: null,
  setOpen: (open) => {
    remembered.setOpen(open);
    set({ open });
  },
  loadModels: async () => {
    set({ modelsStatus: 'loading' });
    const answer = await studio().call('assistant.list_models', {});
    if (!answer.ok) {
      set({ modelsStatus: 'error', modelsError: answer.error });
      return answer;
    }
    const { models } = answer.value;
    const kept = models.find((model) => model.id === get().modelId);
    // The first of the chat family by default: the messages style takes images too.
    const fallback = models.find((model) => model.autoStyle === 'messages') ?? models[0];
    set({ models, modelsStatus: 'ready', modelsError: null, modelId: kept?.id ?? fallback?.id ?? null });
    return answer;
  },
  chooseModel: (modelId) => {
    remembered.setModel(modelId);
    set({ modelId });
  },
  setStyle: async (modelId, style) => {
    const answer = await studio().call('assistant.set_model_style', { model: modelId, style });
    if (answer.ok) set((state) => ({ models: state.models.map((model) => (model.id === modelId ? answer.value : model)) }));
    return answer;
  },
  setInput: (input) => set({ input }),
  setImage: (image) => {
    releasePreview(get().image);
    set({ image });
  },
  send: async (request) => {
    const { modelId, conversation } = get();
    const input: StartReplyInput = {
      conversationId: conversation?.id ?? null,
      model: modelId ?? '',
      action: request.action,
      text: request.text,
      ...(request.variantId === undefined ? {} : { variantId: request.variantId }),
      ...(request.count === undefined ? {} : { count: request.count }),
      ...(request.targetLanguage === undefined ? {} : { targetLanguage: request.targetLanguage }),
      ...(request.image ? imageInput(request.image) : {}),
    };
    const answer = await studio().call('assistant.start_reply', input);
    if (!answer.ok) return answer;
    const { requestId, userMessage, reply } = answer.value;
    remembered.setConversation(answer.value.conversation.id);
    set((state) => {
      const early = state.early[reply.id];
      const shown = early?.ended ?? { ...reply, text: reply.text + (early?.text ?? '') };
      return {
        conversation: answer.value.conversation,
        messages: [...(state.conversation?.id === answer.value.conversation.id ? state.messages : []), userMessage, shown],
        requests: early?.ended ? state.requests : { ...state.requests, [reply.id]: requestId },
        early: withoutKey(state.early, reply.id),
      };
    });
    return answer;
  },
  cancel: (messageId) => {
    const requestId = get().requests[messageId];
    return requestId === undefined ? undefined : studio().call('assistant.cancel_reply', { requestId });
  },
  newConversation: () => {
    remembered.setConversation(null);
    set({ conversation: null, messages: [] });
  },
  openConversation: async (id) => {
    const answer = await studio().call('assistant.get_conversation', { id });
    if (answer.ok) {
      remembered.setConversation(id);
      set({ conversation: answer.value.conversation, messages: answer.value.messages });
    } else if (get().conversation === null) {
      remembered.setConversation(null);
    }
    return answer;
  },
  resumeConversation: async (id) => {
    const answer = await studio().call('assistant.get_conversation', { id });
    // A message sent while this loaded began a new conversation, which stays in view.
    if (get().conversation !== null || get().messages.length > 0) return;
    if (answer.ok) set({ conversation: answer.value.conversation, messages: answer.value.messages });
    else remembered.setConversation(null);
  },
  loadConversations: async () => {
    const answer = await studio().call('assistant.list_conversations', { limit: 30 });
    if (answer.ok) set({ conversations: answer.value });
    return answer;
  },
  deleteConversation: async (id) => {
    const answer = await studio().call('assistant.delete_conversation', { id });
    if (answer.ok) {
      set((state) => ({ conversations: state.conversations.filter((conversation) => conversation.id !== id) }));
      if (get().conversation?.id === id) get().newConversation();
    }
    return answer;
  },
  delta: ({ messageId, text }) =>
    set((state) => {
      if (state.messages.some((message) => message.id === messageId)) {
        return { messages: state.messages.map((message) => (message.id === messageId ? { ...message, text: message.text + text } : message)) };
      }
      const early = state.early[messageId] ?? { text: '', ended: null };
      return { early: keptEarly({ ...state.early, [messageId]: { ...early, text: early.text + text } }) };
    }),
  ended: ({ message }) =>
    set((state) => {
      if (state.messages.some((shown) => shown.id === message.id)) {
        return { messages: state.messages.map((shown) => (shown.id === message.id ? message : shown)), requests: withoutKey(state.requests, message.id) };
      }
      // Another window's conversation, or this one's answer is still on its way.
      const early = state.early[message.id] ?? { text: '', ended: null };
      return { early: keptEarly({ ...state.early, [message.id]: { ...early, ended: message } }) };
    }),
}));

/** The model chosen, if the gateway still offers it. */
export const chosenModel = (state: Pick<AssistantState, 'models' | 'modelId'>): AssistantModel | undefined =>
  state.models.find((model) => model.id === state.modelId);
