import { describe, expect, it } from 'vitest';
import { referenceName, splitReferencePath } from './reference-names';

describe('reference names', () => {
  it('reads the field and the place in its list out of a request path', () => {
    expect(splitReferencePath('image_urls[2].url')).toEqual({ key: 'image_urls', index: 2 });
    expect(splitReferencePath('image_urls[1]')).toEqual({ key: 'image_urls', index: 1 });
    expect(splitReferencePath('metadata.character_url')).toEqual({ key: 'metadata.character_url', index: null });
  });

  it('names a reference by its form label, never by its path', () => {
    expect(referenceName('mask_url', 'image.gen-image-2.edit', 'en', 'Reference')).toBe('Mask');
    expect(referenceName('mask_url', 'image.gen-image-2.edit', 'zh-CN', '参考')).toBe('蒙版');
    const image = referenceName('image_urls[1]', 'image.gen-image-2.edit', 'en', 'Reference');
    expect(image).toMatch(/ 1$/);
    expect(image).not.toContain('image_urls');
    expect(referenceName('image_urls[3].url', null, 'en', 'Reference')).toBe('Reference 3');
  });
});
