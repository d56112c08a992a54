/** The model-variant catalog: one declarative entry per variant, and what is derived from it. */
export type * from './types';
export {
  CATALOG,
  variantById,
  findVariants,
  variantsForModel,
  pollPath,
  contentPath,
  cadenceOfPoll,
  companionPoll,
  remixesOfficially,
  taskPollFor,
  taskPollPath,
  channelPreference,
} from './registry';
export { parseGenericId } from './generic';
export { modelNameOf, variantNameOf } from './model-names';
export { buildRequestBody, buildRequestPath, sizeChoiceOf, type FormValues } from './request-body';
export { PendingReference } from './pending-reference';
export { checkRequest, checkWireRequest, requestPath, type RequestCheck, type WireRequest } from './request-check';
export { PROBLEM_CODES, NOTICE_CODES, type ProblemCode, type ProblemParams, type RequestProblem, type RequestNotice } from './request-problems';
export { fieldLabelOf, isProblemCode, wordNotice, wordProblem } from './problem-wording';
export { validateReferences, type ReferenceFile } from './references';
export { describeForm, type FormDescription, type FormFieldDescription } from './form';
export { extractMentions } from './prompt-syntax';
export { characterNameProblem, mentionOf, promptAsSent, promptAsWritten, usernameMeant, type NamedCharacter } from './character-names';
export { isHttpUrl } from './field-schema';
export { POLL_CADENCES, type PollCadence } from './limits';
export type { WireBody } from './wire-path';
export { priceKeyOf } from './price-key';
export { recipeValues, recipeOnVariant, withReference, largerTiers, atTier } from './recipe-values';
export {
  SPEED_WORDS,
  MODE_WORDS,
  RUN_WORDS,
  displayModelOf,
  memberFor,
  type CreateMode,
  type RunStyle,
  type SpeedWord,
  type ModelIcon,
} from './display-models';
