import type { FieldSpec, VariantEntry } from './types';
import { HELP, LABELS, t } from './labels';
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
  label: t('Clip 3.0 Turbo', 'Clip 3.0 Turbo'),
  help: t('Fast video; a reference image becomes the first frame.', '快速视频；参考图作为首帧。'),
  ...PLURAL_VIDEO_TASK,
  fields: [
    { type: 'prompt', key: 'prompt', label: LABELS.prompt, required: true },
    {
      type: 'image-list',
      key: 'reference_images',
      label: LABELS.firstFrame,
      usesOnlyFirst: true,
      help: t('Only the first image is used, as the first frame; there is no last frame.', '仅使用第一张图片作为首帧；不支持尾帧。'),
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
      help: t('Text-to-video only; ignored when a first-frame image is given.', '仅用于文生视频；提供首帧图片时忽略。'),
    },
    { type: 'boolean', key: 'watermark', label: LABELS.watermark, default: false, advanced: true },
  ],
  rules: [
    {
      kind: 'warning',
      when: [{ field: 'reference_images', above: 1 }],
      message: t('Only the first reference image is used; the others are not sent on.', '仅使用第一张参考图，其余图片不会被转发。'),
    },
    {
      kind: 'warning',
      when: [
        { field: 'reference_images', is: 'set' },
        { field: 'aspect_ratio', is: 'set' },
      ],
      message: t('The aspect ratio is ignored for image-to-video.', '图生视频时会忽略画面比例。'),
    },
  ],
};

/** Omni model: images, videos and elements referenced in the prompt by numbered placeholders. */
export const clipOmni: VariantEntry = {
  id: 'video.clip-v3-omni',
  kind: 'video',
  modelIds: ['clip-v3-omni'],
  label: t('Clip V3 Omni', 'Clip V3 Omni'),
  help: t(
    'Combine images, a reference video and saved elements; refer to them in the prompt as <<<image_1>>>, <<<video_1>>>, <<<element_1>>>.',
    '组合图片、参考视频和已保存的主体；在提示词中用 <<<image_1>>>、<<<video_1>>>、<<<element_1>>> 引用。',
  ),
  ...PLURAL_VIDEO_TASK,
  fields: [
    {
      type: 'prompt',
      key: 'prompt',
      label: LABELS.prompt,
      required: true,
      syntax: 'placeholders',
      help: t('Placeholders are numbered from 1 in list order; nothing is inserted automatically.', '占位符按列表顺序从 1 开始编号；不会自动插入。'),
    },
    {
      type: 'enum',
      key: 'mode',
      label: t('Mode', '模式'),
      values: ['std', 'pro'],
      default: 'std',
      choiceLabels: { std: t('Standard (720p)', '标准（720P）'), pro: t('Pro (1080p)', '专业（1080P）') },
    },
    durationRange(3, 15, 5),
    // "common 16:9, 9:16, 1:1": the interface does not close the list.
    { type: 'enum', key: 'aspect_ratio', label: LABELS.aspectRatio, values: ['16:9', '9:16', '1:1'], default: '16:9', othersMatching: '^\\d+:\\d+$' },
    {
      type: 'boolean',
      key: 'audio',
      label: t('Sound', '音频'),
      default: false,
      help: t('Generate a video with sound (billed as Sound). Not with a reference video.', '生成带声音的视频（按音频计费），不能与参考视频同时使用。'),
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
      label: t('Reference video', '参考视频'),
      help: t('At most one public video address (billed as Video).', '最多一个公开视频地址（按视频计费）。'),
      minCount: 0,
      maxCount: 1,
      mimeTypes: VIDEO_MIME_TYPES,
      item: { shape: 'object', urlKey: 'video_url' },
      acceptsDataUrl: false,
    },
    {
      type: 'object-list',
      key: 'metadata.element_list',
      label: t('Elements', '主体'),
      advanced: true,
      help: t(
        'Saved subject or character references, as the gateway defines them (e.g. {"element_id": 123}).',
        '已保存的主体或角色引用，格式由网关定义（例如 {"element_id": 123}）。',
      ),
    },
    { type: 'boolean', key: 'metadata.watermark', label: LABELS.watermark, advanced: true },
    {
      type: 'text',
      key: 'client_business_id',
      label: t('Business id', '业务 ID'),
      maxLength: 128,
      advanced: true,
      help: t('Stored with the task; the task can later be looked up by it.', '随任务保存，之后可用它查询任务。'),
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
