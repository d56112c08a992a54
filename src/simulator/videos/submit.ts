import type { FastifyRequest } from 'fastify';
import type { Charge } from '../context';
import type { ServedFile } from '../media/file-store';
import type { MediaState } from '../media/media-state';
import type { ProfileRecipe, RenderRecipe, VideoRecipe } from '../media/recipes';
import { videoDimensions } from '../media/video-size';
import type { TaskSchedule } from '../tasks/task-clock';
import type { CharacterRecord, SimTask } from '../tasks/task-store';
import { mentionedUsernames, newCharacter } from './characters';
import type { CharacterPlan, VideoPlan } from './video-plan';

/** Turns accepted video and character plans into scheduled tasks with their future files. */

/** Who submits, and what the task cost (refunded if it fails). */
export interface Submitter {
  request: FastifyRequest;
  ownerId: number;
  charge: Charge;
}

const PROFILE_PICTURE_SIZE = 256;

function resultWindow(schedule: TaskSchedule): { availableFromMs: number; expiresAtMs: number } {
  return { availableFromMs: schedule.endsAtMs, expiresAtMs: schedule.expiresAtMs };
}

function pictureFile(
  media: MediaState,
  recipe: RenderRecipe,
  width: number,
  height: number,
  window: { availableFromMs: number; expiresAtMs?: number },
): ServedFile {
  return media.files.add({ extension: 'png', mime: 'image/png', format: 'png', width, height, hasAlpha: false, content: recipe, ...window });
}

/** A character made by a task; its picture shows its name, appears on completion and does not expire. */
function characterOf(media: MediaState, seed: string, schedule: TaskSchedule, characterId: string): CharacterRecord {
  const character = newCharacter(seed, characterId);
  const recipe: ProfileRecipe = { kind: 'profile', username: character.username, displayName: character.display_name, size: PROFILE_PICTURE_SIZE };
  const picture = pictureFile(media, recipe, PROFILE_PICTURE_SIZE, PROFILE_PICTURE_SIZE, { availableFromMs: schedule.endsAtMs });
  return { ...character, picture: picture.name };
}

/** The recipe of the video a remix starts from (the first output of its source task). */
function sourceRecipe(media: MediaState, plan: VideoPlan, ownerId: number): { id: string; recipe: VideoRecipe } | undefined {
  if (plan.remixedFrom === undefined) return undefined;
  const recipe = media.tasks.get(plan.remixedFrom, ownerId)?.outputs[0]?.recipe;
  return recipe?.kind === 'video' ? { id: plan.remixedFrom, recipe } : undefined;
}

/**
 * The `@username`s a video shows: the characters its prompt mentions, and those of the
 * character task that `metadata.character_url` may name instead.
 */
function charactersShown(media: MediaState, plan: VideoPlan, ownerId: number): string[] {
  const named = new Set(mentionedUsernames(plan.prompt));
  const reference = plan.metadata.character_url;
  if (typeof reference === 'string') {
    for (const character of media.tasks.get(reference, ownerId)?.characters ?? []) named.add(character.username);
  }
  return [...named];
}

/** What output `index` of a video plan is made from. */
function videoRecipe(plan: VideoPlan, index: number, characters: string[], remixOf: VideoRecipe['remixOf']): VideoRecipe {
  const { width, height } = videoDimensions(plan.size);
  return {
    kind: 'video',
    width,
    height,
    seconds: plan.seconds,
    audio: plan.audio === true,
    prompt: plan.prompt,
    model: plan.model,
    index,
    count: plan.count,
    characters,
    createsCharacter: plan.createsCharacter === true,
    ...(plan.firstFrame === undefined ? {} : { firstFrame: plan.firstFrame.name }),
    ...(remixOf === undefined ? {} : { remixOf }),
  };
}

/** Schedules a video task: its videos (and thumbnails) are served from completion until expiry. */
export function submitVideoTask(plan: VideoPlan, media: MediaState, submitter: Submitter, durationMs: number, newId: (prefix: string) => string): SimTask {
  const schedule = media.scheduleFor(submitter.request, plan.model, durationMs);
  const id = media.newTaskId(plan.family);
  const succeeds = schedule.failureMessage === undefined;
  const window = resultWindow(schedule);
  const { width, height } = videoDimensions(plan.size);
  const created = plan.createsCharacter === true ? [characterOf(media, plan.prompt, schedule, newId('char_'))] : undefined;
  const shown = created ? created.map((character) => character.username) : charactersShown(media, plan, submitter.ownerId);
  const remixOf = sourceRecipe(media, plan, submitter.ownerId);
  const recipes = Array.from({ length: plan.count }, (_, index) => videoRecipe(plan, index, shown, remixOf));
  const outputs = succeeds
    ? recipes.map((recipe) =>
        media.files.add({ extension: 'mp4', mime: 'video/mp4', format: 'mp4', width, height, hasAlpha: false, content: recipe, ...window }),
      )
    : [];
  const thumbnails =
    succeeds && plan.thumbnails === true
      ? recipes.map((recipe) => {
          const size = { width: Math.round(width / 4), height: Math.round(height / 4) };
          return pictureFile(media, { kind: 'still', of: recipe, ...size }, size.width, size.height, window);
        })
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
    charge: submitter.charge,
    ...(plan.clientBusinessId === undefined ? {} : { clientBusinessId: plan.clientBusinessId }),
  };
  if (created) task.characters = created;
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
    charge: submitter.charge,
  });
}
