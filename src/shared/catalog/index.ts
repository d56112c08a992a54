/** The model-variant catalog: one declarative entry per variant, and what is derived from it. */
export type * from './types';
export {
  CATALOG,
  variantById,
  findVariants,
  variantsForModel,
  pollPath,
  contentPath,
  pollCadence,
  cadenceOfPoll,
  companionPoll,
  remixesOfficially,
  taskPollFor,
  taskPollPath,
  channelPreference,
  type ChannelView,
} from './registry';
export { CHANNEL_LABELS } from './labels';
export { genericEntry, parseGenericId, type GenericModelType } from './generic';
export { buildRequestSchema, buildPathSchema } from './request-schema';
export {
  buildRequestBody,
  buildRequestPath,
  validateRequest,
  validateRequestBody,
  formKeys,
  sizeChoiceOf,
  type FormValues,
  type BuiltRequest,
  type RequestValidation,
} from './request-body';
export type { RequestIssue, RequestWarning } from './rules';
export { validateReferences, effectiveFileLimits, type ReferenceFile, type ReferenceCheckOptions } from './references';
export { describeForm, type FormDescription, type FormFieldDescription, type FormControl, type FormChoice, type FormSizeOption } from './form';
export { extractMentions, extractPlaceholders, type Placeholder } from './prompt-syntax';
export { isHttpUrl } from './field-schema';
export { POLL_CADENCES, type PollCadence } from './limits';
export { pixelsOf } from './sizes';
export type { WireBody } from './wire-path';
export { priceKeyOf } from './price-key';
export { recipeValues, recipeOnVariant, referenceFieldOf, withReference, largerTiers, atTier, type ReferenceField } from './recipe-values';
export {
  DISPLAY_MODELS,
  SPEED_WORDS,
  MODE_WORDS,
  RUN_WORDS,
  displayModelOf,
  modesOf,
  memberFor,
  type CreateMode,
  type RunStyle,
  type SpeedWord,
  type ModelIcon,
  type DisplayMember,
  type DisplayModel,
} from './display-models';
