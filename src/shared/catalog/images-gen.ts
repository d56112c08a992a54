import type { ChannelPreference, EnumField, FieldSpec, IntegerField, PromptField, Rule, SizeField, VariantEntry } from './types';
import { HELP, LABELS, t } from './labels';
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
  choiceLabels: { low: t('Low (draft)', '低（草稿）'), medium: t('Medium', '中'), high: t('High', '高') },
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
  message: t('At most 4 images come back per request, whatever the number asked.', '无论设置多少，每次请求最多返回 4 张图片。'),
};

// How the gateway picks the direct or the task channel of this model is not shown.
const channelNote = t(
  'The gateway, not the request, decides which channel serves it; the studio follows whichever answer comes back, direct or queued.',
  '由网关而非请求决定使用哪个渠道；无论直接返回还是排队处理，工作室都会跟进返回的结果。',
);
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
  { type: 'enum', key: 'response_format', label: t('Response format', '返回格式'), values: ['b64_json', 'url'], hidden: true },
];

const directCommon: readonly FieldSpec[] = [promptA, directSize, quality, outputFormat, count, ...directHidden];

/** Variant A, text-to-image and image-to-image (`reference_images`): direct Base64 result. */
export const genImageDirect: VariantEntry = {
  id: 'image.gen-image-2.direct',
  kind: 'image',
  modelIds: ['gen-image-2'],
  label: t('Image 2 (direct)', 'Image 2（直出）'),
  help: t('Usually returns the image in the same request. Reference images guide style and content.', '通常在同一请求中直接返回图片。参考图可引导风格和内容。'),
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
  label: t('Image 2 (edit)', 'Image 2（编辑）'),
  help: t(
    'Edits the given images; add a mask to repaint only part of the first image. The direct channel answers with a summary of the result only; the queued one with the images.',
    '编辑给定图片；添加蒙版可只重绘第一张图片的一部分。直出渠道只返回结果摘要，排队渠道返回图片。',
  ),
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
  label: t('Image 2 (official, queued)', 'Image 2（官方，排队）'),
  help: t(
    'Usually runs as a task on the official channel: up to 16 reference images, 1K/2K/4K, JPEG compression.',
    '通常在官方渠道以任务方式运行：最多 16 张参考图，支持 1K/2K/4K 与 JPEG 压缩。',
  ),
  method: 'POST',
  path: IMAGE_PATH,
  response: 'task',
  channel: usuallyQueued,
  // 4K at high quality can take up to 130 s; the interface advises waiting at least 180 s.
  poll: { ...IMAGE_POLL, deadlineMs: 300_000 },
  fields: [
    { type: 'prompt', key: 'prompt', label: LABELS.prompt, required: true, help: t('Chinese or English.', '中文或英文均可。') },
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
      help: t('JPEG only. 0 is the lowest compression, 100 the highest.', '仅 JPEG。0 为最低压缩，100 为最高压缩。'),
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
      help: t('A transparent background comes back as auto: the image is opaque.', '透明背景会按自动处理：图片不透明。'),
    },
  ],
  rules: [
    atMostFourImages,
    {
      kind: 'warning',
      when: [{ field: 'background', equals: 'transparent' }],
      message: t('A transparent background is downgraded to auto: the image will be opaque.', '透明背景会被降级为自动：输出图片不透明。'),
    },
    {
      kind: 'warning',
      when: [
        { field: 'resolution', equals: '4K' },
        { field: 'quality', equals: 'high' },
      ],
      message: t('4K at high quality can take up to 130 seconds.', '4K 高质量最长可能需要 130 秒。'),
    },
  ],
};
