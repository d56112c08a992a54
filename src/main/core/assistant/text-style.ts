/**
 * Which request style the assistant calls a text model in. The model list says which endpoints a
 * model serves (`supported_endpoint_types`: `chat_completions`, `responses`); the messages style
 * serves the chat family (`chat-…` ids), which the list does not name. An artist may pick another
 * style the model takes; the choice is kept per model.
 */
import type { TextStyle } from '../../../shared/contract';
import { RESPONSES_ONLY_MODELS } from '../../../shared/gateway/text';

export interface TextModelFacts {
  id: string;
  endpointTypes: readonly string[];
}

/** The messages style is for the chat family of models. */
function isChatFamily(model: Pick<TextModelFacts, 'id'>): boolean {
  return /^chat-/i.test(model.id);
}

/** Every style a model may be called in. */
export function stylesOf(model: TextModelFacts): TextStyle[] {
  const chat = model.endpointTypes.includes('chat_completions');
  const responses = model.endpointTypes.includes('responses');
  if (RESPONSES_ONLY_MODELS.includes(model.id) || (responses && !chat)) return ['responses'];
  const styles: TextStyle[] = [];
  if (isChatFamily(model)) styles.push('messages');
  // A list without endpoint types: deployments that omit it serve text through chat completions.
  if (chat || model.endpointTypes.length === 0) styles.push('chat');
  if (responses) styles.push('responses');
  return styles;
}

/** The style a model is called in unless the artist chose another. */
export function autoStyleOf(model: TextModelFacts): TextStyle {
  return stylesOf(model)[0] ?? 'chat';
}
