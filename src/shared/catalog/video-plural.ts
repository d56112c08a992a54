import type { FieldSpec, VariantEntry } from './types';
import { HELP, LABELS } from './labels';
import { UPLOAD_LIMITS, VIDEO_MIME_TYPES } from './limits';
import { PLURAL_VIDEO_TASK } from './video-plural-route';

const durationRange = (min: number, max: number, fallback: number): FieldSpec => ({
  type: 'integer',
  key: 'duration',
  label: LABELS.duration,
  help: HELP.duration,
  min,
  max,
  default: fallback,
  unit: 'seconds',
});

/** Turbo model: text-to-video or first-frame image-to-video. */
export const clipTurbo: VariantEntry = {
  id: 'video.clip-3.0-turbo',
  kind: 'video',
  modelIds: ['clip-3.0-turbo'],
  label: 'catalog.fields.clip30Turbo',
  help: 'catalog.fields.fastVideoAReferenceImageBecomes',
  ...PLURAL_VIDEO_TASK,
  fields: [
    { type: 'prompt', key: 'prompt', label: LABELS.prompt, required: true },
    {
      type: 'image-list',
      key: 'reference_images',
      label: LABELS.firstFrame,
      usesOnlyFirst: true,
      help: 'catalog.fields.onlyTheFirstImageIsUsed',
      minCount: 0,
      maxBytes: UPLOAD_LIMITS.maxBytes,
      mimeTypes: UPLOAD_LIMITS.mimeTypes,
      item: { shape: 'string' },
      acceptsDataUrl: false,
    },
    { type: 'enum', key: 'resolution', label: LABELS.resolution, values: ['720p', '1080p'], default: '720p' },
    durationRange(3, 15, 5),
    {
      type: 'enum',
      key: 'aspect_ratio',
      label: LABELS.aspectRatio,
      values: ['16:9', '9:16', '1:1'],
      default: '16:9',
      help: 'catalog.fields.textToVideoOnlyIgnoredWhen',
    },
    { type: 'boolean', key: 'watermark', label: LABELS.watermark, default: false, advanced: true },
  ],
  rules: [
    {
      kind: 'warning',
      when: [{ field: 'reference_images', above: 1 }],
      message: 'catalog.fields.onlyTheFirstReferenceImageIs',
    },
    {
      kind: 'warning',
      when: [
        { field: 'reference_images', is: 'set' },
        { field: 'aspect_ratio', is: 'set' },
      ],
      message: 'catalog.fields.theAspectRatioIsIgnoredFor',
    },
  ],
};

/** Omni model: images, videos and elements referenced in the prompt by numbered placeholders. */
export const clipOmni: VariantEntry = {
  id: 'video.clip-v3-omni',
  kind: 'video',
  modelIds: ['clip-v3-omni'],
  label: 'catalog.fields.clipV3Omni',
  help: 'catalog.fields.combineImagesAReferenceVideoAnd',
  ...PLURAL_VIDEO_TASK,
  fields: [
    {
      type: 'prompt',
      key: 'prompt',
      label: LABELS.prompt,
      required: true,
      syntax: 'placeholders',
      help: 'catalog.fields.placeholdersAreNumberedFrom1In',
    },
    {
      type: 'enum',
      key: 'mode',
      label: 'catalog.fields.mode',
      values: ['std', 'pro'],
      default: 'std',
      choiceLabels: { std: 'catalog.fields.standard720p', pro: 'catalog.fields.pro1080p' },
    },
    durationRange(3, 15, 5),
    // "common 16:9, 9:16, 1:1": the interface does not close the list.
    { type: 'enum', key: 'aspect_ratio', label: LABELS.aspectRatio, values: ['16:9', '9:16', '1:1'], default: '16:9', othersMatching: '^\\d+:\\d+$' },
    {
      type: 'boolean',
      key: 'audio',
      label: 'catalog.fields.sound',
      default: false,
      help: 'catalog.fields.generateAVideoWithSoundBilled',
    },
    {
      type: 'image-list',
      key: 'metadata.image_list',
      label: LABELS.referenceImages,
      help: HELP.publicUrls,
      minCount: 0,
      maxBytes: UPLOAD_LIMITS.maxBytes,
      mimeTypes: UPLOAD_LIMITS.mimeTypes,
      item: { shape: 'object', urlKey: 'image_url' },
      acceptsDataUrl: false,
    },
    {
      type: 'video-list',
      key: 'video_list',
      label: 'catalog.fields.referenceVideo',
      help: 'catalog.fields.atMostOnePublicVideoAddress',
      minCount: 0,
      maxCount: 1,
      mimeTypes: VIDEO_MIME_TYPES,
      item: { shape: 'object', urlKey: 'video_url' },
      acceptsDataUrl: false,
    },
    {
      type: 'object-list',
      key: 'metadata.element_list',
      label: 'catalog.fields.elements',
      advanced: true,
      help: 'catalog.fields.savedSubjectOrCharacterReferencesAs',
    },
    { type: 'boolean', key: 'metadata.watermark', label: LABELS.watermark, advanced: true },
    {
      type: 'text',
      key: 'client_business_id',
      label: 'catalog.fields.businessId',
      maxLength: 128,
      advanced: true,
      help: 'catalog.fields.storedWithTheTaskTheTask',
    },
  ],
  rules: [
    { kind: 'exclusive', fields: ['audio', 'video_list'] },
    {
      kind: 'placeholders',
      prompt: 'prompt',
      tokens: [
        { token: 'image', list: 'metadata.image_list' },
        { token: 'video', list: 'video_list' },
        { token: 'element', list: 'metadata.element_list' },
      ],
    },
  ],
};
