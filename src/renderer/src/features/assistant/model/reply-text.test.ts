import { describe, expect, it } from 'vitest';
import { linesFromReply, looksChinese, promptFromReply } from './reply-text';

describe('a reply used as the prompt', () => {
  it('drops a leading label, quotes and a code fence around the prompt', () => {
    expect(promptFromReply('Refined prompt: a fox in snow, soft light.')).toBe('a fox in snow, soft light.');
    expect(promptFromReply("Here's the improved prompt: “a quiet harbour at dawn”")).toBe('a quiet harbour at dawn');
    expect(promptFromReply('提示词：雪地里奔跑的橘猫')).toBe('雪地里奔跑的橘猫');
    expect(promptFromReply('Sure!\n```\na lantern festival, night\n```\nEnjoy.')).toBe('a lantern festival, night');
  });

  it('keeps a reply that is only the prompt as it is', () => {
    expect(promptFromReply('  a red kite over a green hill  ')).toBe('a red kite over a green hill');
    expect(promptFromReply('A prompt for night scenes should mention the light.')).toBe('A prompt for night scenes should mention the light.');
  });
});

describe('a reply read as batch lines', () => {
  it('takes the numbered lines, without their numbers, up to the count asked for', () => {
    const reply = 'Here are 4 prompts:\n1. a fox at dawn\n2) a fox at noon\n3. “a fox at dusk”\n4. a fox at night\n5. extra';
    expect(linesFromReply(reply, 4)).toEqual(['a fox at dawn', 'a fox at noon', 'a fox at dusk', 'a fox at night']);
  });

  it('takes plain lines when the reply has no list markers', () => {
    expect(linesFromReply('a fox at dawn\n\na fox at dusk\n')).toEqual(['a fox at dawn', 'a fox at dusk']);
  });
});

describe('which way a translation goes', () => {
  it('reads mostly Chinese text as Chinese', () => {
    expect(looksChinese('雪地里的橘猫')).toBe(true);
    expect(looksChinese('a cat 猫')).toBe(false);
    expect(looksChinese('a ginger cat in the snow')).toBe(false);
  });
});
