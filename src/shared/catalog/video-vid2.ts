import type { FieldSpec, TextField, VariantEntry } from './types';
import { HELP, LABELS } from './labels';
import { UPLOAD_LIMITS } from './limits';
import { CHARACTER_POLL, PLURAL_VIDEO_PATH, PLURAL_VIDEO_POLL, PLURAL_VIDEO_TASK, VIDEO_CONTENT_PATH } from './video-plural-route';

const mentionPrompt: FieldSpec = { type: 'prompt', key: 'prompt', label: LABELS.prompt, help: HELP.mentions, required: true, syntax: 'mentions' };

const characterUrl: TextField = {
  type: 'text',
  key: 'metadata.character_url',
  label: 'catalog.fields.characterReferenceVideo',
  format: 'url-or-id',
  advanced: true,
  help: 'catalog.fields.addressOfAVideoToExtract',
};

const characterTimestamps: TextField = {
  type: 'text',
  key: 'metadata.character_timestamps',
  label: 'catalog.fields.characterSegment',
  format: 'time-segment',
  segmentSeconds: 2,
  advanced: true,
  help: 'catalog.fields.a2SecondSegmentOfThe',
};

const characterFromTask: TextField = {
  type: 'text',
  key: 'metadata.character_from_task',
  label: 'catalog.fields.characterFromVideoTask',
  format: 'id',
  advanced: true,
  help: 'catalog.fields.taskIdOfAFinishedVideo',
};

const SHORTER_OUTPUT = 'catalog.fields.usingACharacterReferenceVideoOr';

/** First video model, VVIP tier: fixed duration tiers, variants, styles, storyboard and characters. */
export const vidVvip: VariantEntry = {
  id: 'video.vid-2-vvip',
  kind: 'video',
  modelIds: ['vid-2-vvip'],
  label: 'catalog.fields.vid2Vvip',
  help: 'catalog.fields.upTo4VariantsPerRequest',
  ...PLURAL_VIDEO_TASK,
  // A request that asks for a character may be answered with a video, a character task or both.
  poll: {
    ...PLURAL_VIDEO_POLL,
    alsoAsk: {
      poll: CHARACTER_POLL,
      whenAny: [
        { field: 'metadata.character_create', equals: true },
        { field: 'metadata.character_from_task', is: 'set' },
      ],
    },
  },
  fields: [
    mentionPrompt,
    { type: 'enum', key: 'duration', label: LABELS.duration, help: HELP.duration, values: [4, 8, 12], unit: 'seconds' },
    { type: 'enum', key: 'aspect_ratio', label: LABELS.aspectRatio, values: ['16:9', '9:16'] },
    {
      type: 'image-list',
      key: 'image_urls',
      label: LABELS.referenceImages,
      help: HELP.publicUrls,
      minCount: 0,
      maxBytes: UPLOAD_LIMITS.maxBytes,
      mimeTypes: UPLOAD_LIMITS.mimeTypes,
      item: { shape: 'string' },
      acceptsDataUrl: false,
    },
    { type: 'integer', key: 'metadata.n', label: LABELS.variants, min: 1, max: 4, default: 1 },
    {
      type: 'enum',
      key: 'metadata.style',
      label: 'catalog.fields.style',
      values: ['thanksgiving', 'comic', 'news', 'selfie', 'nostalgic', 'anime'],
      choiceLabels: {
        thanksgiving: 'catalog.fields.thanksgiving',
        comic: 'catalog.fields.comic',
        news: 'catalog.fields.news',
        selfie: 'catalog.fields.selfie',
        nostalgic: 'catalog.fields.nostalgic',
        anime: 'catalog.fields.anime',
      },
    },
    { type: 'boolean', key: 'thumbnail', label: 'catalog.fields.thumbnail', help: 'catalog.fields.alsoGenerateAThumbnail', advanced: true },
    { type: 'boolean', key: 'metadata.storyboard', label: 'catalog.fields.storyboard', advanced: true },
    { type: 'boolean', key: 'metadata.watermark', label: LABELS.watermark, default: false, advanced: true },
    {
      type: 'boolean',
      key: 'metadata.private',
      label: 'catalog.fields.private',
      default: false,
      advanced: true,
      help: 'catalog.fields.notPublishedAPrivateVideoCannot',
    },
    characterUrl,
    characterTimestamps,
    {
      type: 'boolean',
      key: 'metadata.character_create',
      label: 'catalog.fields.createACharacterFromTheResult',
      default: false,
      advanced: true,
    },
    characterFromTask,
  ],
  rules: [
    { kind: 'requires', field: 'metadata.character_timestamps', needs: 'metadata.character_url' },
    { kind: 'warning', when: [{ field: 'metadata.character_url', is: 'set' }], message: SHORTER_OUTPUT },
    {
      kind: 'warning',
      when: [{ field: 'metadata.private', equals: true }],
      message: 'catalog.fields.aPrivateVideoCannotBeRemixed',
    },
  ],
};

/** First video model with created characters: `@username` in the prompt or a character task id. */
export const vidCharacterUse: VariantEntry = {
  id: 'video.vid-2.character',
  kind: 'video',
  modelIds: ['vid-2'],
  label: 'catalog.fields.vid2WithCharacters',
  help: 'catalog.fields.putCreatedCharactersInAVideo',
  ...PLURAL_VIDEO_TASK,
  fields: [
    mentionPrompt,
    {
      ...characterUrl,
      format: 'id',
      label: 'catalog.fields.characterTaskId',
      help: 'catalog.fields.insteadOfUsernameTheIdOf',
    },
  ],
  rules: [{ kind: 'mentions', prompt: 'prompt', requiredUnless: 'metadata.character_url' }],
};

/**
 * Character creation. The interface does not show the creating call; this entry sends the VVIP
 * character options (`character_create` with a source video) and polls `/v1/characters_tasks/{id}`,
 * then asks the video route too: a gateway may answer it as a paid video that also yields the
 * character, and both are kept.
 */
export const characterCreate: VariantEntry = {
  id: 'character.vid-2-vvip.create',
  kind: 'character',
  modelIds: ['vid-2-vvip'],
  label: 'catalog.fields.createACharacter',
  help: 'catalog.fields.extractACharacterFromAFinished',
  method: 'POST',
  path: PLURAL_VIDEO_PATH,
  response: 'task',
  poll: { ...CHARACTER_POLL, alsoAsk: { poll: PLURAL_VIDEO_POLL } },
  contentPathTemplate: VIDEO_CONTENT_PATH,
  fields: [
    {
      type: 'prompt',
      key: 'prompt',
      label: 'catalog.fields.description',
      required: true,
      help: 'catalog.fields.whoTheCharacterIsInA',
    },
    { ...characterFromTask, advanced: false },
    { ...characterUrl, format: 'http-url', advanced: false, help: 'catalog.fields.publicAddressOfTheSourceVideo' },
    { ...characterTimestamps, advanced: false },
  ],
  rules: [
    { kind: 'exactly-one', fields: ['metadata.character_from_task', 'metadata.character_url'] },
    { kind: 'requires', field: 'metadata.character_timestamps', needs: 'metadata.character_url' },
  ],
  fixed: { 'metadata.character_create': true },
};
