import type { EventBus } from '../events/event-bus';
import { templateCsvOf, type LibraryDatabase } from '../library';
import { listPromptHistory } from '../library/prompt-history';
import type { RouteHandlers } from '../router/router';
import { StudioFailure } from '../router/failure';
import type { AssistantService } from './assistant-service';
import { deleteConversation, getConversation, listConversations, listMessages } from './conversations';
import { deletePreset, listPresets, savePreset } from './presets';

type PromptToolRoutes = Extract<keyof RouteHandlers, `assistant.${string}` | `prompts.${string}`>;

/** The assistant's routes, prompt history and presets. Preset changes are told to every window. */
export function promptToolHandlers(assistant: AssistantService, db: () => LibraryDatabase, bus: EventBus): Pick<RouteHandlers, PromptToolRoutes> {
  const presetsChanged = (): void => bus.emit('prompts.presets_changed', listPresets(db()));
  return {
    'assistant.list_models': () => assistant.listModels(),
    'assistant.set_model_style': ({ model, style }) => assistant.setModelStyle(model, style),
    'assistant.start_reply': (input) => assistant.startReply(input),
    'assistant.cancel_reply': ({ requestId }) => ({ canceled: assistant.cancel(requestId) }),
    'assistant.list_conversations': ({ limit }) => listConversations(db(), limit),
    'assistant.get_conversation': ({ id }) => {
      const conversation = getConversation(db(), id);
      if (!conversation) throw StudioFailure.of('conversation_not_found');
      return { conversation, messages: listMessages(db(), id) };
    },
    'assistant.delete_conversation': ({ id }) => ({ deleted: deleteConversation(db(), id) }),
    'prompts.list_history': (query) => listPromptHistory(db(), query),
    'prompts.template_csv': ({ template }) => templateCsvOf(db(), template),
    'prompts.list_presets': () => listPresets(db()),
    'prompts.save_preset': (draft) => {
      const preset = savePreset(db(), draft);
      presetsChanged();
      return preset;
    },
    'prompts.delete_preset': ({ id }) => {
      const deleted = deletePreset(db(), id);
      if (deleted) presetsChanged();
      return { deleted };
    },
  };
}
