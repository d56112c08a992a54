import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPngText, RECIPE_KEYWORD, withPngText } from './png-recipe';

const png = (): Promise<Buffer> =>
  sharp({ create: { width: 4, height: 3, channels: 3, background: '#c0569b' } })
    .png()
    .toBuffer();

describe('recipes in PNG text chunks', () => {
  it('writes UTF-8 text that reads back, Chinese included, and keeps the pixels', async () => {
    const original = await png();
    const recipe = JSON.stringify({ prompt: '雪中的狐狸, a fox in the snow', model: 'gen-image-2' });
    const tagged = withPngText(original, { [RECIPE_KEYWORD]: recipe, Description: '雪中的狐狸' });
    expect(readPngText(tagged)).toMatchObject({ [RECIPE_KEYWORD]: recipe, Description: '雪中的狐狸' });
    const [before, after] = await Promise.all([sharp(original).raw().toBuffer(), sharp(Buffer.from(tagged)).raw().toBuffer()]);
    expect(after.equals(before)).toBe(true);
  });

  it('replaces an earlier recipe instead of adding a second one', async () => {
    const once = withPngText(await png(), { [RECIPE_KEYWORD]: 'first' });
    const twice = withPngText(once, { [RECIPE_KEYWORD]: 'second' });
    expect(readPngText(twice)[RECIPE_KEYWORD]).toBe('second');
    expect(Buffer.from(twice).toString('latin1').split(RECIPE_KEYWORD)).toHaveLength(2);
  });
});
