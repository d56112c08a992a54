/**
 * `@character` mentions while typing: which mention the caret is in, completing it, and which
 * mentions of a prompt the registry does not know (the gateway would refuse them).
 */
import { extractMentions, mentionOf } from '../../../../../shared/catalog';
import type { CharacterView } from '../../../../../shared/contract';

/** The mention being typed at the caret: where its `@` is and what follows it so far. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(?:^|[^\w@.])@([A-Za-z0-9_.]*)$/.exec(before);
  if (!match) return null;
  const query = match[1] ?? '';
  return { start: caret - query.length - 1, query };
}

/** Replaces the mention at `start` (up to the caret) with `@username ` (a character's name or username) and puts the caret after it. */
export function completeMention(text: string, start: number, caret: number, username: string): { text: string; caret: number } {
  const rest = text.slice(caret).replace(/^[A-Za-z0-9_.]*/, '');
  const insert = `@${username}${rest.startsWith(' ') ? '' : ' '}`;
  // The caret lands after the space that follows the mention, ready for the next word.
  return { text: text.slice(0, start) + insert + rest, caret: start + insert.length + (rest.startsWith(' ') ? 1 : 0) };
}

/** Characters whose name, username or display name matches what was typed, best matches first. */
export function suggestCharacters(characters: readonly CharacterView[], query: string, limit = 8): CharacterView[] {
  const q = query.toLowerCase();
  const rank = (character: CharacterView): number => {
    const names = [character.name ?? '', character.username].map((name) => name.toLowerCase());
    const display = (character.displayName ?? '').toLowerCase();
    if (names.some((name) => name.startsWith(q))) return 0;
    if (display.startsWith(q)) return 1;
    if (names.some((name) => name.includes(q)) || display.includes(q)) return 2;
    return 3;
  };
  return characters
    .map((character) => ({ character, rank: rank(character) }))
    .filter(({ rank: r }) => r < 3)
    .sort((a, b) => a.rank - b.rank || mentionOf(a.character).localeCompare(mentionOf(b.character)))
    .slice(0, limit)
    .map(({ character }) => character);
}

/** What a prompt may mention the characters by: each one's username, and its name when it has one. */
export function mentionNames(characters: readonly CharacterView[]): string[] {
  return characters.flatMap((character) => (character.name === null ? [character.username] : [character.username, character.name]));
}

/**
 * Mentions of the prompt that name no known character, in order of appearance. With `finishedOnly`,
 * a mention still being typed (the prompt's last word, nothing after it yet) is not checked.
 */
export function unknownMentions(prompt: string, known: readonly string[], finishedOnly = false): string[] {
  const names = new Set(known);
  const typing = finishedOnly ? /(?:^|[^\w@.])@([A-Za-z0-9_.]+)$/.exec(prompt)?.[1] : undefined;
  const finished = typing === undefined ? prompt : prompt.slice(0, prompt.length - typing.length - 1);
  return extractMentions(finished).filter((username) => !names.has(username));
}
