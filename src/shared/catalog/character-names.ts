/**
 * Characters' names. The gateway gives each character a username (`@lumi_ca03`); the artist may
 * give it a name of their own (`@mira`) that prompts use and that is sent as `@username`.
 * The same rules hold in the window and in main:
 * - a name is what a mention may name (letters, digits, `_`, inner dots), at most 40 characters;
 * - it is unique in the library, ignoring case, among names and gateway usernames alike;
 * - a mention is matched exactly, a gateway username first: a username always means its own
 *   character, so a name never hides one (a character that arrives with a username equal to
 *   another's name takes it over, and that name is released).
 */
import { isMentionName, replaceMentions } from './prompt-syntax';

/** Longest name an artist may give a character. */
const CHARACTER_NAME_MAX = 40;

/** What the name rules read of a character. */
export interface NamedCharacter {
  id: string;
  /** The gateway's username, sent as `@username`. */
  username: string;
  /** The artist's name for it, if any. */
  name: string | null;
}

/** Why a name cannot be given; each is a reason code worded in the locale files. */
export type CharacterNameProblem = 'character_name_invalid' | 'character_name_taken';

/**
 * Why `name` cannot be the name of the character `ownId` (of none, for one still being made)
 * among `characters`; null when it can. A character may be named its own username.
 */
export function characterNameProblem(name: string, characters: readonly NamedCharacter[], ownId?: string): CharacterNameProblem | null {
  if (name.length > CHARACTER_NAME_MAX || !isMentionName(name)) return 'character_name_invalid';
  const folded = name.toLowerCase();
  const taken = characters.some(
    (character) => character.id !== ownId && (character.username.toLowerCase() === folded || character.name?.toLowerCase() === folded),
  );
  return taken ? 'character_name_taken' : null;
}

/** The username a mention means: a username as it is, else the character so named; undefined when no character is meant. */
export function usernameMeant(mention: string, characters: readonly NamedCharacter[]): string | undefined {
  return (characters.find((character) => character.username === mention) ?? characters.find((character) => character.name === mention))?.username;
}

/**
 * The prompt as the gateway gets it: every mention of a character's name becomes `@username`.
 * Usernames and mentions of no character are left as they are (the form names the unknown ones).
 */
export function promptAsSent(prompt: string, characters: readonly NamedCharacter[]): string {
  return replaceMentions(prompt, (mention) => `@${usernameMeant(mention, characters) ?? mention}`);
}

/**
 * The prompt as the artist would write it today: every `@username` of a named character becomes
 * `@name`, its current name. A recipe holds the prompt as it was sent, so a result made again or
 * reused still names its characters as the artist does, even after a rename.
 */
export function promptAsWritten(prompt: string, characters: readonly NamedCharacter[]): string {
  return replaceMentions(prompt, (mention) => `@${characters.find((character) => character.username === mention)?.name ?? mention}`);
}

/** What a character is mentioned as: its name when it has one, else its username. */
export function mentionOf(character: Pick<NamedCharacter, 'username' | 'name'>): string {
  return character.name ?? character.username;
}
