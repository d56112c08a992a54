import type { TextKey } from '../i18n/translate';

/** Labels shared by many variants: keys of the locale files (`src/shared/i18n/<language>/catalog.json`). */
export const LABELS = {
  model: 'catalog.labels.model',
  prompt: 'catalog.labels.prompt',
  size: 'catalog.labels.size',
  aspectRatio: 'catalog.labels.aspectRatio',
  resolution: 'catalog.labels.resolution',
  quality: 'catalog.labels.quality',
  outputFormat: 'catalog.labels.outputFormat',
  outputCompression: 'catalog.labels.outputCompression',
  count: 'catalog.labels.count',
  variants: 'catalog.labels.variants',
  referenceImages: 'catalog.labels.referenceImages',
  editImages: 'catalog.labels.editImages',
  mask: 'catalog.labels.mask',
  background: 'catalog.labels.background',
  duration: 'catalog.labels.duration',
  watermark: 'catalog.labels.watermark',
  firstFrame: 'catalog.labels.firstFrame',
  inputReference: 'catalog.labels.inputReference',
  videoId: 'catalog.labels.videoId',
} as const satisfies Record<string, TextKey>;

export const HELP = {
  promptA: 'catalog.help.promptA',
  mask: 'catalog.help.mask',
  quality: 'catalog.help.quality',
  outputFormat: 'catalog.help.outputFormat',
  duration: 'catalog.help.duration',
  publicUrls: 'catalog.help.publicUrls',
  mentions: 'catalog.help.mentions',
} as const satisfies Record<string, TextKey>;

/** How the renderer and the CLI name a variant's usual channel. */
export const CHANNEL_LABELS = {
  direct: 'catalog.channels.direct',
  queued: 'catalog.channels.queued',
} as const satisfies Record<string, TextKey>;
