import { describe, expect, it } from 'vitest';
import { composeReply, countInputTokens, countTokens, limitText, tokenPieces } from './reply';

describe('composeReply', () => {
  it('is deterministic and restates the latest request', () => {
    const turns = [{ role: 'user' as const, text: 'a foggy pier', images: 0 }];
    expect(composeReply(turns)).toBe(composeReply(turns));
    expect(composeReply(turns)).toMatch(/^Refined prompt: a foggy pier, /);
  });

  it('echoes text after "echo:" verbatim', () => {
    expect(composeReply([{ role: 'user', text: 'echo:  exact words here', images: 0 }])).toBe('exact words here');
  });

  it('mentions earlier turns, images and tool results', () => {
    const reply = composeReply([
      { role: 'user', text: 'a pier', images: 0 },
      { role: 'assistant', text: 'ok', images: 0 },
      { role: 'user', text: 'at night', images: 2 },
      { role: 'tool', text: 'saved', images: 0 },
    ]);
    expect(reply).toContain('Building on "a pier"');
    expect(reply).toContain('Using 2 reference images');
    expect(reply).toContain('Tool result noted: saved.');
  });
});

describe('describing images', () => {
  it('answers a request to describe an attached image with a scene prompt', () => {
    const reply = composeReply([{ role: 'user', text: 'Describe this image as a prompt.', images: 1 }]);
    expect(reply).toMatch(/^Refined prompt: the scene of the reference image, .*Using 1 reference image as a visual guide\.$/);
  });
});

describe('variations', () => {
  it('answers a request for N variations with N numbered, different prompts, one per line', () => {
    const reply = composeReply([
      { role: 'system', text: 'Write 4 variations of the idea, one per line.', images: 0 },
      { role: 'user', text: 'a lighthouse at dusk', images: 0 },
    ]);
    const lines = reply.split('\n');
    expect(lines).toHaveLength(4);
    lines.forEach((line, index) => expect(line).toMatch(new RegExp(`^${index + 1}\\. a lighthouse at dusk, `)));
    expect(new Set(lines.map((line) => line.replace(/^\d+\. /, ''))).size).toBe(4);
  });

  it('takes the count from the request itself too', () => {
    expect(composeReply([{ role: 'user', text: '3 variations: a koi pond', images: 0 }]).split('\n')).toHaveLength(3);
  });
});

describe('token helpers', () => {
  it('splits into word pieces that join back to the text', () => {
    const text = 'one  two three';
    expect(tokenPieces(text).join('')).toBe(text);
    expect(countTokens(text)).toBe(3);
    expect(countInputTokens([{ role: 'user', text: 'a b', images: 1 }])).toBe(87);
  });
});

describe('limitText', () => {
  it('cuts at the earliest stop sequence', () => {
    expect(limitText('one two three four', undefined, ['four', 'two'])).toEqual({
      text: 'one',
      cause: 'stop_sequence',
      stopSequence: 'two',
    });
  });

  it('cuts at max tokens', () => {
    expect(limitText('one two three', 2)).toEqual({ text: 'one two', cause: 'max_tokens', stopSequence: null });
  });

  it('reports a natural end when neither applies', () => {
    expect(limitText('one two', 5, ['zzz'])).toEqual({ text: 'one two', cause: 'end', stopSequence: null });
  });
});
