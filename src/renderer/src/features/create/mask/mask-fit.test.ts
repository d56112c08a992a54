import { describe, expect, it } from 'vitest';
import { maskFit } from './mask-fit';
import { applyEdit, emptyMask } from './mask-model';

const painted = applyEdit(emptyMask(1024, 768), { kind: 'invert' });
const image = (id: string, width: number | null, height: number | null) => ({ id, name: `${id}.png`, width, height });

describe('whether a mask still fits its image', () => {
  it('fits the image it was painted on, and an empty mask fits anything', () => {
    expect(maskFit(painted, 'a', image('a', 1024, 768))).toEqual({ state: 'fits' });
    expect(maskFit(emptyMask(10, 10), 'a', image('b', 20, 20))).toEqual({ state: 'fits' });
    expect(maskFit(null, null, undefined)).toEqual({ state: 'fits' });
  });

  it('says when the first image was replaced by one of another size, with both sizes', () => {
    expect(maskFit(painted, 'a', image('b', 800, 600))).toEqual({
      state: 'other-size',
      painted: { width: 1024, height: 768 },
      image: { name: 'b.png', width: 800, height: 600 },
    });
  });

  it('tells a replacement of the same size apart, which can keep the mask', () => {
    expect(maskFit(painted, 'a', image('b', 1024, 768)).state).toBe('other-image');
  });

  it('says when no image is left to carry the mask', () => {
    expect(maskFit(painted, 'a', undefined).state).toBe('no-image');
  });

  it('a replacement whose size is not known yet is another image, not a fit', () => {
    expect(maskFit(painted, 'a', image('b', null, null)).state).toBe('other-image');
  });
});
