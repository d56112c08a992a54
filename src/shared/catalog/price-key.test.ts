import { describe, expect, it } from 'vitest';
import { genericEntry } from './generic';
import { priceKeyOf } from './price-key';
import { entry } from './test-support';

const task = entry('image.gen-image-2.task');
const omni = entry('video.clip-v3-omni');

describe('price keys', () => {
  it('ignore the prompt and the reference addresses', () => {
    const a = priceKeyOf(task, { model: 'gen-image-2', prompt: 'a fox', size: '16:9', resolution: '2K', image_urls: ['https://x/1.png'] });
    const b = priceKeyOf(task, {
      model: 'gen-image-2',
      prompt: '一只狐狸',
      size: '16:9',
      resolution: '2K',
      image_urls: ['https://y/2.png', 'https://y/3.png'],
    });
    expect(a).toBe(b);
  });

  it('change with every option that can change the bill', () => {
    const base = { model: 'gen-image-2', prompt: 'p', size: '16:9', resolution: '1K', quality: 'high', n: 1 };
    const key = priceKeyOf(task, base);
    expect(priceKeyOf(task, { ...base, resolution: '2K' })).not.toBe(key);
    expect(priceKeyOf(task, { ...base, size: '1:1' })).not.toBe(key);
    expect(priceKeyOf(task, { ...base, quality: 'low' })).not.toBe(key);
    expect(priceKeyOf(task, { ...base, n: 4 })).not.toBe(key);
    expect(priceKeyOf(task, { ...base, image_urls: ['https://x/1.png'] })).not.toBe(key);
  });

  it('treat an option left out as its default, and keep the field order out of it', () => {
    const withDefault = priceKeyOf(omni, { model: 'clip-v3-omni', prompt: 'p', duration: 5, mode: 'std', aspect_ratio: '16:9' });
    const reordered = priceKeyOf(omni, { aspect_ratio: '16:9', mode: 'std', prompt: 'q', model: 'clip-v3-omni', duration: 5 });
    expect(reordered).toBe(withDefault);
    expect(priceKeyOf(omni, { model: 'clip-v3-omni', prompt: 'p', duration: 5, mode: 'pro', aspect_ratio: '16:9' })).not.toBe(withDefault);
  });

  it('never depend on the business id the engine adds at submission', () => {
    const body = { model: 'clip-v3-omni', prompt: 'p', duration: 5 };
    expect(priceKeyOf(omni, { ...body, client_business_id: 'atelier-1-1' })).toBe(priceKeyOf(omni, body));
  });

  it('bill an omni video reference apart from a plain request', () => {
    const body = { model: 'clip-v3-omni', prompt: 'p <<<video_1>>>', duration: 5 };
    expect(priceKeyOf(omni, { ...body, video_list: [{ video_url: 'https://x/v.mp4' }] })).not.toBe(priceKeyOf(omni, body));
  });

  it('keep the free size of a model the catalog does not know', () => {
    const generic = genericEntry('lumen-image-1', 'image');
    expect(priceKeyOf(generic, { model: 'lumen-image-1', prompt: 'p', size: '1024x1024' })).not.toBe(
      priceKeyOf(generic, { model: 'lumen-image-1', prompt: 'p', size: '2048x2048' }),
    );
  });
});
