import { describe, expect, it } from 'vitest';
import { characterNameProblem, promptAsSent, promptAsWritten, usernameMeant, type NamedCharacter } from './character-names';

const mira: NamedCharacter = { id: 'ch_1', username: 'lumi_ca03', name: 'mira' };
const kai: NamedCharacter = { id: 'ch_2', username: 'kai_77f1', name: 'Kai.Dancer' };
const plain: NamedCharacter = { id: 'ch_3', username: 'zed_0b9e', name: null };
const characters = [mira, kai, plain];

describe('a prompt as the gateway gets it', () => {
  it.each([
    ['@mira at the start', '@lumi_ca03 at the start'],
    ['at the end, @mira', 'at the end, @lumi_ca03'],
    ['at the end of a sentence @mira.', 'at the end of a sentence @lumi_ca03.'],
    ['@mira and @Kai.Dancer, then @mira again', '@lumi_ca03 and @kai_77f1, then @lumi_ca03 again'],
    ['(@mira)', '(@lumi_ca03)'],
    ['@mira\n@Kai.Dancer', '@lumi_ca03\n@kai_77f1'],
  ])('%j is sent as %j', (written, sent) => {
    expect(promptAsSent(written, characters)).toBe(sent);
  });

  it('leaves e-mail addresses, `a@b` and a lone `@` alone', () => {
    expect(promptAsSent('write to mira@example.com or a@b, or @ alone', characters)).toBe('write to mira@example.com or a@b, or @ alone');
    expect(promptAsSent('@@mira', characters)).toBe('@@mira');
  });

  it('keeps usernames, and mentions of no character, as written', () => {
    expect(promptAsSent('@lumi_ca03 meets @zed_0b9e and @ghost', characters)).toBe('@lumi_ca03 meets @zed_0b9e and @ghost');
  });

  it('matches a name exactly: another case, or a longer mention, is not the name', () => {
    expect(promptAsSent('@Mira and @mira_2 and @mira.v', characters)).toBe('@Mira and @mira_2 and @mira.v');
  });

  it('follows a rename: the new name is sent as the username, the old one means no one', () => {
    const renamed = [{ ...mira, name: 'vesper' }, kai, plain];
    expect(promptAsSent('@vesper dances', renamed)).toBe('@lumi_ca03 dances');
    expect(usernameMeant('mira', renamed)).toBeUndefined();
    expect(promptAsSent('@mira dances', renamed)).toBe('@mira dances');
  });

  it('reads a mention as a username first, so a name never hides a character', () => {
    // Stored before the rule was kept, or taken over by a character that arrived later.
    const clash = [{ id: 'ch_9', username: 'mira', name: null }, mira];
    expect(usernameMeant('mira', clash)).toBe('mira');
    expect(promptAsSent('@mira', clash)).toBe('@mira');
  });
});

describe('a sent prompt read back as the artist writes it', () => {
  it('names each character by its current name, and leaves unnamed characters, e-mail addresses and unknown mentions alone', () => {
    const sent = '@lumi_ca03 and @kai_77f1 meet @zed_0b9e; mail lumi_ca03@example.com, ask @ghost';
    expect(promptAsWritten(sent, characters)).toBe('@mira and @Kai.Dancer meet @zed_0b9e; mail lumi_ca03@example.com, ask @ghost');
  });

  it('follows a rename made after the prompt was sent, and goes back out as the same usernames', () => {
    const renamed = [{ ...mira, name: 'vesper' }, kai, plain];
    const written = promptAsWritten('@lumi_ca03 dances', renamed);
    expect(written).toBe('@vesper dances');
    expect(promptAsSent(written, renamed)).toBe('@lumi_ca03 dances');
  });
});

describe('the name an artist gives a character', () => {
  it('is what a mention can name, whole', () => {
    for (const name of ['vesper', 'Mira_2', 'kai.v', '_', 'a1']) expect(characterNameProblem(name, characters), name).toBeNull();
    for (const name of ['', 'two words', '@mira', 'mira.', '.mira', 'mira-kai', 'míra', '米拉', 'a'.repeat(41)]) {
      expect(characterNameProblem(name, characters), name).toBe('character_name_invalid');
    }
  });

  it('is unique in the library, ignoring case, among names and usernames', () => {
    expect(characterNameProblem('MIRA', characters)).toBe('character_name_taken');
    expect(characterNameProblem('kai.dancer', characters)).toBe('character_name_taken');
    expect(characterNameProblem('zed_0b9e', characters)).toBe('character_name_taken');
    expect(characterNameProblem('Lumi_CA03', characters)).toBe('character_name_taken');
  });

  it('may stay what it is, or be the character’s own username', () => {
    expect(characterNameProblem('mira', characters, mira.id)).toBeNull();
    expect(characterNameProblem('lumi_ca03', characters, mira.id)).toBeNull();
    expect(characterNameProblem('mira', characters, kai.id)).toBe('character_name_taken');
  });
});
