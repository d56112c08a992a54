/**
 * The models as an artist knows them: one entry per model ("Image 2", "Vid 2"), however many
 * variants (what it does, how it runs) and model ids (aliases, versions) the interface has for it.
 * The picker, the form's mode and "how it runs" choices, the "Version" option and the search by
 * what a model does all come from here; the variants themselves stay the catalog's entries.
 */
import type { TextKey } from '../i18n/translate';

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
  versionNote?: TextKey;
}

export interface DisplayModel {
  id: string;
  kind: 'image' | 'video';
  name: TextKey;
  /** One line on what it is good at. */
  goodAt: TextKey;
  icon: ModelIcon;
  /** What a search should find it by, beside its name and ids: what it does. */
  searchWords: readonly TextKey[];
  /** For each mode, the first member that serves it is the default. */
  members: readonly [DisplayMember, ...DisplayMember[]];
}

export const SPEED_WORDS: Readonly<Record<SpeedWord, TextKey>> = {
  seconds: 'catalog.speed.seconds',
  minute: 'catalog.speed.minute',
  minutes: 'catalog.speed.minutes',
};

export const MODE_WORDS: Readonly<Record<CreateMode, TextKey>> = {
  create: 'catalog.modes.create',
  edit: 'catalog.modes.edit',
  characters: 'catalog.modes.characters',
};

export const RUN_WORDS: Readonly<Record<RunStyle, { label: TextKey; help: TextKey }>> = {
  instant: {
    label: 'catalog.runs.instant.label',
    help: 'catalog.runs.instant.help',
  },
  queued: {
    label: 'catalog.runs.queued.label',
    help: 'catalog.runs.queued.help',
  },
};

export const DISPLAY_MODELS: readonly DisplayModel[] = [
  {
    id: 'image-2',
    kind: 'image',
    name: 'catalog.models.image-2.name',
    goodAt: 'catalog.models.image-2.goodAt',
    icon: 'image',
    searchWords: [
      'catalog.searchWords.textToImage',
      'catalog.searchWords.edit',
      'catalog.searchWords.mask',
      'catalog.searchWords.inpaint',
      'catalog.searchWords.poster',
      'catalog.searchWords.lettering',
      'catalog.searchWords.reference',
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
    name: 'catalog.models.nova-3.1-flash.name',
    goodAt: 'catalog.models.nova-3.1-flash.goodAt',
    icon: 'image-fast',
    searchWords: [
      'catalog.searchWords.fast',
      'catalog.searchWords.draft',
      'catalog.searchWords.edit',
      'catalog.searchWords.webSearch',
      'catalog.searchWords.reference',
    ],
    members: [{ variantId: 'image.nova-3.1-flash-image', modes: ['create'], runs: 'instant', speed: 'seconds' }],
  },
  {
    id: 'nova-3-pro',
    kind: 'image',
    name: 'catalog.models.nova-3-pro.name',
    goodAt: 'catalog.models.nova-3-pro.goodAt',
    icon: 'image-detail',
    searchWords: [
      'catalog.searchWords.portrait',
      'catalog.searchWords.detail',
      'catalog.searchWords.highQuality',
      'catalog.searchWords.longPrompt',
      'catalog.searchWords.edit',
      'catalog.searchWords.n4k',
    ],
    members: [
      { variantId: 'image.nova-3-pro-image', modes: ['create'], runs: 'instant', speed: 'seconds' },
      { variantId: 'image.nova-3-pro-image.official', modes: ['create'], runs: 'queued', speed: 'minute' },
    ],
  },
  {
    id: 'vid-2',
    kind: 'video',
    name: 'catalog.models.vid-2.name',
    goodAt: 'catalog.models.vid-2.goodAt',
    icon: 'video',
    searchWords: ['catalog.searchWords.textToVideo', 'catalog.searchWords.imageToVideo', 'catalog.searchWords.portrait2', 'catalog.searchWords.characters'],
    members: [
      { variantId: 'video.vid-2.official', modes: ['create'], runs: 'queued', speed: 'minutes' },
      { variantId: 'video.vid-2.character', modes: ['characters'], runs: 'queued', speed: 'minutes' },
    ],
  },
  {
    id: 'vid-2-vvip',
    kind: 'video',
    name: 'catalog.models.vid-2-vvip.name',
    goodAt: 'catalog.models.vid-2-vvip.goodAt',
    icon: 'video-character',
    searchWords: [
      'catalog.searchWords.characters',
      'catalog.searchWords.styles',
      'catalog.searchWords.anime',
      'catalog.searchWords.comic',
      'catalog.searchWords.storyboard',
      'catalog.searchWords.takes',
    ],
    members: [{ variantId: 'video.vid-2-vvip', modes: ['create'], runs: 'queued', speed: 'minutes' }],
  },
  {
    id: 'clip-3',
    kind: 'video',
    name: 'catalog.models.clip-3.name',
    goodAt: 'catalog.models.clip-3.goodAt',
    icon: 'video-frames',
    searchWords: ['catalog.searchWords.imageToVideo', 'catalog.searchWords.reference', 'catalog.searchWords.n1080p'],
    members: [
      { variantId: 'video.clip3-720p', modes: ['create'], runs: 'queued', speed: 'minutes', versionNote: 'catalog.searchWords.n720p' },
      { variantId: 'video.clip3-1080p', modes: ['create'], runs: 'queued', speed: 'minutes', versionNote: 'catalog.searchWords.n1080p' },
    ],
  },
  {
    id: 'clip-o3',
    kind: 'video',
    name: 'catalog.models.clip-o3.name',
    goodAt: 'catalog.models.clip-o3.goodAt',
    icon: 'video-frames',
    searchWords: ['catalog.searchWords.imageToVideo', 'catalog.searchWords.reference', 'catalog.searchWords.n1080p'],
    members: [
      { variantId: 'video.clip-o3-720p', modes: ['create'], runs: 'queued', speed: 'minutes', versionNote: 'catalog.searchWords.n720p' },
      { variantId: 'video.clip-o3-1080p', modes: ['create'], runs: 'queued', speed: 'minutes', versionNote: 'catalog.searchWords.n1080p' },
    ],
  },
  {
    id: 'clip-3.0-turbo',
    kind: 'video',
    name: 'catalog.models.clip-3.0-turbo.name',
    goodAt: 'catalog.models.clip-3.0-turbo.goodAt',
    icon: 'video-fast',
    searchWords: ['catalog.searchWords.fast', 'catalog.searchWords.textToVideo', 'catalog.searchWords.firstFrame'],
    members: [{ variantId: 'video.clip-3.0-turbo', modes: ['create'], runs: 'queued', speed: 'minute' }],
  },
  {
    id: 'clip-v3-omni',
    kind: 'video',
    name: 'catalog.models.clip-v3-omni.name',
    goodAt: 'catalog.models.clip-v3-omni.goodAt',
    icon: 'video-sound',
    searchWords: [
      'catalog.searchWords.videoWithSound',
      'catalog.searchWords.sound',
      'catalog.searchWords.audio',
      'catalog.searchWords.referenceVideo',
      'catalog.searchWords.imageToVideo',
    ],
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
