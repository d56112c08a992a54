import { describe, expect, it } from 'vitest';
import type { CharacterView } from '../../../../../shared/contract';
import { completeMention, mentionAt, mentionNames, suggestCharacters, unknownMentions } from './prompt-mentions';
import { insertAtCursor, placeholderText, renumberPlaceholders } from './prompt-placeholders';

describe('omni placeholders', () => {
  it('are inserted at the cursor, spaced from the words around them', () => {
    expect(insertAtCursor('a cat and a dog', 5, 5, placeholderText('image', 1))).toEqual({ text: 'a cat <<<image_1>>> and a dog', caret: 19 });
    expect(insertAtCursor('', 0, 0, '<<<video_1>>>')).toEqual({ text: '<<<video_1>>>', caret: 13 });
    // Over a selection, it replaces it.
    expect(insertAtCursor('the picture here', 4, 11, '<<<image_2>>>').text).toBe('the <<<image_2>>> here');
  });

  it('follow their reference when the list is reordered', () => {
    const prompt = 'from <<<image_1>>> to <<<image_2>>> with <<<image_3>>>';
    expect(renumberPlaceholders(prompt, 'image', ['a', 'b', 'c'], ['c', 'a', 'b'])).toBe('from <<<image_2>>> to <<<image_3>>> with <<<image_1>>>');
  });

  it('are taken out with their reference, and later ones move up', () => {
    const prompt = '<<<image_1>>> meets <<<image_2>>> near <<<image_3>>>';
    expect(renumberPlaceholders(prompt, 'image', ['a', 'b', 'c'], ['a', 'c'])).toBe('<<<image_1>>> meets near <<<image_2>>>');
    expect(renumberPlaceholders('<<<image_1>>> alone', 'image', ['a'], [])).toBe('alone');
  });

  it('leave other kinds and dangling numbers alone', () => {
    const prompt = '<<<video_1>>> and <<<image_1>>> and <<<image_9>>>';
    expect(renumberPlaceholders(prompt, 'image', ['a', 'b'], ['b', 'a'])).toBe('<<<video_1>>> and <<<image_2>>> and <<<image_9>>>');
  });
});

const character = (username: string, displayName: string | null = null, name: string | null = null): CharacterView => ({
  id: `char_${username}`,
  username,
  name,
  displayName,
  sourceTaskId: null,
  profilePictureUrl: null,
  posterPath: null,
  createdAt: 0,
});

describe('@character mentions', () => {
  it('find the mention being typed at the caret', () => {
    expect(mentionAt('a dance by @mi', 14)).toEqual({ start: 11, query: 'mi' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('mail me at me@example.com', 25)).toBeNull();
    expect(mentionAt('a dance by @mira and', 20)).toBeNull();
  });

  it('complete the mention with the chosen username', () => {
    expect(completeMention('a dance by @mi', 11, 14, 'mira_1a2b')).toEqual({ text: 'a dance by @mira_1a2b ', caret: 22 });
    // Typed in the middle of a word of the mention: the rest of it is replaced too.
    expect(completeMention('@mi in the rain', 0, 2, 'mira_1a2b')).toEqual({ text: '@mira_1a2b in the rain', caret: 11 });
  });

  it('suggest usernames and display names, best matches first', () => {
    const all = [character('kai_77aa', 'Mira’s friend'), character('mira_1a2b', 'Mira'), character('bob_0000', 'Bob')];
    expect(suggestCharacters(all, 'mi').map((c) => c.username)).toEqual(['mira_1a2b', 'kai_77aa']);
    expect(suggestCharacters(all, '').map((c) => c.username)).toEqual(['bob_0000', 'kai_77aa', 'mira_1a2b']);
    expect(suggestCharacters(all, 'zzz')).toEqual([]);
  });

  it('flag mentions no character of the registry answers to', () => {
    expect(unknownMentions('@mira_1a2b dances with @ghost and @mira_1a2b', ['mira_1a2b'])).toEqual(['ghost']);
    expect(unknownMentions('write to a@b.com', [])).toEqual([]);
  });

  it('checks a mention once its word is finished, not while it is typed', () => {
    expect(unknownMentions('a duet with @ves', ['vesper'], true)).toEqual([]);
    expect(unknownMentions('a duet with @ves ', ['vesper'], true)).toEqual(['ves']);
    expect(unknownMentions('a duet with @ves, smiling', ['vesper'], true)).toEqual(['ves']);
    expect(unknownMentions('@ghost meets @ves', ['vesper'], true)).toEqual(['ghost']);
    // Once the artist submits, the last word counts too.
    expect(unknownMentions('a duet with @ves', ['vesper'])).toEqual(['ves']);
  });

  it('know named characters by their name and their username, and suggest them by name', () => {
    const named = [character('lumi_ca03', 'Mira, a dancer', 'mira'), character('kai_77aa')];
    expect(mentionNames(named)).toEqual(['lumi_ca03', 'mira', 'kai_77aa']);
    expect(unknownMentions('@mira meets @lumi_ca03 and @kai_77aa', mentionNames(named))).toEqual([]);
    expect(suggestCharacters(named, 'mi').map((c) => c.username)).toEqual(['lumi_ca03']);
    expect(suggestCharacters(named, 'lumi').map((c) => c.username)).toEqual(['lumi_ca03']);
    // Sorted by what the prompt will say: @kai_77aa before @mira.
    expect(suggestCharacters(named, '').map((c) => c.username)).toEqual(['kai_77aa', 'lumi_ca03']);
  });

  it('after a rename, know the new name and no longer the old one', () => {
    const renamed = [character('lumi_ca03', null, 'vesper')];
    expect(unknownMentions('@mira and @vesper', mentionNames(renamed))).toEqual(['mira']);
  });
});
