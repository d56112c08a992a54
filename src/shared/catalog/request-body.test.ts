import { describe, expect, it } from 'vitest';
import type { SizeField } from './types';
import { buildRequestBody, buildRequestPath, sizeChoiceOf, validateRequestBody } from './request-body';
import { buildRequestSchema } from './request-schema';
import { entry } from './test-support';

function sizeField(id: string): SizeField {
  const field = entry(id).fields.find((f) => f.type === 'size');
  if (field?.type !== 'size') throw new Error('no size field');
  return field;
}

describe('sizeChoiceOf', () => {
  const direct = sizeField('image.gen-image-2.direct');
  const task = sizeField('image.gen-image-2.task');

  it.each([
    ['a tier and ratio', direct, { tier: '2K', ratio: '4:3' }, {}, { tier: '2K', ratio: '4:3' }],
    ['a pixel value', direct, '2560x1440', {}, { tier: '2K', ratio: '16:9' }],
    ['auto', direct, 'auto', {}, 'auto'],
    ['a ratio in the default tier', direct, '3:2', {}, { tier: '1K', ratio: '3:2' }],
    ['a ratio with the tier from the form', task, '9:21', { resolution: '4K' }, { tier: '4K', ratio: '9:21' }],
    ['an unknown pixel value, kept for the error', direct, '999x999', {}, '999x999'],
    ['nothing', direct, '', {}, undefined],
  ])('reads %s', (_name, field, value, values, expected) => {
    expect(sizeChoiceOf(field, value, values)).toEqual(expected);
  });
});

describe('buildRequestBody', () => {
  it('coerces form strings and shapes URL items per variant', () => {
    expect(buildRequestBody(entry('video.clip-3.0-turbo'), { prompt: ' p ', duration: '7', watermark: 'false', reference_images: 'https://x/a.png' })).toEqual({
      model: 'clip-3.0-turbo',
      prompt: ' p ',
      duration: 7,
      watermark: false,
      reference_images: ['https://x/a.png'],
    });
    expect(buildRequestBody(entry('image.nova-3-pro-image'), { prompt: 'p', image_urls: [{ url: 'https://x/a.png' }] }).image_urls).toEqual([
      { url: 'https://x/a.png' },
    ]);
    expect(buildRequestBody(entry('image.gen-image-2.direct'), { prompt: 'p', reference_images: [{ url: 'https://x/a.png' }] }).reference_images).toEqual([
      'https://x/a.png',
    ]);
    expect(buildRequestBody(entry('video.clip-v3-omni'), { prompt: 'p', video_list: [{ url: 'https://x/v.mp4', refer_type: 'feature' }] }).video_list).toEqual([
      { refer_type: 'feature', video_url: 'https://x/v.mp4' },
    ]);
  });

  it('leaves optional fields out when the form gives nothing', () => {
    expect(buildRequestBody(entry('video.vid-2-vvip'), { prompt: 'p', duration: '', image_urls: [], 'metadata.style': null })).toEqual({
      model: 'vid-2-vvip',
      prompt: 'p',
    });
  });

  it('fills path parameters, encoded', () => {
    expect(buildRequestPath(entry('video.remix.official'), { video_id: 'video 1' })).toBe('/v1/videos/video%201/remix');
    expect(buildRequestPath(entry('video.remix.official'), {})).toBe('/v1/videos/{video_id}/remix');
  });
});

describe('buildRequestSchema on hand-written bodies', () => {
  it('rejects unknown fields with the accepted ones listed', () => {
    const result = buildRequestSchema(entry('video.clip-3.0-turbo')).safeParse({ model: 'clip-3.0-turbo', prompt: 'p', fps: 60 });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'unknown field fps for video.clip-3.0-turbo; accepted: model, prompt, reference_images, resolution, duration, aspect_ratio, watermark',
    ]);
  });

  it('rejects unknown nested fields', () => {
    const { issues } = validateRequestBody(entry('video.vid-2-vvip'), { model: 'vid-2-vvip', prompt: 'p', metadata: { seed: 1 } });
    expect(issues.map((i) => i.message)).toEqual([expect.stringMatching(/^unknown field metadata.seed for video.vid-2-vvip; accepted: n, style/)]);
  });

  it('requires fixed values', () => {
    const { issues } = validateRequestBody(entry('character.vid-2-vvip.create'), {
      model: 'vid-2-vvip',
      prompt: 'p',
      metadata: { character_from_task: 'task_1', character_create: false },
    });
    expect(issues.map((i) => i.message)).toEqual(['metadata.character_create: must be true for character.vid-2-vvip.create']);
  });

  it('reports type errors and cross-field rules in the same round', () => {
    const { issues } = validateRequestBody(entry('video.clip-v3-omni'), {
      model: 'clip-v3-omni',
      prompt: '<<<video_1>>>',
      duration: 'five',
      audio: true,
      video_list: [{ video_url: 'https://x/v.mp4' }],
    });
    expect(issues.map((i) => i.message)).toEqual([
      'duration: expected a whole number (got "five")',
      'audio and video_list cannot be used together; send only one of them',
    ]);
  });
});
