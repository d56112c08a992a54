import { message, type Message, type WordParam } from '../i18n/translate';
import {
  MAX_BATCH_PROMPTS,
  MAX_BATCH_PROMPTS_CHARS,
  MAX_CSV_BYTES,
  MAX_JSON_DEPTH,
  MAX_BATCH_VALUES_CHARS,
  MAX_PROMPT_CHARS,
  MAX_TEMPLATE_CHARS,
  MAX_TEMPLATE_COLUMN_REFERENCES,
} from './limits';

const input = (name: string, params?: Readonly<Record<string, WordParam>>): Message => message(`reasons.inputs.${name}`, params);

/**
 * The studio's own messages for rejected fields, with the limits they name. Schemas give the key
 * as the message (`inputMessages.profileName.key`), which is what crosses the contract;
 * `wordIssue` finds the message by that key and words it in the reader's language.
 */
export const inputMessages = {
  profileName: input('profileName'),
  profileNameLength: input('profileNameLength'),
  gatewayAddress: input('gatewayAddress'),
  gatewayPlainHttp: input('gatewayPlainHttp'),
  invalidId: input('invalidId'),
  invalidTaskId: input('invalidTaskId'),
  apiKeyTooShort: input('apiKeyTooShort'),
  libraryDirAbsolute: input('libraryDirAbsolute'),
  libraryDirNormalised: input('libraryDirNormalised'),
  libraryDirPlainCharacters: input('libraryDirPlainCharacters'),
  keyName: input('keyName'),
  keyNameLength: input('keyNameLength'),
  batchName: input('batchName'),
  batchModels: input('batchModels'),
  promptTooLong: input('promptTooLong', { limit: MAX_PROMPT_CHARS }),
  tooManyPrompts: input('tooManyPrompts', { limit: MAX_BATCH_PROMPTS }),
  promptsTooLong: input('promptsTooLong', { limit: MAX_BATCH_PROMPTS_CHARS }),
  templateTooLong: input('templateTooLong', { limit: MAX_TEMPLATE_CHARS }),
  templateTooManyReferences: input('templateTooManyReferences', { limit: MAX_TEMPLATE_COLUMN_REFERENCES, column: '{{column}}' }),
  csvTooLarge: input('csvTooLarge', { megabytes: MAX_CSV_BYTES / 1024 / 1024 }),
  batchOptionsTooLarge: input('batchOptionsTooLarge', { limit: MAX_BATCH_VALUES_CHARS }),
  batchOptionsTooDeep: input('batchOptionsTooDeep', { limit: MAX_JSON_DEPTH }),
  batchOptionsNotJson: input('batchOptionsNotJson'),
  characterSegment: input('characterSegment'),
  characterSource: input('characterSource'),
  fanOutModels: input('fanOutModels'),
  uploadTooLarge: input('uploadTooLarge'),
  assistantTextTooLong: input('assistantTextTooLong'),
  assistantNeedsText: input('assistantNeedsText'),
  assistantNeedsImage: input('assistantNeedsImage'),
  presetName: input('presetName'),
  presetNameLength: input('presetNameLength'),
  presetTextTooLong: input('presetTextTooLong'),
  presetOptionsTooLarge: input('presetOptionsTooLarge'),
} as const satisfies Record<string, Message>;

const byKey = new Map<string, Message>(Object.values(inputMessages).map((text) => [text.key, text]));

/** The studio's message with this key, if it is one of ours. */
export function knownInputMessage(key: string): Message | undefined {
  return byKey.get(key);
}
