import { describe, expect, it } from 'vitest';
import type { SizeField } from './types';
import { buildRequestBody, buildRequestPath, sizeChoiceOf } from './request-body';
import { checkWireRequest } from './request-check';
import { bodyProblems, entry } from './test-support';

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

describe('the request check on hand-written bodies', () => {
  it('rejects unknown fields', () => {
    expect(bodyProblems('video.clip-3.0-turbo', { model: 'clip-3.0-turbo', prompt: 'p', fps: 60 })).toEqual(['fps: unknown_field {"value":"fps"}']);
  });

  it('rejects unknown nested fields', () => {
    expect(bodyProblems('video.vid-2-vvip', { model: 'vid-2-vvip', prompt: 'p', metadata: { seed: 1 } })).toEqual([
      'metadata.seed: unknown_field {"value":"seed"}',
    ]);
  });

  it('requires fixed values', () => {
    const body = { model: 'vid-2-vvip', prompt: 'p', metadata: { character_from_task: 'task_1', character_create: false } };
    expect(bodyProblems('character.vid-2-vvip.create', body)).toEqual(['metadata.character_create: fixed_value {"value":"true"}']);
  });

  it('reports type errors and cross-field rules in the same round', () => {
    const body = { model: 'clip-v3-omni', prompt: '<<<video_1>>>', duration: 'five', audio: true, video_list: [{ video_url: 'https://x/v.mp4' }] };
    expect(bodyProblems('video.clip-v3-omni', body)).toEqual([
      'duration: wrong_type {"expected":"number","value":"\\"five\\""}',
      'video_list: exclusive {"other":"audio"}',
    ]);
  });

  it('names a missing path parameter', () => {
    expect(checkWireRequest(entry('video.remix.vid-2'), { pathParams: {}, body: { model: 'vid-2', prompt: 'p' } }).problems).toEqual([
      { field: 'video_id', code: 'required', params: {} },
    ]);
  });
});
