import type { EnumField, MediaListField, SizeField, VariantEntry } from './types';
import { HELP, LABELS } from './labels';
import { JPEG_PNG_WEBP, MB } from './limits';
import { NOVA_OFFICIAL_TIERS, NOVA_PIXEL_TIERS } from './sizes';

const IMAGE_PATH = '/v1/images/generations';

/** Pixel sizes of the direct models C and D; optional for the gateway, the form sends the size it shows. */
const novaPixelSize: SizeField = {
  type: 'size',
  key: 'size',
  label: LABELS.size,
  sendDefault: true,
  wire: 'pixels',
  tiers: NOVA_PIXEL_TIERS,
  allowAuto: false,
  default: { tier: '1K', ratio: '1:1' },
};

// The interface gives the count limit (4) for C and D together and the 2MB limit for C only.
const novaReferenceUrls: MediaListField = {
  type: 'image-list',
  key: 'image_urls',
  label: LABELS.referenceImages,
  help: HELP.publicUrls,
  minCount: 0,
  maxCount: 4,
  mimeTypes: JPEG_PNG_WEBP,
  item: { shape: 'object', urlKey: 'url' },
  acceptsDataUrl: false,
};

// C and D take "n": 1 only; it is sent but never shown.
const singleImageCount: EnumField = { type: 'enum', key: 'n', label: LABELS.count, values: [1], hidden: true };

/** Variant C: fast model of the second family; direct result; `image_urls` items are `{url}`. */
export const novaFlash: VariantEntry = {
  id: 'image.nova-3.1-flash-image',
  kind: 'image',
  // The interface's default first; its examples use the id without `-preview`.
  modelIds: ['nova-3.1-flash-image-preview', 'nova-3.1-flash-image'],
  label: 'catalog.fields.nova31FlashImage',
  help: 'catalog.fields.fastImageGenerationAndEditingWith',
  method: 'POST',
  path: IMAGE_PATH,
  response: 'direct',
  fields: [
    { type: 'prompt', key: 'prompt', label: LABELS.prompt, required: true },
    // "Extreme ratios such as 1:4 and 8:1 are supported by the model", without their pixel sizes.
    { ...novaPixelSize, othersMatching: '^(\\d+x\\d+|\\d+:\\d+)$' },
    { ...novaReferenceUrls, maxBytes: 2 * MB },
    {
      type: 'search-tools',
      key: 'tools',
      label: 'catalog.fields.searchEnhancement',
      advanced: true,
      help: 'catalog.fields.letTheModelLookThingsUp',
      toolType: 'external_search',
      searchTypes: ['web_search', 'image_search'],
    },
    // "pass 1"; Base64 is the only documented answer format.
    singleImageCount,
    { type: 'enum', key: 'response_format', label: 'catalog.fields.responseFormat', values: ['b64_json'], hidden: true },
  ],
  rules: [],
};

/** Variant D: pro model of the second family; direct result. */
export const novaPro: VariantEntry = {
  id: 'image.nova-3-pro-image',
  kind: 'image',
  modelIds: ['nova-3-pro-image-preview', 'nova-3-pro-image'],
  label: 'catalog.fields.nova3ProImage',
  help: 'catalog.fields.highQualityImagesAndEditsLong',
  method: 'POST',
  path: IMAGE_PATH,
  response: 'direct',
  fields: [
    {
      type: 'prompt',
      key: 'prompt',
      label: LABELS.prompt,
      required: true,
      help: 'catalog.fields.theUpstreamLimitIs65536',
    },
    novaPixelSize,
    novaReferenceUrls,
    // The interface shows `n` as "example 1" only: other counts are sent, with a warning.
    { ...singleImageCount, othersMatching: '^[1-9]\\d*$' },
  ],
  rules: [],
};

const personGeneration: EnumField = {
  type: 'enum',
  key: 'metadata.personGeneration',
  label: 'catalog.fields.peopleInImages',
  advanced: true,
  values: ['ALLOW_ALL', 'ALLOW_ADULT', 'ALLOW_NONE'],
  choiceLabels: { ALLOW_ALL: 'catalog.fields.allowAll', ALLOW_ADULT: 'catalog.fields.adultsOnly', ALLOW_NONE: 'catalog.fields.noPeople' },
};

const HARM_CATEGORIES = ['HARM_CATEGORY_HATE_SPEECH', 'HARM_CATEGORY_DANGEROUS_CONTENT', 'HARM_CATEGORY_SEXUALLY_EXPLICIT', 'HARM_CATEGORY_HARASSMENT'];
const HARM_THRESHOLDS = ['OFF', 'BLOCK_LOW_AND_ABOVE', 'BLOCK_MEDIUM_AND_ABOVE', 'BLOCK_ONLY_HIGH'];

/** Variant E: official channel of the pro model; asynchronous task with native `metadata` options. */
export const novaOfficial: VariantEntry = {
  id: 'image.nova-3-pro-image.official',
  kind: 'image',
  modelIds: ['nova-3-pro-image-preview-official'],
  label: 'catalog.fields.nova3ProImageOfficialQueued',
  help: 'catalog.fields.runsAsATaskUpTo',
  method: 'POST',
  path: IMAGE_PATH,
  response: 'task',
  // The interface's image advice (2 s, then every 3 s, 40 polls) at 1K; larger tiers take longer,
  // as variant B's 4K does ("up to 130 seconds"). Past its deadline a task is still followed.
  poll: {
    pathTemplate: '/v1/images/generations/{task_id}',
    recordShape: 'generation-task',
    cadence: 'image',
    slowerWhen: [
      { when: [{ field: 'metadata.resolution', equals: '4K' }], deadlineMs: 300_000 },
      { when: [{ field: 'metadata.resolution', equals: '2K' }], deadlineMs: 180_000 },
    ],
  },
  fields: [
    { type: 'prompt', key: 'prompt', label: LABELS.prompt, required: true },
    {
      type: 'size',
      key: 'size',
      label: LABELS.aspectRatio,
      sendDefault: true,
      wire: 'ratio',
      tierKey: 'metadata.resolution',
      tierLabel: LABELS.resolution,
      tiers: NOVA_OFFICIAL_TIERS,
      allowAuto: false,
      default: { tier: '1K', ratio: '1:1' },
    },
    { type: 'enum', key: 'n', label: LABELS.count, values: [1], default: 1, hidden: true },
    {
      type: 'image-list',
      key: 'image_urls',
      label: LABELS.referenceImages,
      help: HELP.publicUrls,
      minCount: 0,
      maxCount: 14,
      maxBytes: 10 * MB,
      mimeTypes: JPEG_PNG_WEBP,
      item: { shape: 'string' },
      acceptsDataUrl: false,
    },
    { type: 'number', key: 'metadata.temperature', label: 'catalog.fields.temperature', min: 0, max: 2, step: 0.1, advanced: true },
    { type: 'number', key: 'metadata.topP', label: 'catalog.fields.topP', min: 0, max: 1, step: 0.05, default: 0.95, advanced: true },
    {
      type: 'integer',
      key: 'metadata.maxOutputTokens',
      label: 'catalog.fields.maxOutputTokens',
      min: 1,
      max: 32_768,
      default: 32_768,
      unit: 'tokens',
      advanced: true,
    },
    personGeneration,
    {
      type: 'enum',
      key: 'metadata.imageOutputOptions.mimeType',
      label: LABELS.outputFormat,
      advanced: true,
      values: ['image/png', 'image/jpeg', 'image/webp'],
      choiceLabels: { 'image/png': 'catalog.fields.png', 'image/jpeg': 'catalog.fields.jpeg', 'image/webp': 'catalog.fields.webp' },
    },
    {
      type: 'integer',
      key: 'metadata.imageOutputOptions.compressionQuality',
      label: 'catalog.fields.jpegQuality',
      min: 0,
      max: 100,
      advanced: true,
      onlyWhen: { field: 'metadata.imageOutputOptions.mimeType', equals: 'image/jpeg' },
    },
    {
      type: 'integer',
      key: 'metadata.thinkingConfig.thinkingBudget',
      label: 'catalog.fields.thinkingBudget',
      min: 0,
      max: 24_576,
      unit: 'tokens',
      advanced: true,
      help: 'catalog.fields.leaveEmptyToLetTheModel',
    },
    {
      type: 'enum',
      key: 'metadata.thinkingConfig.thinkingLevel',
      label: 'catalog.fields.thinkingLevel',
      values: ['MINIMAL', 'LOW', 'MEDIUM', 'HIGH'],
      advanced: true,
    },
    {
      type: 'object-list',
      key: 'metadata.safetySettings',
      label: 'catalog.fields.safetySettings',
      advanced: true,
      itemFields: [
        { type: 'enum', key: 'category', label: 'catalog.fields.category', values: HARM_CATEGORIES, required: true },
        { type: 'enum', key: 'threshold', label: 'catalog.fields.threshold', values: HARM_THRESHOLDS, required: true },
      ],
    },
  ],
  rules: [],
};
