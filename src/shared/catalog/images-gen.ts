import type { ChannelPreference, EnumField, FieldSpec, IntegerField, PromptField, Rule, SizeField, VariantEntry } from './types';
import { HELP, LABELS } from './labels';
import { MB, PNG_JPEG, PNG_ONLY } from './limits';
import { GEN_IMAGE_DIRECT_TIERS, GEN_IMAGE_TASK_TIERS } from './sizes';

const IMAGE_PATH = '/v1/images/generations';
const IMAGE_POLL = { pathTemplate: '/v1/images/generations/{task_id}', recordShape: 'generation-task', cadence: 'image' } as const;

const quality: EnumField = {
  type: 'enum',
  key: 'quality',
  label: LABELS.quality,
  help: HELP.quality,
  values: ['low', 'medium', 'high'],
  default: 'high',
  choiceLabels: { low: 'catalog.fields.lowDraft', medium: 'catalog.fields.medium', high: 'catalog.fields.high' },
};

const outputFormat: EnumField = {
  type: 'enum',
  key: 'output_format',
  label: LABELS.outputFormat,
  help: HELP.outputFormat,
  values: ['png', 'jpeg'],
  default: 'png',
};

// Variant A gives no range; a request may be served by the task channel, which takes 1-10.
const count: IntegerField = { type: 'integer', key: 'n', label: LABELS.count, min: 1, max: 10, default: 1, unit: 'images', advanced: true };

const atMostFourImages: Rule = {
  kind: 'warning',
  when: [{ field: 'n', above: 4 }],
  message: 'catalog.fields.atMost4ImagesComeBack',
};

// How the gateway picks the direct or the task channel of this model is not shown.
const channelNote = 'catalog.fields.theGatewayNotTheRequestDecides';
const usuallyDirect: ChannelPreference = { usually: 'direct', note: channelNote };
const usuallyQueued: ChannelPreference = { usually: 'queued', note: channelNote };

// Optional for the gateway (default 1024x1024); the form sends the size it shows.
const directSize: SizeField = {
  type: 'size',
  key: 'size',
  label: LABELS.size,
  sendDefault: true,
  wire: 'pixels',
  tiers: GEN_IMAGE_DIRECT_TIERS,
  allowAuto: true,
  default: { tier: '1K', ratio: '1:1' },
};

const promptA: PromptField = { type: 'prompt', key: 'prompt', label: LABELS.prompt, help: HELP.promptA, required: true, maxLength: 32_000 };

// Sent in the interface's examples; allowed values are not shown, so they are accepted, not offered.
const directHidden: readonly FieldSpec[] = [
  { type: 'enum', key: 'resolution', label: LABELS.resolution, values: ['1K', '2K', '4K'], hidden: true },
  { type: 'enum', key: 'response_format', label: 'catalog.fields.responseFormat', values: ['b64_json', 'url'], hidden: true },
];

const directCommon: readonly FieldSpec[] = [promptA, directSize, quality, outputFormat, count, ...directHidden];

/** Variant A, text-to-image and image-to-image (`reference_images`): direct Base64 result. */
export const genImageDirect: VariantEntry = {
  id: 'image.gen-image-2.direct',
  kind: 'image',
  modelIds: ['gen-image-2'],
  label: 'catalog.fields.image2Direct',
  help: 'catalog.fields.usuallyReturnsTheImageInThe',
  method: 'POST',
  path: IMAGE_PATH,
  response: 'direct',
  channel: usuallyDirect,
  fields: [
    ...directCommon,
    {
      type: 'image-list',
      key: 'reference_images',
      label: LABELS.referenceImages,
      help: HELP.publicUrls,
      minCount: 0,
      maxCount: 4,
      maxBytes: 2 * MB,
      mimeTypes: PNG_JPEG,
      item: { shape: 'string' },
      acceptsDataUrl: false,
    },
  ],
  rules: [atMostFourImages],
};

/** Variant A in edit mode (`image_urls` present, optional inpainting mask): summary result. */
export const genImageEdit: VariantEntry = {
  id: 'image.gen-image-2.edit',
  kind: 'image',
  modelIds: ['gen-image-2'],
  label: 'catalog.fields.image2Edit',
  help: 'catalog.fields.editsTheGivenImagesAddA',
  method: 'POST',
  path: IMAGE_PATH,
  response: 'summary',
  channel: usuallyDirect,
  fields: [
    ...directCommon,
    {
      type: 'image-list',
      key: 'image_urls',
      label: LABELS.editImages,
      help: HELP.publicUrls,
      required: true,
      minCount: 1,
      maxCount: 4,
      maxBytes: 2 * MB,
      mimeTypes: PNG_JPEG,
      item: { shape: 'string' },
      acceptsDataUrl: false,
    },
    { type: 'mask', key: 'mask_url', label: LABELS.mask, help: HELP.mask, referenceField: 'image_urls', maxBytes: 2 * MB, mimeTypes: PNG_ONLY },
  ],
  rules: [atMostFourImages],
};

/** Variant B: the official channel, usually an asynchronous task. */
export const genImageTask: VariantEntry = {
  id: 'image.gen-image-2.task',
  kind: 'image',
  modelIds: ['gen-image-2'],
  label: 'catalog.fields.image2OfficialQueued',
  help: 'catalog.fields.usuallyRunsAsATaskOn',
  method: 'POST',
  path: IMAGE_PATH,
  response: 'task',
  channel: usuallyQueued,
  // 4K at high quality can take up to 130 s; the interface advises waiting at least 180 s.
  poll: { ...IMAGE_POLL, deadlineMs: 300_000 },
  fields: [
    { type: 'prompt', key: 'prompt', label: LABELS.prompt, required: true, help: 'catalog.fields.chineseOrEnglish' },
    {
      // Optional for the gateway (default 1:1); the form sends the ratio it shows.
      type: 'size',
      key: 'size',
      label: LABELS.size,
      sendDefault: true,
      wire: 'ratio',
      tierKey: 'resolution',
      tierLabel: LABELS.resolution,
      tiers: GEN_IMAGE_TASK_TIERS,
      allowAuto: true,
      default: { tier: '1K', ratio: '1:1' },
    },
    quality,
    outputFormat,
    {
      type: 'integer',
      key: 'output_compression',
      label: LABELS.outputCompression,
      min: 0,
      max: 100,
      default: 100,
      help: 'catalog.fields.jpegOnly0IsTheLowest',
      onlyWhen: { field: 'output_format', equals: 'jpeg' },
      advanced: true,
    },
    count,
    {
      type: 'image-list',
      key: 'image_urls',
      label: LABELS.referenceImages,
      help: HELP.publicUrls,
      minCount: 0,
      maxCount: 16,
      maxBytes: 50 * MB,
      mimeTypes: PNG_JPEG,
      item: { shape: 'string' },
      acceptsDataUrl: false,
    },
    { type: 'mask', key: 'mask_url', label: LABELS.mask, help: HELP.mask, referenceField: 'image_urls', maxBytes: 50 * MB, mimeTypes: PNG_ONLY },
    {
      type: 'enum',
      key: 'background',
      label: LABELS.background,
      values: ['auto', 'transparent'],
      // Other values are "not shown" by the interface: sent, with a warning.
      othersMatching: '^[a-z][a-z_-]*$',
      advanced: true,
      help: 'catalog.fields.aTransparentBackgroundComesBackAs',
    },
  ],
  rules: [
    atMostFourImages,
    {
      kind: 'warning',
      when: [{ field: 'background', equals: 'transparent' }],
      message: 'catalog.fields.aTransparentBackgroundIsDowngradedTo',
    },
    {
      kind: 'warning',
      when: [
        { field: 'resolution', equals: '4K' },
        { field: 'quality', equals: 'high' },
      ],
      message: 'catalog.fields.n4kAtHighQualityCanTake',
    },
  ],
};
