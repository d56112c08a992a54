import { describe, expect, it } from 'vitest';
import { NOT_RECALLING, recallStep } from './prompt-recall';

const history = ['newest', 'older', 'oldest'];

describe('recalling earlier prompts with Up and Down', () => {
  it('Up in an empty box brings the last prompt, then each earlier one, and stops at the oldest', () => {
    const first = recallStep(history, NOT_RECALLING, 'older', '');
    expect(first?.text).toBe('newest');
    const second = first && recallStep(history, first.state, 'older', first.text);
    expect(second?.text).toBe('older');
    const third = second && recallStep(history, second.state, 'older', second.text);
    expect(third?.text).toBe('oldest');
    expect(third && recallStep(history, third.state, 'older', third.text)).toBeUndefined();
  });

  it('Down goes back towards the newest and then to an empty box', () => {
    const down = recallStep(history, { index: 1 }, 'newer', 'older');
    expect(down).toEqual({ state: { index: 0 }, text: 'newest' });
    expect(recallStep(history, { index: 0 }, 'newer', 'newest')).toEqual({ state: NOT_RECALLING, text: '' });
    expect(recallStep(history, NOT_RECALLING, 'newer', '')).toBeUndefined();
  });

  it('leaves the keys alone while the box holds the artist’s own text, even an edited recalled prompt', () => {
    expect(recallStep(history, NOT_RECALLING, 'older', 'my own words')).toBeUndefined();
    expect(recallStep(history, { index: 0 }, 'older', 'newest, edited')).toBeUndefined();
    expect(recallStep([], NOT_RECALLING, 'older', '')).toBeUndefined();
  });
});
