import { describe, expect, it } from 'vitest';
import { buildRequestBody } from './request-body';
import { checkRequest } from './request-check';
import { atTier, largerTiers, recipeOnVariant, recipeValues, referenceFieldOf, withReference } from './recipe-values';
import { variantById } from './registry';
import type { VariantEntry } from './types';

const entry = (id: string): VariantEntry => {
  const found = variantById(id);
  if (!found) throw new Error(`no variant ${id}`);
  return found;
};

describe('a recorded request read back as form values', () => {
  it('builds the same request again, without the business id the gateway has already seen', () => {
    const direct = entry('image.gen-image-2.direct');
    const request = { model: 'gen-image-2', prompt: 'a lighthouse', size: '1280x720', n: 2, client_business_id: 'atelier-1-1' };
    const values = recipeValues(direct, request);
    expect(values).not.toHaveProperty('client_business_id');
    expect(checkRequest(direct, values).request?.body).toMatchObject({ model: 'gen-image-2', prompt: 'a lighthouse', size: '1280x720' });
  });

  it('keeps a ratio-and-tier size as it was sent (variant B: size 16:9 at resolution 2K)', () => {
    const task = entry('image.gen-image-2.task');
    const values = recipeValues(task, { model: 'gen-image-2', prompt: 'dunes', size: '16:9', resolution: '2K' });
    expect(buildRequestBody(task, values)).toMatchObject({ size: '16:9', resolution: '2K' });
  });
});

describe('this result as the reference', () => {
  it('goes into the first image input, replacing the old references and dropping a mask painted for them', () => {
    const edit = entry('image.gen-image-2.task');
    const values = { prompt: 'dunes', image_urls: ['https://a.example/1.png', 'https://a.example/2.png'], mask_url: 'https://a.example/m.png' };
    const next = withReference(edit, values, 'https://up.example/result.png');
    expect(next).toMatchObject({ prompt: 'dunes', image_urls: ['https://up.example/result.png'] });
    expect(next).not.toHaveProperty('mask_url');
    expect(referenceFieldOf(edit)?.key).toBe('image_urls');
  });

  it('has nowhere to go in a variant that takes no image (a remix)', () => {
    expect(withReference(entry('video.remix.vid-2'), { prompt: 'x' }, 'https://up.example/r.png')).toBeUndefined();
  });
});

describe('a larger version', () => {
  it("offers the tiers above the recipe's that have its ratio, smallest first", () => {
    const nova = entry('image.nova-3-pro-image');
    expect(largerTiers(nova, recipeValues(nova, { prompt: 'p', size: '1360x768' }))).toEqual(['2K', '4K']);
    expect(largerTiers(nova, recipeValues(nova, { prompt: 'p', size: '5504x3072' }))).toEqual([]);
    const direct = entry('image.gen-image-2.direct');
    // 3:2 exists at 1K and 2K but not at 4K.
    expect(largerTiers(direct, recipeValues(direct, { prompt: 'p', size: '1248x832' }))).toEqual(['2K']);
  });

  it('sends the larger tier at the same ratio, in pixels or as the tier field', () => {
    const nova = entry('image.nova-3-pro-image');
    const bigger = atTier(nova, recipeValues(nova, { prompt: 'p', size: '1360x768' }), '4K');
    expect(bigger && buildRequestBody(nova, bigger)).toMatchObject({ size: '5504x3072' });
    const official = entry('image.nova-3-pro-image.official');
    const tiered = atTier(official, recipeValues(official, { prompt: 'p', size: '16:9', metadata: { resolution: '1K' } }), '2K');
    expect(tiered && buildRequestBody(official, tiered)).toMatchObject({ size: '16:9', metadata: { resolution: '2K' } });
  });

  it('refuses a tier that is not larger, and a size that is not a tier (auto)', () => {
    const nova = entry('image.nova-3-pro-image');
    expect(atTier(nova, recipeValues(nova, { prompt: 'p', size: '2752x1536' }), '1K')).toBeUndefined();
    const direct = entry('image.gen-image-2.direct');
    expect(largerTiers(direct, recipeValues(direct, { prompt: 'p', size: 'auto' }))).toEqual([]);
  });
});

describe('the same recipe on another variant of the model', () => {
  it('runs an edit answered with a summary on the queued variant: same prompt, images, mask and size', () => {
    const request = {
      model: 'gen-image-2',
      prompt: 'a pond in the corner',
      size: '1280x720',
      quality: 'medium',
      n: 1,
      response_format: 'b64_json',
      image_urls: ['https://up.example/a.png', 'https://up.example/b.png'],
      mask_url: 'https://up.example/m.png',
    };
    const task = entry('image.gen-image-2.task');
    const values = recipeOnVariant(entry('image.gen-image-2.edit'), task, request);
    const checked = checkRequest(task, values);
    expect(checked.problems).toEqual([]);
    expect(checked.request?.body).toMatchObject({
      prompt: 'a pond in the corner',
      size: '16:9',
      resolution: '1K',
      quality: 'medium',
      image_urls: ['https://up.example/a.png', 'https://up.example/b.png'],
      mask_url: 'https://up.example/m.png',
    });
    expect(checked.request?.body).not.toHaveProperty('response_format');
  });

  it('takes the size the other variant lacks as its default, and references from another field', () => {
    const direct = entry('image.gen-image-2.direct');
    const task = entry('image.gen-image-2.task');
    // 3:2 at 2K is 2496x1664 on the direct variant; the queued one has 3:2 at 2K as well.
    expect(buildRequestBody(task, recipeOnVariant(direct, task, { prompt: 'p', size: '2496x1664' }))).toMatchObject({ size: '3:2', resolution: '2K' });
    // 4:3 at 2K exists on the direct variant; the queued one has it too, but 16:9 at 4K is its widest.
    const wide = recipeOnVariant(task, direct, { prompt: 'p', size: '21:9', resolution: '1K' });
    expect(wide).not.toHaveProperty('size');
    const moved = recipeOnVariant(direct, task, { prompt: 'p', reference_images: ['https://up.example/r.png'] });
    expect(moved).toMatchObject({ image_urls: ['https://up.example/r.png'] });
  });
});
