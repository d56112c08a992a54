import { describe, expect, it } from 'vitest';
import { Rejection } from '../requests/rejection';
import { checkPlaceholders } from './omni-placeholders';

const none = { image: 0, video: 0, element: 0 };

function problem(prompt: string, counts: Partial<typeof none>): string | undefined {
  try {
    checkPlaceholders(prompt, { ...none, ...counts });
    return undefined;
  } catch (error) {
    if (error instanceof Rejection) return error.message;
    throw error;
  }
}

describe('omni placeholders', () => {
  it('accepts prompts whose placeholders match their lists in order (repeats allowed)', () => {
    expect(problem('plain prompt', {})).toBeUndefined();
    expect(problem('<<<image_1>>> and <<<image_2>>> then <<<image_1>>>', { image: 2 })).toBeUndefined();
    expect(problem('<<<video_1>>> <<<element_1>>> <<<image_1>>> <<<element_2>>>', { image: 1, video: 1, element: 2 })).toBeUndefined();
  });

  it('needs an item for every placeholder', () => {
    expect(problem('<<<image_2>>>', { image: 1 })).toMatch(/no metadata\.image_list item 2/);
    expect(problem('<<<element_1>>>', {})).toMatch(/element_list/);
  });

  it('warns about items no placeholder names, without refusing them', () => {
    expect(problem('<<<image_1>>>', { image: 2 })).toBeUndefined();
    expect(checkPlaceholders('<<<image_1>>>', { ...none, image: 2 })).toEqual([
      'Item 2 of metadata.image_list is not referenced as <<<image_2>>> in the prompt; nothing is inserted automatically.',
    ]);
    expect(checkPlaceholders('nothing here', { ...none, video: 1 })).toEqual([expect.stringMatching(/Item 1 of video_list is not referenced/)]);
    expect(checkPlaceholders('<<<image_1>>> <<<image_3>>>', { ...none, image: 3 })).toEqual([
      expect.stringMatching(/Item 2 of metadata\.image_list is not referenced/),
    ]);
  });

  it('numbers from 1 and follows list order', () => {
    expect(problem('<<<image_0>>>', { image: 1 })).toMatch(/starts at 1/);
    expect(problem('<<<image_2>>> <<<image_1>>>', { image: 2 })).toMatch(/list order/);
  });

  it('ignores look-alikes that are not placeholders', () => {
    expect(problem('<<image_1>> <<<picture_1>>> <<<image_x>>>', {})).toBeUndefined();
  });
});
