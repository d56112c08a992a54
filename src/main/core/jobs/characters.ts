/**
 * Characters: created through the VVIP options of the first video model (the interface does not
 * show a creation call), collected from `/v1/characters_tasks/{id}`, and kept in a local registry
 * (username, display name, source task, profile) so prompts can mention them as `@username`.
 *
 * Three ways to create one:
 * - a `character.vid-2-vvip.create` job from a finished video task (`metadata.character_from_task`),
 * - the same variant from a 2-second segment of a video (`metadata.character_url` + `character_timestamps`),
 * - a VVIP video job with `metadata.character_create: true`: the video task's id is also its
 *   character task id, so its characters are collected after the video is done.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { extractMentions, type WireBody } from '../../../shared/catalog';
import { getPath } from '../../../shared/catalog/wire-path';
import type { NormalizedTask } from '../../../shared/gateway/task-record';
import type { GatewayClient } from '../gateway/client';
import { createLogger } from '../log';
import { characterPosterPath } from '../library/character-posters';
import {
  findCharacterByUsername,
  listCharacters,
  saveCharacter,
  updateJob,
  type Job,
  type LibraryDatabase,
  type StoredCharacter,
} from '../library';
import { familyTiming, type PollTimingOverrides } from './cadence';
import { latestTask } from './engine-queries';
import type { EngineEvents } from './events';
import { serviceAbortController, type WorkTracker } from './work-tracker';

const log = createLogger('characters');

/** The catalog variant that creates characters. */
export const CHARACTER_VARIANT_ID = 'character.vid-2-vvip.create';

/** Where a new character comes from. */
export type CharacterSource = { fromTaskId: string } | { videoUrl: string; segment?: string };

/** The job input of a character creation: variant id and wire body. */
export function characterCreationJob(source: CharacterSource, description: string): { variantId: string; body: WireBody; prompt: string } {
  const metadata: WireBody =
    'fromTaskId' in source
      ? { character_from_task: source.fromTaskId }
      : { character_url: source.videoUrl, ...(source.segment === undefined ? {} : { character_timestamps: source.segment }) };
  return {
    variantId: CHARACTER_VARIANT_ID,
    body: { model: 'vid-2-vvip', prompt: description, metadata: { ...metadata, character_create: true } },
    prompt: description,
  };
}

/** True when a video job also asked for a character (`metadata.character_create: true`). */
export function createsCharacter(job: Pick<Job, 'request'>): boolean {
  return getPath(job.request, 'metadata.character_create') === true;
}

export interface CharacterServiceDeps {
  db: LibraryDatabase;
  clientFor: (job: Job) => Promise<GatewayClient>;
  events: EngineEvents;
  tracker: WorkTracker;
  timings: PollTimingOverrides;
}

export class CharacterService {
  private abort = serviceAbortController();

  constructor(private readonly deps: CharacterServiceDeps) {}

  start(): void {
    this.abort = serviceAbortController();
  }

  stop(): void {
    this.abort.abort();
  }

  /** Saves the characters of a finished character task; returns them (empty when it carried none). */
  record(task: NormalizedTask, source: { taskId: string; profileId: string | null }): StoredCharacter[] {
    const saved = task.characters.map((character) =>
      saveCharacter(this.deps.db, {
        id: character.id,
        username: character.username,
        displayName: character.display_name ?? null,
        profilePictureUrl: character.profile_picture_url ?? null,
        sourceTaskId: source.taskId,
        profileId: source.profileId,
      }),
    );
    if (saved.length > 0) this.deps.events.emit({ type: 'characters.changed', characters: this.list() });
    return saved;
  }

  /** Known characters, newest first (optionally of one gateway profile). */
  list(profileId?: string): StoredCharacter[] {
    return listCharacters(this.deps.db, profileId === undefined ? {} : { profileId });
  }

  /** The poster frame of the video a character comes from, inside the library folder; null when it is not there. */
  posterOf(character: Pick<StoredCharacter, 'sourceTaskId'>): string | null {
    return characterPosterPath(this.deps.db, character.sourceTaskId);
  }

  findByUsername(username: string): StoredCharacter | undefined {
    return findCharacterByUsername(this.deps.db, username);
  }

  /** `@username` mentions of a prompt that the registry does not know (the gateway would refuse them). */
  unknownMentions(prompt: string): string[] {
    return extractMentions(prompt).filter((username) => findCharacterByUsername(this.deps.db, username) === undefined);
  }

  /**
   * After a video job with `character_create` is done: polls its character task until the
   * characters appear (character cadence and deadline), then records them. Runs in the background.
   */
  collectFromVideo(job: Job): void {
    const taskId = latestTask(this.deps.db, job.id)?.id;
    if (taskId === undefined) return;
    this.deps.tracker.run(`character collection of job ${job.id}`, () => this.collect(job, taskId));
  }

  private async collect(job: Job, taskId: string): Promise<void> {
    const timing = familyTiming('character', this.deps.timings);
    const until = Date.now() + timing.deadlineMs;
    const signal = this.abort.signal;
    let problem = 'the character task did not finish in time';
    while (!signal.aborted && Date.now() < until) {
      try {
        const client = await this.deps.clientFor(job);
        const task = await client.tasks.pollCharacter(taskId, { signal });
        if (task.state === 'completed') {
          const saved = this.record(task, { taskId, profileId: job.profileId });
          if (saved.length > 0) return;
          problem = 'the character task completed without characters';
          break;
        }
        if (task.state === 'failed') {
          problem = task.errorMessage ?? 'the character task failed';
          break;
        }
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
      }
      await sleep(timing.intervalMs, undefined, { signal }).catch(() => undefined);
    }
    if (signal.aborted) return;
    log.warn(`job ${job.id}: no character collected (${problem})`);
    updateJob(this.deps.db, job.id, ['done'], { errorCode: 'character_missing', errorMessage: `The video was saved, but no character was created: ${problem}.` });
    this.deps.events.jobsChanged(job.id);
  }
}
