import { createHash } from 'node:crypto';
import type { SimTask } from '../tasks/task-store';
import { observe } from '../tasks/task-store';
import type { CharacterRecord, TaskStore } from '../tasks/task-store';

/**
 * Characters are made by tasks (character tasks, or video tasks with `character_create`) and
 * exist for their account once that task has completed. Prompts name them as `@username`.
 */

/** `@username` mentions in a prompt (an `@` inside a word, as in e-mail addresses, is not one). */
export function mentionedUsernames(prompt: string): string[] {
  const names = new Set<string>();
  for (const match of prompt.matchAll(/(?<![\w.@])@([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)/g)) {
    if (match[1] !== undefined) names.add(match[1]);
  }
  return [...names];
}

const VIDEO_FAMILIES = new Set(['video-official', 'video-clip3', 'video-turbo', 'video-omni', 'video-vid2', 'remix', 'remix-official']);

/** Whether a task makes videos. */
export function isVideoTask(task: SimTask): boolean {
  return VIDEO_FAMILIES.has(task.family);
}

/** An account's view of its tasks for character checks at one moment. */
export class CharacterDirectory {
  constructor(
    private readonly tasks: TaskStore,
    private readonly ownerId: number,
    private readonly nowMs: number,
  ) {}

  /** A created (completed) character of this account by username. */
  findByUsername(username: string): CharacterRecord | undefined {
    for (const task of this.tasks.ofOwner(this.ownerId)) {
      if (!task.characters || observe(task, this.nowMs).status !== 'completed') continue;
      const found = task.characters.find((character) => character.username === username);
      if (found) return found;
    }
    return undefined;
  }

  /** Why a character task id cannot be used, or undefined when it can. */
  characterTaskProblem(id: string): string | undefined {
    const task = this.tasks.get(id, this.ownerId);
    if (!task?.characters) return `character task ${id} does not exist`;
    const status = observe(task, this.nowMs).status;
    return status === 'completed' ? undefined : `character task ${id} is ${status}, not completed`;
  }

  /** A finished video task of this account, or the reason it cannot be used. */
  finishedVideo(id: string): SimTask | string {
    const task = this.tasks.get(id, this.ownerId);
    if (!task || !isVideoTask(task)) return `video task ${id} does not exist`;
    const status = observe(task, this.nowMs).status;
    return status === 'completed' ? task : `video task ${id} is ${status}; only finished videos can be used`;
  }
}

/** A new character record; its name comes from the prompt (or the source task). */
export function newCharacter(seed: string, id: string): Omit<CharacterRecord, 'picture'> {
  const word = /[A-Za-z]{3,}/.exec(seed)?.[0]?.toLowerCase().slice(0, 12) ?? 'character';
  const suffix = createHash('sha256').update(`${seed}\u0000${id}`).digest('hex').slice(0, 4);
  return {
    id,
    username: `${word}_${suffix}`,
    display_name: word.charAt(0).toUpperCase() + word.slice(1),
  };
}
