import type { ServedFile } from '../media/file-store';
import type { TaskPhase } from './task-clock';
import { unixSeconds } from './task-clock';
import type { SimTask } from './task-store';

/**
 * The JSON records of tasks. Where the finished address lives outside the official polling
 * record is "not shown" in the interface; each family uses one of the places real gateways
 * use, so clients must normalise them (docs/simulator.md):
 *
 * | family            | address                                   |
 * |-------------------|-------------------------------------------|
 * | image             | `result.data[].url`                       |
 * | video-official    | `data.result_url` (wrapped polling record)|
 * | video-clip3       | `video_url`                               |
 * | video-turbo       | `metadata.url`                            |
 * | video-omni        | `result_url`                              |
 * | video-vid2        | `result.data[].url` (one per variant)     |
 * | remix             | `url`                                     |
 * | remix-official    | none: `GET /v1/videos/{id}/content`       |
 */

type Json = Record<string, unknown>;

/** Turns a served file (by name) into its absolute address. */
export type UrlOf = (file: Pick<ServedFile, 'name'>) => string;

const VIDEO_OBJECT_FAMILIES = new Set(['video-official', 'video-clip3', 'remix-official']);

/** `object` of a family's records. */
function objectOf(task: SimTask): string {
  return VIDEO_OBJECT_FAMILIES.has(task.family) ? 'video' : 'generation.task';
}

/** Fields every generation task record starts with. */
function baseRecord(task: SimTask, phase: TaskPhase): Json {
  const record: Json = { id: task.id };
  if (task.family === 'video-official' || task.family === 'video-clip3') record.task_id = task.id;
  if (task.clientBusinessId !== undefined) record.client_business_id = task.clientBusinessId;
  record.object = objectOf(task);
  record.model = task.model;
  record.status = phase.status;
  record.progress = phase.progress;
  record.created_at = unixSeconds(task.schedule.createdAtMs);
  // `seconds` and `size` belong to the `video` object records (sora-style and kling3); the
  // generation.task families carry what they report in `metadata`.
  if (task.video && record.object === 'video') {
    record.seconds = String(task.video.seconds);
    record.size = task.video.size;
  }
  if (task.video?.remixedFrom !== undefined) record.remixed_from_video_id = task.video.remixedFrom;
  // Records of the `video` object answer with the interface's field list, which has no metadata.
  if (record.object === 'generation.task') record.metadata = { ...task.metadata };
  return record;
}

function addEnd(record: Json, task: SimTask, phase: TaskPhase): boolean {
  if (phase.status === 'failed') {
    record.error = { message: task.schedule.failureMessage ?? 'task failed', code: 'task_failed' };
    return false;
  }
  if (phase.status !== 'completed') return false;
  record.completed_at = unixSeconds(task.schedule.endsAtMs);
  record.expires_at = unixSeconds(task.schedule.expiresAtMs);
  return true;
}

/** The generation task record of any family at one phase. */
export function taskRecord(task: SimTask, phase: TaskPhase, urlOf: UrlOf): Json {
  const record = baseRecord(task, phase);
  if (!addEnd(record, task, phase)) return record;
  const urls = task.outputs.map(urlOf);
  const first = urls[0] ?? '';
  switch (task.family) {
    case 'image':
      record.result = { data: urls.map((url) => ({ url })) };
      break;
    case 'video-vid2':
      record.result = {
        type: 'video',
        data: urls.map((url, index) => {
          const thumbnail = task.video?.thumbnails[index];
          return thumbnail ? { url, thumbnail_url: urlOf(thumbnail) } : { url };
        }),
      };
      break;
    case 'character':
      record.result = characterResult(task, urlOf);
      break;
    case 'video-clip3':
      record.result = { type: 'video' };
      record.video_url = first;
      break;
    case 'video-turbo':
      record.result = { type: 'video' };
      record.metadata = { ...task.metadata, url: first };
      break;
    case 'video-omni':
      record.result = { type: 'video' };
      record.result_url = first;
      break;
    case 'remix':
      record.result = { type: 'video' };
      record.url = first;
      break;
    case 'video-official':
    case 'remix-official':
      record.result = { type: 'video' };
      break;
  }
  return record;
}

/** `result` of a task that created characters. */
function characterResult(task: SimTask, urlOf: UrlOf): Json {
  const characters = (task.characters ?? []).map((character) => ({
    id: character.id,
    username: character.username,
    display_name: character.display_name,
    profile_picture_url: urlOf({ name: character.picture }),
  }));
  return { type: 'character', data: { characters } };
}

/** The record `GET /v1/characters_tasks/{id}` answers: the task, with characters as result. */
export function characterTaskRecord(task: SimTask, phase: TaskPhase, urlOf: UrlOf): Json {
  const record = baseRecord(task, phase);
  if (addEnd(record, task, phase)) record.result = characterResult(task, urlOf);
  return record;
}

/**
 * Status vocabulary of the official polling record. The queued phase walks through
 * NOT_START, SUBMITTED and QUEUED (a third each); then IN_PROGRESS, SUCCESS or FAILURE.
 */
export function officialStatus(phase: TaskPhase): string {
  switch (phase.status) {
    case 'queued':
      return phase.queuedShare < 1 / 3 ? 'NOT_START' : phase.queuedShare < 2 / 3 ? 'SUBMITTED' : 'QUEUED';
    case 'in_progress':
      return 'IN_PROGRESS';
    case 'completed':
      return 'SUCCESS';
    case 'failed':
      return 'FAILURE';
  }
}

/** The wrapped polling record of `GET /v1/video/generations/{task_id}`. */
export function officialPollingRecord(task: SimTask, phase: TaskPhase, urlOf: UrlOf): Json {
  const first = task.outputs[0];
  const data: Json = {
    task_id: task.id,
    status: officialStatus(phase),
    progress: `${phase.progress}%`,
    result_url: phase.status === 'completed' && first ? urlOf(first) : '',
    fail_reason: phase.status === 'failed' ? (task.schedule.failureMessage ?? 'task failed') : '',
    submit_time: unixSeconds(task.schedule.createdAtMs),
    finish_time: phase.endedAtMs === undefined ? 0 : unixSeconds(phase.endedAtMs),
  };
  return { code: 'success', message: '', data };
}

/** Body of the answer to an unknown (or foreign) task id. */
export function taskNotExistBody(id: string): Json {
  return { code: 'task_not_exist', message: `task_not_exist: ${id}`, data: null };
}
