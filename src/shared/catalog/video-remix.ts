import type { FieldSpec, PollSpec, VariantEntry } from './types';
import { message } from '../i18n/translate';
import { LABELS } from './labels';

const REMIX_PATH = '/v1/videos/{video_id}/remix';
// The interface polls both remix variants on the plural route.
const REMIX_POLL: PollSpec = { pathTemplate: '/v1/videos/generations/{task_id}', recordShape: 'generation-task', cadence: 'video' };
const CONTENT_PATH = '/v1/videos/{task_id}/content';

const remixPrompt: FieldSpec = {
  type: 'prompt',
  key: 'prompt',
  label: 'catalog.fields.change',
  required: true,
  help: 'catalog.fields.onePreciseFocusedChangeToThe',
};

interface RemixModel {
  model: string;
  name: string;
  durations?: readonly number[];
}

// vid-2-vip appears as a remix model without durations in the interface: it gets no duration field.
const REMIX_MODELS: readonly RemixModel[] = [
  { model: 'vid-2', name: 'Vid 2', durations: [10, 15] },
  { model: 'vid-2-pro', name: 'Vid 2 Pro', durations: [15, 25] },
  { model: 'vid-2-vip', name: 'Vid 2 VIP' },
];

function remixEntry({ model, name, durations }: RemixModel): VariantEntry {
  const fields: FieldSpec[] = [
    {
      type: 'text',
      key: 'video_id',
      in: 'path',
      label: LABELS.videoId,
      required: true,
      format: 'id',
      idPrefix: 'task_',
      help: 'catalog.fields.idOfAFinishedVideoTask',
    },
    remixPrompt,
  ];
  if (durations) {
    fields.push({
      type: 'enum',
      key: 'duration',
      label: LABELS.duration,
      values: durations,
      unit: 'seconds',
      help: model === 'vid-2-pro' ? 'catalog.fields.n15SecondsIsHd' : undefined,
    });
  }
  fields.push({
    type: 'enum',
    key: 'aspect_ratio',
    label: LABELS.aspectRatio,
    values: ['16:9', '9:16', '1:1'],
    help: 'catalog.fields.n169IsRecommended',
  });
  return {
    id: `video.remix.${model}`,
    kind: 'video',
    modelIds: [model],
    label: message('catalog.fields.remixOf', { name }),
    help: 'catalog.fields.changeOneThingInAFinished',
    method: 'POST',
    path: REMIX_PATH,
    response: 'task',
    poll: REMIX_POLL,
    contentPathTemplate: CONTENT_PATH,
    fields,
    rules: [],
  };
}

/** Remix with duration: one entry per model (durations differ). */
export const remixEntries: readonly VariantEntry[] = REMIX_MODELS.map(remixEntry);

/** Remix of a video made on the official endpoint: model and prompt only. */
export const remixOfficial: VariantEntry = {
  id: 'video.remix.official',
  kind: 'video',
  modelIds: ['vid-2-official'],
  label: 'catalog.fields.remixVid2Official',
  help: 'catalog.fields.changeOneThingInAVideo',
  method: 'POST',
  path: REMIX_PATH,
  response: 'task',
  poll: REMIX_POLL,
  contentPathTemplate: CONTENT_PATH,
  fields: [
    {
      type: 'text',
      key: 'video_id',
      in: 'path',
      label: LABELS.videoId,
      required: true,
      format: 'id',
      help: 'catalog.fields.idOfAFinishedOfficialVideo',
    },
    remixPrompt,
  ],
  rules: [],
};
