import { describe, expect, it } from 'vitest';
import { extractMentions, extractPlaceholders, placeholderProblems } from './prompt-syntax';

describe('prompt syntax', () => {
  it.each([
    ['@mira walks', ['mira']],
    ['@mira.v and @neo_1, then @mira.v again.', ['mira.v', 'neo_1']],
    ['write to a@b.com', []],
    ['ends with a dot @kai.', ['kai']],
    ['(@zed)', ['zed']],
    ['@ alone', []],
  ])('mentions in %j', (prompt, usernames) => {
    expect(extractMentions(prompt)).toEqual(usernames);
  });

  it('extracts placeholders in order', () => {
    expect(extractPlaceholders('<<<image_1>>> meets <<<element_12>>> in <<<video_1>>>')).toEqual([
      { token: 'image', index: 1 },
      { token: 'element', index: 12 },
      { token: 'video', index: 1 },
    ]);
    expect(extractPlaceholders('<<image_1>> <<<image_x>>>')).toEqual([]);
  });

  it('accepts repeated placeholders once they first appear in order', () => {
    const problems = placeholderProblems('<<<image_1>>> <<<image_2>>> <<<image_1>>>', [{ token: 'image', list: 'metadata.image_list', length: 2 }]);
    expect(problems).toEqual({ errors: [], unreferenced: [], unknown: [] });
  });

  it('lists unreferenced items', () => {
    expect(placeholderProblems('<<<image_2>>>', [{ token: 'image', list: 'l', length: 3 }])).toEqual({
      errors: [],
      unreferenced: [
        { list: 'l', token: 'image', index: 1 },
        { list: 'l', token: 'image', index: 3 },
      ],
      unknown: [],
    });
  });

  it('leaves a placeholder of a kind the model does not name to a warning, not an error', () => {
    const problems = placeholderProblems('<<<audio_1>>> over <<<image_1>>>', [{ token: 'image', list: 'l', length: 1 }]);
    expect(problems).toEqual({ errors: [], unreferenced: [], unknown: [{ token: 'audio', index: 1 }] });
  });
});
