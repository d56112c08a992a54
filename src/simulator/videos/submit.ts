import type { FastifyRequest } from 'fastify';
import type { ServedFile } from '../media/file-store';
import { renderImage } from '../media/image-render';
import type { MediaState } from '../media/media-state';
import { videoDimensions } from '../media/video-fixtures';
import type { TaskSchedule } from '../tasks/task-clock';
import type { CharacterRecord, SimTask } from '../tasks/task-store';
import { newCharacter } from './characters';
import type { CharacterPlan, VideoPlan } from './video-plan';

/** Turns accepted video and character plans into scheduled tasks with their future files. */

/** Who submits, and what the task costs back if it fails. */
export interface Submitter {
  request: FastifyRequest;
  ownerId: number;
  refund: () => void;
}

const PROFILE_PICTURE_SIZE = 256;

function resultWindow(schedule: TaskSchedule): { availableFromMs: number; expiresAtMs: number } {
  return { availableFromMs: schedule.endsAtMs, expiresAtMs: schedule.expiresAtMs };
}

function pictureFile(
  media: MediaState,
  seed: string,
  width: number,
  height: number,
  window: { availableFromMs: number; expiresAtMs?: number },
): ServedFile {
  return media.files.add({
    extension: 'png',
    mime: 'image/png',
    format: 'png',
    width,
    height,
    hasAlpha: false,
    content: () => renderImage({ seed, width, height, encoding: 'png' }),
    ...window,
  });
}

/** A character made by a task; its picture appears when the task completes and does not expire. */
function characterOf(media: MediaState, seed: string, schedule: TaskSchedule, characterId: string): CharacterRecord {
  const picture = pictureFile(media, `${seed}\u0000${characterId}`, PROFILE_PICTURE_SIZE, PROFILE_PICTURE_SIZE, {
    availableFromMs: schedule.endsAtMs,
  });
  return newCharacter(seed, characterId, media.urlOf(picture));
}

/** Schedules a video task: its clips (and thumbnails) are served from completion until expiry. */
export function submitVideoTask(
  plan: VideoPlan,
  media: MediaState,
  submitter: Submitter,
  durationMs: number,
  newId: (prefix: string) => string,
): SimTask {
  const schedule = media.scheduleFor(submitter.request, plan.model, durationMs);
  const id = media.newTaskId(plan.family);
  const succeeds = schedule.failureMessage === undefined;
  const window = resultWindow(schedule);
  const { width, height } = videoDimensions(plan.size);
  const outputs = succeeds
    ? Array.from({ length: plan.count }, () =>
        media.files.add({
          extension: 'mp4',
          mime: 'video/mp4',
          format: 'mp4',
          width,
          height,
          hasAlpha: false,
          content: () => media.videos.clip(plan.size),
          ...window,
        }),
      )
    : [];
  const thumbnails =
    succeeds && plan.thumbnails === true
      ? outputs.map((_, index) =>
          pictureFile(
            media,
            `${plan.prompt}\u0000${id}\u0000${index}`,
            Math.round(width / 4),
            Math.round(height / 4),
            window,
          ),
        )
      : [];
  const task: SimTask = {
    id,
    family: plan.family,
    ownerId: submitter.ownerId,
    model: plan.model,
    schedule,
    metadata: { ...plan.metadata },
    outputs,
    video: {
      seconds: plan.seconds,
      size: plan.size,
      private: plan.private === true,
      thumbnails,
      ...(plan.remixedFrom === undefined ? {} : { remixedFrom: plan.remixedFrom }),
    },
    refund: submitter.refund,
    ...(plan.clientBusinessId === undefined ? {} : { clientBusinessId: plan.clientBusinessId }),
  };
  if (plan.createsCharacter === true) task.characters = [characterOf(media, plan.prompt, schedule, newId('char_'))];
  return media.addTask(task);
}

/** Schedules a character task (character extraction from a finished video). */
export function submitCharacterTask(
  plan: CharacterPlan,
  media: MediaState,
  submitter: Submitter,
  durationMs: number,
  newId: (prefix: string) => string,
): SimTask {
  const schedule = media.scheduleFor(submitter.request, plan.model, durationMs);
  return media.addTask({
    id: media.newTaskId('character'),
    family: 'character',
    ownerId: submitter.ownerId,
    model: plan.model,
    schedule,
    metadata: { ...plan.metadata },
    outputs: [],
    characters: [characterOf(media, plan.prompt, schedule, newId('char_'))],
    refund: submitter.refund,
  });
}
