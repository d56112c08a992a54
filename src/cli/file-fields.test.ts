import { describe, expect, it } from 'vitest';
import { variantById, type VariantEntry } from '../shared/catalog';
import { fileTargets, placeFileUrls } from './file-fields';

function variant(id: string): VariantEntry {
  const entry = variantById(id);
  if (!entry) throw new Error(`no variant ${id}`);
  return entry;
}

describe('file fields', () => {
  it('finds where each variant takes references and a mask', () => {
    expect(fileTargets(variant('image.gen-image-2.direct'))).toEqual({
      references: { key: 'reference_images', single: false, item: { shape: 'string' } },
      mask: undefined,
    });
    expect(fileTargets(variant('image.gen-image-2.task'))).toEqual({
      references: { key: 'image_urls', single: false, item: { shape: 'string' } },
      mask: { key: 'mask_url', referenceField: 'image_urls' },
    });
    expect(fileTargets(variant('video.vid-2.official')).references).toEqual({ key: 'input_reference', single: true, item: { shape: 'string' } });
    expect(fileTargets(variant('video.clip-v3-omni')).references?.key).toBe('metadata.image_list');
    expect(fileTargets(variant('video.remix.vid-2'))).toEqual({ references: undefined, mask: undefined });
  });

  it('places addresses in the wire shape of the variant, after those the line has', () => {
    const body = { model: 'gen-image-2', image_urls: ['https://cdn.example/first.png'] };
    expect(placeFileUrls(variant('image.gen-image-2.edit'), body, ['https://u/1.png'], 'https://u/m.png')).toEqual({
      model: 'gen-image-2',
      image_urls: ['https://cdn.example/first.png', 'https://u/1.png'],
      mask_url: 'https://u/m.png',
    });
    expect(body.image_urls).toHaveLength(1);
    expect(placeFileUrls(variant('image.nova-3.1-flash-image'), {}, ['https://u/1.png'], undefined)).toEqual({ image_urls: [{ url: 'https://u/1.png' }] });
    expect(placeFileUrls(variant('video.clip-v3-omni'), { metadata: { watermark: true } }, ['https://u/1.png'], undefined)).toEqual({
      metadata: { watermark: true, image_list: [{ image_url: 'https://u/1.png' }] },
    });
    expect(placeFileUrls(variant('video.vid-2.official'), {}, ['https://u/1.png'], undefined)).toEqual({ input_reference: 'https://u/1.png' });
  });
});
