import { describe, expect, it } from 'vitest';
import { mentionsIn, promptRuns } from './card';
import { clip } from './text-block';

describe('caption text', () => {
  it('cuts long prompts at a character boundary with an ellipsis, keeping Chinese and emoji whole', () => {
    expect(clip('short', 10)).toBe('short');
    expect(clip('一只红狐狸蜷缩在清晨的新雪中', 6)).toBe('一只红狐狸…');
    expect(clip('👩‍🎨👩‍🎨👩‍🎨', 2)).toBe('👩‍🎨…');
    expect(clip('  spaced\n\nout  ', 20)).toBe('spaced out');
  });

  it('colours @mentions, not e-mail addresses', () => {
    const runs = promptRuns('@mira_1a2b meets tom@example.com and @tom.k', '#00ff00');
    expect(runs.filter((run) => run.colour === '#00ff00').map((run) => run.text)).toEqual(['@mira_1a2b', '@tom.k']);
    expect(runs.map((run) => run.text).join('')).toBe('@mira_1a2b meets tom@example.com and @tom.k');
    expect([...mentionsIn('hi @a_b, mail x@y.z')]).toEqual(['a_b']);
  });
});
