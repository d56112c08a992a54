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
export { distinctModelNames, modelNameOf, variantNameOf } from './model-names';
export { buildPathSchema } from './request-schema';
export { buildRequestBody, buildRequestPath, validateRequest, validateRequestBody, sizeChoiceOf, type FormValues, type BuiltRequest } from './request-body';
export type { RequestIssue, RequestWarning } from './rules';
export { validateReferences, type ReferenceFile } from './references';
export { describeForm, type FormDescription, type FormFieldDescription } from './form';
export { extractMentions, extractPlaceholders } from './prompt-syntax';
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
