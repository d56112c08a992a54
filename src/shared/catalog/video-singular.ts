import type { SizeTier, VariantEntry } from './types';
import { literal } from '../i18n/translate';
import { HELP, LABELS } from './labels';
import { UPLOAD_LIMITS } from './limits';
import { VIDEO_1080P_TIERS, VIDEO_720P_TIERS } from './sizes';

const CONTENT_PATH = '/v1/videos/{task_id}/content';

/** First video model, official endpoint: polled with the wrapped `{code, message, data}` record. */
export const vidOfficial: VariantEntry = {
  id: 'video.vid-2.official',
  kind: 'video',
  // `vid2` is the id of the interface's examples.
  modelIds: ['vid-2-official', 'vid-2', 'vid2-pro', 'vid2'],
  label: 'catalog.fields.vid2Official',
  help: 'catalog.fields.textToVideoOrImageTo',
  method: 'POST',
  path: '/v1/video/generations',
  response: 'task',
  poll: { pathTemplate: '/v1/video/generations/{task_id}', recordShape: 'official-video-wrapped', cadence: 'video' },
  contentPathTemplate: CONTENT_PATH,
  fields: [
    {
      type: 'prompt',
      key: 'prompt',
      label: LABELS.prompt,
      required: true,
      help: 'catalog.fields.onePurposeShotSubjectActionScene',
    },
    { type: 'enum', key: 'duration', label: LABELS.duration, help: HELP.duration, values: [4, 8, 12], default: 4, unit: 'seconds' },
    {
      type: 'size',
      key: 'size',
      label: LABELS.size,
      required: true,
      wire: 'pixels',
      tiers: VIDEO_720P_TIERS,
      allowAuto: false,
      default: { tier: '720p', ratio: '16:9' },
    },
    {
      type: 'image',
      key: 'input_reference',
      label: LABELS.inputReference,
      matchesSizeOf: 'size',
      help: 'catalog.fields.imageToVideoTheImageShould',
      // No formats given for video references: whatever the upload endpoint takes, GIF included.
      maxBytes: UPLOAD_LIMITS.maxBytes,
      mimeTypes: UPLOAD_LIMITS.mimeTypes,
      acceptsDataUrl: true,
    },
  ],
  rules: [],
};

interface ClipModel {
  model: string;
  name: string;
  tiers: readonly SizeTier[];
  durations: readonly number[];
}

const CLIP_MODELS: readonly ClipModel[] = [
  { model: 'clip3-720p', name: 'Clip 3 · 720p', tiers: VIDEO_720P_TIERS, durations: [5, 10, 15] },
  { model: 'clip3-1080p', name: 'Clip 3 · 1080p', tiers: VIDEO_1080P_TIERS, durations: [5, 10, 15] },
  { model: 'clip-o3-720p', name: 'Clip O3 · 720p', tiers: VIDEO_720P_TIERS, durations: [5, 15] },
  { model: 'clip-o3-1080p', name: 'Clip O3 · 1080p', tiers: VIDEO_1080P_TIERS, durations: [5, 15] },
];

// `images` is marked required (1 to 4) for the whole family; docs/simulator.md gives the reading.
function clipEntry({ model, name, tiers, durations }: ClipModel): VariantEntry {
  const firstTier = tiers[0]?.tier ?? '720p';
  return {
    id: `video.${model}`,
    kind: 'video',
    modelIds: [model],
    label: literal(name),
    help: 'catalog.fields.imageGuidedVideoFrom1To',
    method: 'POST',
    path: '/v1/video/generations',
    response: 'task',
    poll: { pathTemplate: '/v1/videos/{task_id}', recordShape: 'generation-task', cadence: 'video' },
    contentPathTemplate: CONTENT_PATH,
    fields: [
      { type: 'prompt', key: 'prompt', label: LABELS.prompt, required: true },
      { type: 'size', key: 'size', label: LABELS.size, required: true, wire: 'pixels', tiers, allowAuto: false, default: { tier: firstTier, ratio: '16:9' } },
      { type: 'enum', key: 'duration', label: LABELS.duration, help: HELP.duration, required: true, values: durations, default: 5, unit: 'seconds' },
      {
        type: 'image-list',
        key: 'images',
        label: LABELS.referenceImages,
        help: HELP.publicUrls,
        required: true,
        minCount: 1,
        maxCount: 4,
        mimeTypes: UPLOAD_LIMITS.mimeTypes,
        maxBytes: UPLOAD_LIMITS.maxBytes,
        item: { shape: 'string' },
        acceptsDataUrl: false,
      },
    ],
    rules: [],
  };
}

/** Second video family, versions 3: one entry per model (sizes, durations and image rules differ). */
export const clipEntries: readonly VariantEntry[] = CLIP_MODELS.map(clipEntry);
