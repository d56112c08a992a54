import { describe, expect, it } from 'vitest';
import { applyPresetText, removePresetText } from './preset-text';

const after = { text: 'black and white, hard shadows', placement: 'after' as const };
const before = { text: 'ink wash painting of', placement: 'before' as const };

describe('a preset’s text in the prompt', () => {
  it('goes after the prompt with a comma, or before it with a space, and once only', () => {
    const once = applyPresetText('a rooftop garden', 'single', after);
    expect(once).toBe('a rooftop garden, black and white, hard shadows');
    expect(applyPresetText(once, 'single', after)).toBe(once);
    expect(applyPresetText('a crane', 'single', before)).toBe('ink wash painting of a crane');
    expect(applyPresetText('', 'single', after)).toBe('black and white, hard shadows');
  });

  it('follows Chinese punctuation after Chinese text', () => {
    expect(applyPresetText('雪地里的橘猫', 'single', { text: '胶片质感', placement: 'after' })).toBe('雪地里的橘猫，胶片质感');
    expect(applyPresetText('雪地里的橘猫。', 'single', { text: '胶片质感', placement: 'after' })).toBe('雪地里的橘猫。胶片质感');
  });

  it('goes on every line of a batch in lines mode, leaving empty lines alone', () => {
    expect(applyPresetText('a fox\n\na crane', 'lines', after)).toBe('a fox, black and white, hard shadows\n\na crane, black and white, hard shadows');
    expect(applyPresetText('a fox\na crane', 'single', after)).toBe('a fox\na crane, black and white, hard shadows');
  });

  it('comes out again where it was put, and nowhere else', () => {
    expect(removePresetText('a rooftop garden, black and white, hard shadows', 'single', after)).toBe('a rooftop garden');
    expect(removePresetText('ink wash painting of a crane', 'single', before)).toBe('a crane');
    expect(removePresetText('a fox, black and white, hard shadows\na crane, black and white, hard shadows', 'lines', after)).toBe('a fox\na crane');
    expect(removePresetText('a crane, hard shadows', 'single', after)).toBe('a crane, hard shadows');
  });
});
