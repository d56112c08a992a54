import type { FieldSpec, PollSpec, VariantEntry } from './types';
import { LABELS, t } from './labels';

const REMIX_PATH = '/v1/videos/{video_id}/remix';
// The interface polls both remix variants on the plural route.
const REMIX_POLL: PollSpec = { pathTemplate: '/v1/videos/generations/{task_id}', recordShape: 'generation-task', cadence: 'video' };
const CONTENT_PATH = '/v1/videos/{task_id}/content';

const remixPrompt: FieldSpec = {
  type: 'prompt',
  key: 'prompt',
  label: t('Change', '修改内容'),
  required: true,
  help: t('One precise, focused change to the video.', '对视频做一个精确、聚焦的修改。'),
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
      help: t('Id of a finished video task of this account (task_...).', '本账户已完成视频任务的 ID（task_...）。'),
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
      help: model === 'vid-2-pro' ? t('15 seconds is HD.', '15 秒为高清。') : undefined,
    });
  }
  fields.push({
    type: 'enum',
    key: 'aspect_ratio',
    label: LABELS.aspectRatio,
    values: ['16:9', '9:16', '1:1'],
    help: t('16:9 is recommended.', '推荐 16:9。'),
  });
  return {
    id: `video.remix.${model}`,
    kind: 'video',
    modelIds: [model],
    label: t(`Remix · ${name}`, `改编 · ${name}`),
    help: t('Change one thing in a finished video.', '修改已完成视频中的一处内容。'),
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
  label: t('Remix · Vid 2 official', '改编 · Vid 2 官方'),
  help: t('Change one thing in a video made with the official model.', '修改官方模型生成的视频中的一处内容。'),
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
      help: t('Id of a finished official video.', '已完成的官方视频 ID。'),
    },
    remixPrompt,
  ],
  rules: [],
};
