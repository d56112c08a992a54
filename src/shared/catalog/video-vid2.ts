import type { FieldSpec, TextField, VariantEntry } from './types';
import { HELP, LABELS, t } from './labels';
import { UPLOAD_LIMITS } from './limits';
import { CHARACTER_POLL, PLURAL_VIDEO_PATH, PLURAL_VIDEO_POLL, PLURAL_VIDEO_TASK, VIDEO_CONTENT_PATH } from './video-plural-route';

const mentionPrompt: FieldSpec = { type: 'prompt', key: 'prompt', label: LABELS.prompt, help: HELP.mentions, required: true, syntax: 'mentions' };

const characterUrl: TextField = {
  type: 'text',
  key: 'metadata.character_url',
  label: t('Character reference video', '角色参考视频'),
  format: 'url-or-id',
  advanced: true,
  help: t(
    'Address of a video to extract a character from (the output is 1 second shorter), or a character task id.',
    '用于提取角色的视频地址（输出会缩短 1 秒），或角色任务 ID。',
  ),
};

const characterTimestamps: TextField = {
  type: 'text',
  key: 'metadata.character_timestamps',
  label: t('Character segment', '角色片段'),
  format: 'time-segment',
  segmentSeconds: 2,
  advanced: true,
  help: t('A 2-second segment of the reference video, written start,end in seconds (e.g. 3,5).', '参考视频中 2 秒的片段，格式为 开始,结束（秒），例如 3,5。'),
};

const characterFromTask: TextField = {
  type: 'text',
  key: 'metadata.character_from_task',
  label: t('Character from video task', '从视频任务提取角色'),
  format: 'id',
  advanced: true,
  help: t('Task id of a finished video to extract a character from.', '从已完成视频的任务 ID 中提取角色。'),
};

const SHORTER_OUTPUT = t('Using a character reference video or segment makes the output 1 second shorter.', '使用角色参考视频或片段时，输出视频会缩短 1 秒。');

/** First video model, VVIP tier: fixed duration tiers, variants, styles, storyboard and characters. */
export const vidVvip: VariantEntry = {
  id: 'video.vid-2-vvip',
  kind: 'video',
  modelIds: ['vid-2-vvip'],
  label: t('Vid 2 VVIP', 'Vid 2 VVIP'),
  help: t('Up to 4 variants per request, styles, storyboard and @character mentions.', '每次最多 4 个版本，支持风格、故事板和 @角色 引用。'),
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
      label: t('Style', '风格'),
      values: ['thanksgiving', 'comic', 'news', 'selfie', 'nostalgic', 'anime'],
      choiceLabels: {
        thanksgiving: t('Thanksgiving', '感恩节'),
        comic: t('Comic', '漫画'),
        news: t('News', '新闻'),
        selfie: t('Selfie', '自拍'),
        nostalgic: t('Nostalgic', '怀旧'),
        anime: t('Anime', '动漫'),
      },
    },
    { type: 'boolean', key: 'thumbnail', label: t('Thumbnail', '缩略图'), help: t('Also generate a thumbnail.', '同时生成缩略图。'), advanced: true },
    { type: 'boolean', key: 'metadata.storyboard', label: t('Storyboard', '故事板'), advanced: true },
    { type: 'boolean', key: 'metadata.watermark', label: LABELS.watermark, default: false, advanced: true },
    {
      type: 'boolean',
      key: 'metadata.private',
      label: t('Private', '私密'),
      default: false,
      advanced: true,
      help: t('Not published; a private video cannot be remixed.', '不公开；私密视频无法被改编。'),
    },
    characterUrl,
    characterTimestamps,
    {
      type: 'boolean',
      key: 'metadata.character_create',
      label: t('Create a character from the result', '从结果创建角色'),
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
      message: t('A private video cannot be remixed later.', '私密视频之后无法被改编。'),
    },
  ],
};

/** First video model with created characters: `@username` in the prompt or a character task id. */
export const vidCharacterUse: VariantEntry = {
  id: 'video.vid-2.character',
  kind: 'video',
  modelIds: ['vid-2'],
  label: t('Vid 2 with characters', 'Vid 2 角色视频'),
  help: t('Put created characters in a video by writing @username in the prompt.', '在提示词中写 @用户名，让已创建的角色出现在视频中。'),
  ...PLURAL_VIDEO_TASK,
  fields: [
    mentionPrompt,
    {
      ...characterUrl,
      format: 'id',
      label: t('Character task id', '角色任务 ID'),
      help: t('Instead of @username: the id of the character creation task.', '代替 @用户名：角色创建任务的 ID。'),
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
  label: t('Create a character', '创建角色'),
  help: t(
    'Extract a character from a finished video task or from a 2-second segment of a video; use it later as @username.',
    '从已完成的视频任务或视频中 2 秒的片段提取角色；之后可用 @用户名 引用。',
  ),
  method: 'POST',
  path: PLURAL_VIDEO_PATH,
  response: 'task',
  poll: { ...CHARACTER_POLL, alsoAsk: { poll: PLURAL_VIDEO_POLL } },
  contentPathTemplate: VIDEO_CONTENT_PATH,
  fields: [
    {
      type: 'prompt',
      key: 'prompt',
      label: t('Description', '描述'),
      required: true,
      help: t('Who the character is, in a few words.', '用几句话描述这个角色。'),
    },
    { ...characterFromTask, advanced: false },
    { ...characterUrl, format: 'http-url', advanced: false, help: t('Public address of the source video.', '源视频的公开地址。') },
    { ...characterTimestamps, advanced: false },
  ],
  rules: [
    { kind: 'exactly-one', fields: ['metadata.character_from_task', 'metadata.character_url'] },
    { kind: 'requires', field: 'metadata.character_timestamps', needs: 'metadata.character_url' },
  ],
  fixed: { 'metadata.character_create': true },
};
