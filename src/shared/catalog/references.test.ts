import { describe, expect, it } from 'vitest';
import type { ReferenceFile } from './references';
import { validateReferences } from './references';
import { entry, noteText, shown } from './test-support';

const MiB = 1024 * 1024;
const png = (field: string, extra: Partial<ReferenceFile> = {}): ReferenceFile => ({
  field,
  mime: 'image/png',
  bytes: MiB,
  width: 1024,
  height: 1024,
  ...extra,
});

function issues(id: string, files: ReferenceFile[], options?: Parameters<typeof validateReferences>[2]): string[] {
  return validateReferences(entry(id), files, options).issues.map(shown);
}

describe('validateReferences', () => {
  it('accepts files within the limits, with a matching PNG mask', () => {
    expect(issues('image.gen-image-2.edit', [png('image_urls'), png('image_urls', { mime: 'image/jpeg' }), png('mask_url', { hasAlpha: true })])).toEqual([]);
  });

  it.each<[string, string, ReferenceFile[], string]>([
    [
      'a GIF for variant A',
      'image.gen-image-2.direct',
      [png('reference_images', { mime: 'image/gif' })],
      'reference_images: file_type {"index":1,"value":"image/gif","allowed":"PNG, JPEG"}',
    ],
    [
      'a 3 MB image for variant A',
      'image.gen-image-2.direct',
      [png('reference_images', { bytes: 3 * MiB })],
      'reference_images: file_too_big {"index":1,"value":3,"limit":2}',
    ],
    [
      '5 images for variant A',
      'image.gen-image-2.direct',
      Array.from({ length: 5 }, () => png('reference_images')),
      'reference_images: too_many {"limit":4,"value":5,"kind":"file"}',
    ],
    [
      'a WebP for variant C is fine but a GIF is not',
      'image.nova-3.1-flash-image',
      [png('image_urls', { mime: 'image/webp' }), png('image_urls', { mime: 'image/gif' })],
      'image_urls: file_type {"index":2,"value":"image/gif","allowed":"JPEG, PNG, WEBP"}',
    ],
    [
      'a 2.5 MB image for variant C',
      'image.nova-3.1-flash-image',
      [png('image_urls', { bytes: 2.5 * MiB })],
      'image_urls: file_too_big {"index":1,"value":2.5,"limit":2}',
    ],
    [
      '15 images for variant E',
      'image.nova-3-pro-image.official',
      Array.from({ length: 15 }, () => png('image_urls')),
      'image_urls: too_many {"limit":14,"value":15,"kind":"file"}',
    ],
    ['a mask without alpha', 'image.gen-image-2.edit', [png('image_urls'), png('mask_url', { hasAlpha: false })], 'mask_url: mask_no_alpha {}'],
    [
      'a JPEG mask',
      'image.gen-image-2.task',
      [png('image_urls'), png('mask_url', { mime: 'image/jpeg' })],
      'mask_url: file_type {"index":1,"value":"image/jpeg","allowed":"PNG"}',
    ],
    [
      'a mask of another size',
      'image.gen-image-2.task',
      [png('image_urls', { width: 1536, height: 1024 }), png('mask_url', { hasAlpha: true })],
      'mask_url: mask_size {"value":"1024x1024","limit":"1536x1024","other":"image_urls"}',
    ],
    ['a file for a field the variant does not have', 'video.clip-3.0-turbo', [png('image_urls')], 'image_urls: file_not_taken {}'],
    [
      'a second input reference',
      'video.vid-2.official',
      [png('input_reference'), png('input_reference')],
      'input_reference: too_many {"limit":1,"value":2,"kind":"file"}',
    ],
  ])('rejects %s', (_name, id, files, message) => {
    expect(issues(id, files)).toContain(message);
  });

  it('applies the 10 MB upload limit on top of variant B’s 50 MB when files are uploaded', () => {
    const big = png('image_urls', { bytes: 20 * MiB });
    expect(issues('image.gen-image-2.task', [big])).toEqual(['image_urls: file_too_big {"index":1,"value":20,"limit":10}']);
    expect(issues('image.gen-image-2.task', [big], { viaUpload: false })).toEqual([]);
    expect(issues('image.gen-image-2.task', [png('image_urls', { bytes: 51 * MiB })], { viaUpload: false })).toEqual([
      'image_urls: file_too_big {"index":1,"value":51,"limit":50}',
    ]);
  });

  it('checks the mask against the first image only, in list order', () => {
    const files = [png('image_urls'), png('image_urls', { width: 800, height: 600 }), png('mask_url', { hasAlpha: true })];
    expect(issues('image.gen-image-2.edit', files)).toEqual([]);
  });

  it('warns when the official video reference does not match the chosen size', () => {
    const variant = entry('video.vid-2.official');
    const wrong = validateReferences(variant, [png('input_reference')], { values: { size: '720x1280' } });
    expect(wrong.issues).toEqual([]);
    expect(noteText(wrong.warnings[0])).toBe('input_reference: image_size_mismatch {"value":"1024x1024","limit":"720x1280"}');
    const right = validateReferences(variant, [png('input_reference', { width: 1280, height: 720 })], { values: {} });
    expect(right.warnings).toEqual([]);
  });

  it('warns that turbo uses only the first reference', () => {
    const result = validateReferences(entry('video.clip-3.0-turbo'), [png('reference_images'), png('reference_images')]);
    expect(result.warnings.map(noteText)).toEqual(['reference_images: only_first_used {}']);
  });

  it('does not apply upload limits to reference videos, which are addresses', () => {
    const video: ReferenceFile = { field: 'video_list', mime: 'video/mp4', bytes: 80 * MiB };
    expect(issues('video.clip-v3-omni', [video])).toEqual([]);
    expect(issues('video.clip-v3-omni', [video, video])).toEqual(['video_list: too_many {"limit":1,"value":2,"kind":"file"}']);
  });
});
