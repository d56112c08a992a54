import { describe, expect, it } from 'vitest';
import type { SavedMaskView } from '../../../../../shared/contract';
import { defaultMaskName, savedMaskChoices } from './saved-mask-choices';

const mask = (id: string, width: number, height: number): SavedMaskView => ({ id, name: id, width, height, filePath: `.masks/${id}.png`, createdAt: 0 });

describe('saved masks offered for an image', () => {
  it('offers the masks of the image’s shape first (scaled when of another size), and lists the others as not fitting', () => {
    const masks = [mask('wide', 1920, 1080), mask('sky', 800, 600), mask('tall', 768, 1024), mask('door', 1024, 768)];
    const choices = savedMaskChoices(masks, { width: 800, height: 600 });
    expect(choices.map((choice) => [choice.id, choice.fits, choice.scaled])).toEqual([
      ['sky', true, false],
      ['door', true, true],
      ['wide', false, false],
      ['tall', false, false],
    ]);
    // The same pixels turned sideways are another shape; a pixel of rounding is not.
    expect(savedMaskChoices([mask('tall', 768, 1024)], { width: 1024, height: 768 })[0]?.fits).toBe(false);
    expect(savedMaskChoices([mask('video', 1280, 720)], { width: 1279, height: 720 })[0]?.fits).toBe(true);
    expect(savedMaskChoices([mask('near', 1000, 700)], { width: 1000, height: 750 })[0]?.fits).toBe(false);
    expect(savedMaskChoices([], { width: 1, height: 1 })).toEqual([]);
  });

  it('names a new mask after its image, without the extension', () => {
    expect(defaultMaskName('sunset beach.png')).toBe('sunset beach');
    expect(defaultMaskName('photo.2024.jpeg')).toBe('photo.2024');
    expect(defaultMaskName('雪中的狐狸.webp')).toBe('雪中的狐狸');
    expect(defaultMaskName('.png')).toBe('mask');
    expect(defaultMaskName('x'.repeat(200) + '.png')).toHaveLength(80);
  });
});
