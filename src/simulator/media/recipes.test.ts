import { describe, expect, it } from 'vitest';
import type { ImageRecipe } from './recipes';
import { recipeKey } from './recipes';

const recipe: ImageRecipe = {
  kind: 'image',
  width: 1024,
  height: 1024,
  encoding: 'png',
  prompt: 'a fox',
  model: 'gen-image-2',
  index: 0,
  count: 1,
  references: ['a.png'],
};

describe('recipe keys', () => {
  it('are the same for the same request, whatever the field order or absent fields', () => {
    const reordered = Object.fromEntries(Object.entries(recipe).reverse()) as unknown as ImageRecipe;
    expect(recipeKey(reordered)).toBe(recipeKey(recipe));
    expect(recipeKey({ ...recipe, quality: undefined })).toBe(recipeKey(recipe));
  });

  it('differ when anything that shows in the result differs', () => {
    const variants: ImageRecipe[] = [
      { ...recipe, prompt: 'a fox ' },
      { ...recipe, index: 1 },
      { ...recipe, width: 1023 },
      { ...recipe, references: [] },
      { ...recipe, mask: 'm.png' },
      { ...recipe, encoding: 'jpeg' },
    ];
    const keys = new Set([recipe, ...variants].map(recipeKey));
    expect(keys.size).toBe(variants.length + 1);
  });
});
