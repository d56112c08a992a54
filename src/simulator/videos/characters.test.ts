import { describe, expect, it } from 'vitest';
import { mentionedUsernames, newCharacter } from './characters';
import { parseCharacterTimestamps } from './vid2-plural';
import { characterAnswer } from './character-readings';

describe('@username mentions', () => {
  it('finds mentions, not e-mail addresses', () => {
    expect(mentionedUsernames('@mira_1a2b waves to @tom.k, mail me@example.com')).toEqual(['mira_1a2b', 'tom.k']);
    expect(mentionedUsernames('(@ana) and @ana again')).toEqual(['ana']);
  });

  it('new characters have usernames that a mention finds again', () => {
    const character = newCharacter('Mira the baker', 'char_1');
    expect(mentionedUsernames(`@${character.username} smiles`)).toEqual([character.username]);
    expect(character.display_name).toBe('Mira');
  });
});

describe('character_timestamps', () => {
  it('takes a 2-second <start>,<end> segment', () => {
    expect(parseCharacterTimestamps('3,5')).toEqual({ start: 3, end: 5 });
    expect(parseCharacterTimestamps(' 1.5 , 3.5 ')).toEqual({ start: 1.5, end: 3.5 });
    expect(() => parseCharacterTimestamps('3,6')).toThrow(/2 seconds/);
    expect(() => parseCharacterTimestamps('5')).toThrow(/<start_second>,<end_second>/);
  });
});

describe('character readings', () => {
  const fromTask = { fromTask: true, create: false, referenceVideo: false };
  const fromClip = { fromTask: false, create: true, referenceVideo: true };
  const createFromVideo = { fromTask: false, create: true, referenceVideo: false };
  const plain = { fromTask: false, create: false, referenceVideo: false };

  it('answer each kind of request as its reading says', () => {
    const answers = (reading: 'request' | 'character' | 'video') => [fromTask, fromClip, createFromVideo, plain].map((ask) => characterAnswer(ask, reading));
    expect(answers('request')).toEqual(['character-task', 'video-with-character', 'video-with-character', 'video']);
    expect(answers('character')).toEqual(['character-task', 'character-task', 'video-with-character', 'video']);
    expect(answers('video')).toEqual(['video-with-character', 'video-with-character', 'video-with-character', 'video']);
  });
});
