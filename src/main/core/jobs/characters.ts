/**
 * Characters: created through the VVIP options of the first video model (the interface does not
 * show a creation call) and kept in a local registry (username, display name, picture, source
 * task, profile) so prompts can mention them as `@username`.
 *
 * Three ways to create one:
 * - a `character.vid-2-vvip.create` job from a finished video task (`metadata.character_from_task`),
 * - the same variant from a 2-second segment of a video (`metadata.character_url` + `character_timestamps`),
 * - a VVIP video job with `metadata.character_create: true` (or `character_from_task`).
 * A gateway may answer any of them with a video task, a character task or both under one id: the
 * task is asked on the video route and on `/v1/characters_tasks/{id}` (task-completion.ts), and
 * whatever each yields is kept.
 */
import { characterNameProblem, extractMentions, usernameMeant, type WireBody } from '../../../shared/catalog';
import { getPath } from '../../../shared/catalog/wire-path';
import type { NormalizedTask } from '../../../shared/gateway/task-record';
import { characterPosterPath } from '../library/character-posters';
import {
  findCharacterByUsername,
  listCharacters,
  namedCharacters,
  namesInUse,
  requestCharacterName,
  saveCharacter,
  setCharacterName,
  takeRequestedCharacterName,
  type LibraryDatabase,
  type StoredCharacter,
} from '../library';
import { createLogger } from '../log';
import { StudioFailure } from '../router/failure';
import type { Job } from './store';
import type { EngineEvents } from './events';

const log = createLogger('characters');

/** The catalog variant that creates characters. */
const CHARACTER_VARIANT_ID = 'character.vid-2-vvip.create';

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

/** True when a job asked for a character: a character job, or a video with `character_create` or `character_from_task`. */
export function asksForCharacter(job: Pick<Job, 'request' | 'variantId'>): boolean {
  if (job.variantId === CHARACTER_VARIANT_ID) return true;
  const from = getPath(job.request, 'metadata.character_from_task');
  return getPath(job.request, 'metadata.character_create') === true || (typeof from === 'string' && from !== '');
}

export interface CharacterServiceDeps {
  db: LibraryDatabase;
  events: EngineEvents;
}

/** The registry of characters the studio collected from finished tasks. */
export class CharacterService {
  constructor(private readonly deps: CharacterServiceDeps) {}

  /**
   * Saves the characters of a finished character task; returns them (empty when it carried none).
   * The first of them gets the name asked for when its job was made, if that name is still free.
   */
  record(task: NormalizedTask, source: { taskId: string; profileId: string | null; jobId?: string }): StoredCharacter[] {
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
    const [first] = saved;
    const asked = first && source.jobId !== undefined ? takeRequestedCharacterName(this.deps.db, source.jobId) : undefined;
    if (first && asked !== undefined && first.name === null) {
      const problem = characterNameProblem(asked, namesInUse(this.deps.db), first.id);
      if (problem === null) saved[0] = setCharacterName(this.deps.db, first.id, asked) ?? first;
      else log.warn(`character ${first.id}: the name asked for it could not be given (${problem}); it keeps @${first.username}`);
    }
    if (saved.length > 0) this.deps.events.emit({ type: 'characters.changed', characters: this.list() });
    return saved;
  }

  /** Refuses a name a new or renamed character cannot have (`characterNameProblem`), as the artist reads it. */
  checkName(name: string, ownId?: string): void {
    const problem = characterNameProblem(name, namesInUse(this.deps.db), ownId);
    if (problem !== null) throw StudioFailure.of(problem, { name });
  }

  /** Keeps the name asked for the character `jobId` makes (checked first with `checkName`); it is given when the character arrives. */
  requestName(jobId: string, name: string): void {
    requestCharacterName(this.deps.db, jobId, name);
  }

  /** Gives a character a name, or takes its name away (null); says so to the window. */
  rename(id: string, name: string | null): StoredCharacter {
    if (name !== null) this.checkName(name, id);
    const renamed = setCharacterName(this.deps.db, id, name);
    if (!renamed) throw StudioFailure.of('character_not_found');
    this.deps.events.emit({ type: 'characters.changed', characters: this.list() });
    return renamed;
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

  /** Mentions of a prompt that name no character, by username or name (the gateway would refuse them). */
  unknownMentions(prompt: string): string[] {
    const characters = namedCharacters(this.deps.db);
    return extractMentions(prompt).filter((mention) => usernameMeant(mention, characters) === undefined);
  }
}
