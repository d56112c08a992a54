import type { VariantEntry } from './types';
import { literal } from '../i18n/translate';
import { HELP, LABELS } from './labels';
import { UPLOAD_LIMITS } from './limits';

export type GenericModelType = 'image' | 'video';

const GENERIC_PREFIX = { image: 'image.generic:', video: 'video.generic:' } as const;

/**
 * An entry for a model that `/v1/models` lists but the catalog does not know: the common
 * options of its type, loose validation (unknown fields pass through), and for images a
 * response style detected from the answer.
 */
export function genericEntry(modelId: string, type: GenericModelType): VariantEntry {
  const references = {
    type: 'image-list',
    key: 'image_urls',
    label: LABELS.referenceImages,
    help: HELP.publicUrls,
    minCount: 0,
    maxBytes: UPLOAD_LIMITS.maxBytes,
    mimeTypes: UPLOAD_LIMITS.mimeTypes,
    item: { shape: 'string' },
    acceptsDataUrl: false,
  } as const;
  const common = {
    id: `${GENERIC_PREFIX[type]}${modelId}`,
    modelIds: [modelId] as const,
    method: 'POST' as const,
    generic: true,
    rules: [],
  };
  if (type === 'image') {
    return {
      ...common,
      kind: 'image',
      label: literal(modelId),
      help: 'catalog.fields.aModelThisStudioHasNo',
      path: '/v1/images/generations',
      response: 'detect',
      poll: { pathTemplate: '/v1/images/generations/{task_id}', recordShape: 'generation-task', cadence: 'image' },
      fields: [
        { type: 'prompt', key: 'prompt', label: LABELS.prompt, required: true },
        {
          type: 'text',
          key: 'size',
          label: LABELS.size,
          maxLength: 32,
          help: 'catalog.fields.asTheModelExpectsItE',
        },
        { type: 'integer', key: 'n', label: LABELS.count, min: 1, max: 10, unit: 'images' },
        references,
      ],
    };
  }
  return {
    ...common,
    kind: 'video',
    label: literal(modelId),
    help: 'catalog.fields.aModelThisStudioHasNo2',
    path: '/v1/videos/generations',
    response: 'task',
    poll: { pathTemplate: '/v1/videos/generations/{task_id}', recordShape: 'generation-task', cadence: 'video' },
    contentPathTemplate: '/v1/videos/{task_id}/content',
    fields: [
      { type: 'prompt', key: 'prompt', label: LABELS.prompt, required: true },
      { type: 'integer', key: 'duration', label: LABELS.duration, min: 1, max: 60, unit: 'seconds' },
      { type: 'text', key: 'aspect_ratio', label: LABELS.aspectRatio, maxLength: 16 },
      references,
    ],
  };
}

/** Parses a generic variant id (`image.generic:<model>`) back into its model and type. */
export function parseGenericId(id: string): { modelId: string; type: GenericModelType } | undefined {
  for (const type of ['image', 'video'] as const) {
    const prefix = GENERIC_PREFIX[type];
    if (id.startsWith(prefix) && id.length > prefix.length) return { modelId: id.slice(prefix.length), type };
  }
  return undefined;
}
