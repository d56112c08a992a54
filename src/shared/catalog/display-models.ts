/**
 * The models as an artist knows them: one entry per model ("Image 2", "Vid 2"), however many
 * variants (what it does, how it runs) and model ids (aliases, versions) the interface has for it.
 * The picker, the form's mode and "how it runs" choices, the "Version" option and the search by
 * what a model does all come from here; the variants themselves stay the catalog's entries.
 */
import { t } from './labels';
import type { LocalizedText } from './types';

/** What the artist is doing: making something new, editing images, or filming their characters. */
export type CreateMode = 'create' | 'edit' | 'characters';
/** How a request runs: answered at once, or queued as a task the studio follows. */
export type RunStyle = 'instant' | 'queued';
/** How long a result usually takes, in words. */
export type SpeedWord = 'seconds' | 'minute' | 'minutes';
/** The small picture of a model in the picker (the renderer draws an icon for each). */
export type ModelIcon = 'image' | 'image-fast' | 'image-detail' | 'video' | 'video-fast' | 'video-sound' | 'video-character' | 'video-frames';

/** One variant of a display model: the modes it serves and how it runs. */
export interface DisplayMember {
  variantId: string;
  modes: readonly CreateMode[];
  runs: RunStyle;
  speed: SpeedWord;
  /** What sets this variant apart among versions of the same mode and run style (`1080p`). */
  versionNote?: LocalizedText;
}

export interface DisplayModel {
  id: string;
  kind: 'image' | 'video';
  name: LocalizedText;
  /** One line on what it is good at. */
  goodAt: LocalizedText;
  icon: ModelIcon;
  /** What a search should find it by, beside its name and ids: what it does. */
  searchWords: readonly LocalizedText[];
  /** For each mode, the first member that serves it is the default. */
  members: readonly [DisplayMember, ...DisplayMember[]];
}

export const SPEED_WORDS: Readonly<Record<SpeedWord, LocalizedText>> = {
  seconds: t('Ready in seconds', '几秒出结果'),
  minute: t('About a minute', '约 1 分钟'),
  minutes: t('A few minutes', '需要几分钟'),
};

export const MODE_WORDS: Readonly<Record<CreateMode, LocalizedText>> = {
  create: t('Create', '生成'),
  edit: t('Edit', '编辑'),
  characters: t('With my characters', '使用我的角色'),
};

export const RUN_WORDS: Readonly<Record<RunStyle, { label: LocalizedText; help: LocalizedText }>> = {
  instant: {
    label: t('Right away', '立即返回'),
    help: t('The result comes back with the answer, usually in seconds.', '结果随应答一起返回，通常只需几秒。'),
  },
  queued: {
    label: t('Queued', '排队生成'),
    help: t('Waits its turn and takes longer; the studio follows it and saves the result.', '排队等待，耗时更长；工作室会跟进并保存结果。'),
  },
};

const w = t;

export const DISPLAY_MODELS: readonly DisplayModel[] = [
  {
    id: 'image-2',
    kind: 'image',
    name: t('Image 2', 'Image 2'),
    goodAt: t('Faithful to the prompt and to text in the picture; edits with a painted mask.', '忠实还原提示词和画面文字；可用蒙版局部重绘。'),
    icon: 'image',
    searchWords: [
      w('text to image', '文生图'),
      w('edit', '编辑'),
      w('mask', '蒙版'),
      w('inpaint', '局部重绘'),
      w('poster', '海报'),
      w('lettering', '文字'),
      w('reference', '参考图'),
    ],
    members: [
      { variantId: 'image.gen-image-2.direct', modes: ['create'], runs: 'instant', speed: 'seconds' },
      { variantId: 'image.gen-image-2.task', modes: ['create', 'edit'], runs: 'queued', speed: 'minute' },
      { variantId: 'image.gen-image-2.edit', modes: ['edit'], runs: 'instant', speed: 'seconds' },
    ],
  },
  {
    id: 'nova-3.1-flash',
    kind: 'image',
    name: t('Nova 3.1 Flash', 'Nova 3.1 Flash'),
    goodAt: t('Quick drafts and edits; can look things up on the web.', '快速出草图和修改；可联网搜索参考。'),
    icon: 'image-fast',
    searchWords: [w('fast', '快速'), w('draft', '草图'), w('edit', '编辑'), w('web search', '联网搜索'), w('reference', '参考图')],
    members: [{ variantId: 'image.nova-3.1-flash-image', modes: ['create'], runs: 'instant', speed: 'seconds' }],
  },
  {
    id: 'nova-3-pro',
    kind: 'image',
    name: t('Nova 3 Pro', 'Nova 3 Pro'),
    goodAt: t('Detailed, high-quality images and portraits; long prompts welcome.', '细节丰富的高质量图片和人像；适合长提示词。'),
    icon: 'image-detail',
    searchWords: [w('portrait', '人像'), w('detail', '细节'), w('high quality', '高质量'), w('long prompt', '长提示词'), w('edit', '编辑'), w('4K', '4K')],
    members: [
      { variantId: 'image.nova-3-pro-image', modes: ['create'], runs: 'instant', speed: 'seconds' },
      { variantId: 'image.nova-3-pro-image.official', modes: ['create'], runs: 'queued', speed: 'minute' },
    ],
  },
  {
    id: 'vid-2',
    kind: 'video',
    name: t('Vid 2', 'Vid 2'),
    goodAt: t(
      'Text or an image to video, 4 to 12 s, landscape or portrait; your characters by @name.',
      '文字或图片生成视频，4 至 12 秒，横屏或竖屏；可用 @名字 请出你的角色。',
    ),
    icon: 'video',
    searchWords: [w('text to video', '文生视频'), w('image to video', '图生视频'), w('portrait', '竖屏'), w('characters', '角色')],
    members: [
      { variantId: 'video.vid-2.official', modes: ['create'], runs: 'queued', speed: 'minutes' },
      { variantId: 'video.vid-2.character', modes: ['characters'], runs: 'queued', speed: 'minutes' },
    ],
  },
  {
    id: 'vid-2-vvip',
    kind: 'video',
    name: t('Vid 2 VVIP', 'Vid 2 VVIP'),
    goodAt: t('Up to 4 takes at once, styles such as anime or comic, storyboards and @characters.', '一次最多 4 个版本，动漫、漫画等风格，故事板和 @角色。'),
    icon: 'video-character',
    searchWords: [w('characters', '角色'), w('styles', '风格'), w('anime', '动漫'), w('comic', '漫画'), w('storyboard', '故事板'), w('takes', '多个版本')],
    members: [{ variantId: 'video.vid-2-vvip', modes: ['create'], runs: 'queued', speed: 'minutes' }],
  },
  {
    id: 'clip-3',
    kind: 'video',
    name: t('Clip 3', 'Clip 3'),
    goodAt: t('Video led by 1 to 4 reference images, 5 to 15 s.', '由 1 至 4 张参考图引导的视频，5 至 15 秒。'),
    icon: 'video-frames',
    searchWords: [w('image to video', '图生视频'), w('reference', '参考图'), w('1080p', '1080p')],
    members: [
      { variantId: 'video.clip3-720p', modes: ['create'], runs: 'queued', speed: 'minutes', versionNote: t('720p', '720p') },
      { variantId: 'video.clip3-1080p', modes: ['create'], runs: 'queued', speed: 'minutes', versionNote: t('1080p', '1080p') },
    ],
  },
  {
    id: 'clip-o3',
    kind: 'video',
    name: t('Clip O3', 'Clip O3'),
    goodAt: t('Video from reference images, 5 or 15 s.', '由参考图生成视频，5 秒或 15 秒。'),
    icon: 'video-frames',
    searchWords: [w('image to video', '图生视频'), w('reference', '参考图'), w('1080p', '1080p')],
    members: [
      { variantId: 'video.clip-o3-720p', modes: ['create'], runs: 'queued', speed: 'minutes', versionNote: t('720p', '720p') },
      { variantId: 'video.clip-o3-1080p', modes: ['create'], runs: 'queued', speed: 'minutes', versionNote: t('1080p', '1080p') },
    ],
  },
  {
    id: 'clip-3.0-turbo',
    kind: 'video',
    name: t('Clip 3.0 Turbo', 'Clip 3.0 Turbo'),
    goodAt: t('Fast video from text; an image becomes the first frame.', '快速文生视频；图片可作为首帧。'),
    icon: 'video-fast',
    searchWords: [w('fast', '快速'), w('text to video', '文生视频'), w('first frame', '首帧')],
    members: [{ variantId: 'video.clip-3.0-turbo', modes: ['create'], runs: 'queued', speed: 'minute' }],
  },
  {
    id: 'clip-v3-omni',
    kind: 'video',
    name: t('Clip V3 Omni', 'Clip V3 Omni'),
    goodAt: t('Combines images, a reference video and sound in one video.', '把图片、参考视频和声音融合成一段视频。'),
    icon: 'video-sound',
    searchWords: [w('video with sound', '有声视频'), w('sound', '声音'), w('audio', '音频'), w('reference video', '参考视频'), w('image to video', '图生视频')],
    members: [{ variantId: 'video.clip-v3-omni', modes: ['create'], runs: 'queued', speed: 'minutes' }],
  },
];

const BY_VARIANT = new Map(DISPLAY_MODELS.flatMap((model) => model.members.map((member) => [member.variantId, { model, member }] as const)));

/** The display model a catalog variant belongs to (undefined for remix, character and generic variants). */
export function displayModelOf(variantId: string): { model: DisplayModel; member: DisplayMember } | undefined {
  return BY_VARIANT.get(variantId);
}

/** The modes a display model offers, in the order its members first name them. */
export function modesOf(model: { members: readonly DisplayMember[] }): CreateMode[] {
  return [...new Set(model.members.flatMap((member) => member.modes))];
}

/**
 * The member to use for `mode` (and `runs`, when it has one for both): the first member serving
 * the mode and run style, else the mode's default (its first member).
 */
export function memberFor(model: { members: readonly DisplayMember[] }, mode: CreateMode, runs?: RunStyle): DisplayMember | undefined {
  const serving = model.members.filter((member) => member.modes.includes(mode));
  return serving.find((member) => member.runs === runs) ?? serving[0];
}
