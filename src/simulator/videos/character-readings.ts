/**
 * How the demo gateway answers a request that asks for a character. The interface does not show
 * the call that creates one (docs/simulator.md, "Characters"), so a deployment may read the VVIP
 * character options either way, and the studio must keep whatever comes back:
 *
 * - `request` (its own rule): `metadata.character_from_task` is a character task (no video);
 *   anything else is a video task, and with `character_create` that task is also a character task.
 * - `character`: every request that asks for a character (`character_from_task`, or
 *   `character_create` with a reference video in `character_url`) is a character task only.
 * - `video`: every request is a paid video generation; a request that asks for a character also
 *   yields it, under the same task id (`character_from_task` makes a video of the source's subject).
 */
export type CharacterReading = 'request' | 'character' | 'video';

export const CHARACTER_READINGS: readonly CharacterReading[] = ['request', 'character', 'video'];

/** What a request of the first video model's plural route is answered with. */
export type CharacterAnswer = 'video' | 'character-task' | 'video-with-character';

export interface CharacterAsk {
  /** `metadata.character_from_task` is set. */
  fromTask: boolean;
  /** `metadata.character_create` is true. */
  create: boolean;
  /** `metadata.character_url` is a reference video address (not a character task id). */
  referenceVideo: boolean;
}

export function characterAnswer(ask: CharacterAsk, reading: CharacterReading): CharacterAnswer {
  const wantsCharacter = ask.fromTask || ask.create;
  switch (reading) {
    case 'request':
      if (ask.fromTask) return 'character-task';
      return ask.create ? 'video-with-character' : 'video';
    case 'character':
      if (ask.fromTask || (ask.create && ask.referenceVideo)) return 'character-task';
      return ask.create ? 'video-with-character' : 'video';
    case 'video':
      return wantsCharacter ? 'video-with-character' : 'video';
  }
}
