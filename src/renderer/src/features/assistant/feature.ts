import { lazy } from 'react';
import type { FeatureModule } from '../../studio/feature-module';
import { useAssistantStore } from './assistant-store';

/**
 * The prompt tools: the assistant panel beside Create's form, and the history, presets and
 * assistant switch beside its prompt box. No page of its own; it follows its replies' events.
 */
export const assistantModule: FeatureModule = {
  name: 'assistant',
  routes: [],
  slots: {
    'create.aside': lazy(() => import('./AssistantPanel')),
    'create.prompt-tools': lazy(() => import('./PromptTools')),
  },
  events: {
    'assistant.reply_delta': (event) => useAssistantStore.getState().delta(event),
    'assistant.reply_ended': (event) => useAssistantStore.getState().ended(event),
  },
};
