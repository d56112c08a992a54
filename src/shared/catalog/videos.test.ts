import { describe, expect, it } from 'vitest';
import type { FormValues } from './request-body';
import type { RejectCase } from './test-support';
import { accepted, entry, messages, noteText } from './test-support';

const img = (n: number) => `https://cdn.example/frame-${n}.png`;
const imgs = (count: number) => Array.from({ length: count }, (_unused, i) => img(i + 1));

describe('first video model, official (video.vid-2.official)', () => {
  const id = 'video.vid-2.official';

  it('is posted on the singular path and polled with the wrapped record', () => {
    const variant = entry(id);
    expect(variant.path).toBe('/v1/video/generations');
    expect(variant.poll).toEqual({ pathTemplate: '/v1/video/generations/{task_id}', recordShape: 'official-video-wrapped', cadence: 'video' });
  });

  it('accepts text-to-video and image-to-video with http, data: URL or Base64 references', () => {
    expect(accepted(id, { prompt: 'a slow dolly shot' }).request.body).toEqual({ model: 'vid-2-official', prompt: 'a slow dolly shot', size: '1280x720' });
    for (const reference of [img(1), 'data:image/png;base64,iVBORw0KGgo=', 'A'.repeat(80)]) {
      accepted(id, { prompt: 'p', model: 'vid2-pro', duration: '12', size: '720x1280', input_reference: reference });
    }
    expect(accepted(id, { prompt: 'p', model: 'vid-2', duration: 8 }).request.body).toMatchObject({ model: 'vid-2', duration: 8 });
  });

  it.each<RejectCase>([
    ['duration 5', { prompt: 'p', duration: 5 }, /(?:^|\.)duration: (?:not_a_choice|tier_not_allowed) (?=.*"allowed":"4, 8, 12")/],
    ['a 1080p size', { prompt: 'p', size: '1920x1080' }, /^size: size_not_allowed /],
    ['a non-image reference', { prompt: 'p', input_reference: 'ftp://x/y.png' }, /(?:^|\.)input_reference: not_url_or_data /],
    ['a model of another variant', { prompt: 'p', model: 'vid-2-vvip' }, /^model: wrong_model /],
    ['no prompt', {}, /^prompt: required /],
  ])('rejects %s', (_name, values, pattern) => {
    expect(messages(id, values)).toContainEqual(expect.stringMatching(pattern));
  });
});

describe('second video family, versions 3', () => {
  it('polls every model at /v1/videos/{id}', () => {
    for (const id of ['video.clip3-720p', 'video.clip3-1080p', 'video.clip-o3-720p', 'video.clip-o3-1080p']) {
      expect(entry(id).path).toBe('/v1/video/generations');
      expect(entry(id).poll?.pathTemplate).toBe('/v1/videos/{task_id}');
    }
  });

  it('accepts each model with its sizes and durations', () => {
    expect(accepted('video.clip3-720p', { prompt: 'p', images: imgs(1) }).request.body).toEqual({
      model: 'clip3-720p',
      prompt: 'p',
      size: '1280x720',
      duration: 5,
      images: imgs(1),
    });
    accepted('video.clip3-720p', { prompt: 'p', images: imgs(4), size: '720x1280', duration: 10 });
    accepted('video.clip3-1080p', { prompt: 'p', images: imgs(2), size: '1080x1920', duration: 15 });
    accepted('video.clip-o3-720p', { prompt: 'p', images: imgs(1), duration: 15 });
    expect(accepted('video.clip-o3-1080p', { prompt: 'p', images: imgs(3) }).request.body).toMatchObject({ size: '1920x1080', duration: 5 });
  });

  it.each<[string, string, FormValues, RegExp]>([
    ['clip3 without images', 'video.clip3-720p', { prompt: 'p' }, /(?:^|\.)images: too_few (?=.*"limit":[^,}]*\b1\b)(?=.*"value":[^,}]*\b0\b)/],
    [
      'clip3 with 5 images',
      'video.clip3-1080p',
      { prompt: 'p', images: imgs(5) },
      /(?:^|\.)images: too_many (?=.*"limit":[^,}]*\b4\b)(?=.*"value":[^,}]*\b5\b)/,
    ],
    [
      'clip-o3 with 5 images',
      'video.clip-o3-720p',
      { prompt: 'p', images: imgs(5) },
      /(?:^|\.)images: too_many (?=.*"limit":[^,}]*\b4\b)(?=.*"value":[^,}]*\b5\b)/,
    ],
    [
      'clip-o3 without images (required for the whole family)',
      'video.clip-o3-720p',
      { prompt: 'p' },
      /(?:^|\.)images: too_few (?=.*"limit":[^,}]*\b1\b)(?=.*"value":[^,}]*\b0\b)/,
    ],
    [
      'clip-o3 with 10 seconds',
      'video.clip-o3-720p',
      { prompt: 'p', images: imgs(1), duration: 10 },
      /(?:^|\.)duration: (?:not_a_choice|tier_not_allowed) (?=.*"allowed":"5, 15")/,
    ],
    [
      'clip3 with 20 seconds',
      'video.clip3-720p',
      { prompt: 'p', images: imgs(1), duration: 20 },
      /(?:^|\.)duration: (?:not_a_choice|tier_not_allowed) (?=.*"allowed":"5, 10, 15")/,
    ],
    ['a 1080p size on a 720p model', 'video.clip3-720p', { prompt: 'p', images: imgs(1), size: '1920x1080' }, /^size: size_not_allowed /],
    ['a 720p size on a 1080p model', 'video.clip-o3-1080p', { prompt: 'p', size: '1280x720' }, /^size: size_not_allowed /],
    ['Base64 images', 'video.clip3-720p', { prompt: 'p', images: ['data:image/png;base64,AAAA'] }, /(?:^|\.)images: not_http_url /],
  ])('rejects %s', (_name, id, values, pattern) => {
    expect(messages(id, values)).toContainEqual(expect.stringMatching(pattern));
  });
});

describe('turbo (video.clip-3.0-turbo)', () => {
  const id = 'video.clip-3.0-turbo';

  it('accepts text-to-video with its options', () => {
    expect(accepted(id, { prompt: 'p', resolution: '1080p', duration: 3, aspect_ratio: '1:1', watermark: 'true' }).request.body).toEqual({
      model: 'clip-3.0-turbo',
      prompt: 'p',
      resolution: '1080p',
      duration: 3,
      aspect_ratio: '1:1',
      watermark: true,
    });
    expect(entry(id).poll?.pathTemplate).toBe('/v1/videos/generations/{task_id}');
  });

  it('warns that only the first reference is used and the ratio is ignored for image-to-video', () => {
    const result = accepted(id, { prompt: 'p', reference_images: imgs(3), aspect_ratio: '9:16', duration: 15 });
    expect(result.warnings.map(noteText)).toEqual([
      'Only the first reference image is used; the others are not sent on.',
      'The aspect ratio is ignored for image-to-video.',
    ]);
  });

  it.each<RejectCase>([
    ['2 seconds', { prompt: 'p', duration: 2 }, /(?:^|\.)duration: out_of_range (?=.*"min":[^,}]*\b3\b)(?=.*"max":[^,}]*\b15\b)(?=.*"value":[^,}]*\b2\b)/],
    ['16 seconds', { prompt: 'p', duration: 16 }, /(?:^|\.)duration: out_of_range (?=.*"min":[^,}]*\b3\b)(?=.*"max":[^,}]*\b15\b)(?=.*"value":[^,}]*\b16\b)/],
    ['7.5 seconds', { prompt: 'p', duration: 7.5 }, /(?:^|\.)duration: not_whole (?=.*"value":[^,}]*\b7\.5\b)/],
    ['4K', { prompt: 'p', resolution: '4K' }, /(?:^|\.)resolution: (?:not_a_choice|tier_not_allowed) (?=.*"allowed":"720p, 1080p")/],
    ['21:9', { prompt: 'p', aspect_ratio: '21:9' }, /(?:^|\.)aspect_ratio: (?:not_a_choice|tier_not_allowed) (?=.*"allowed":"16:9, 9:16, 1:1")/],
    ['a watermark that is not a boolean', { prompt: 'p', watermark: 'yes' }, /(?:^|\.)watermark: wrong_type /],
  ])('rejects %s', (_name, values, pattern) => {
    expect(messages(id, values)).toContainEqual(expect.stringMatching(pattern));
  });
});

describe('omni (video.clip-v3-omni)', () => {
  const id = 'video.clip-v3-omni';

  it('accepts placeholders that match the lists in order', () => {
    const result = accepted(id, {
      prompt: '<<<image_1>>> walks past <<<image_2>>> in the style of <<<video_1>>> with <<<element_1>>>',
      'metadata.image_list': imgs(2),
      video_list: ['https://cdn.example/ref.mp4'],
      'metadata.element_list': [{ element_id: 42 }],
      mode: 'pro',
      duration: '15',
      aspect_ratio: '9:16',
      client_business_id: 'job-7',
      'metadata.watermark': true,
    });
    expect(result.request.body).toEqual({
      model: 'clip-v3-omni',
      prompt: '<<<image_1>>> walks past <<<image_2>>> in the style of <<<video_1>>> with <<<element_1>>>',
      mode: 'pro',
      duration: 15,
      aspect_ratio: '9:16',
      client_business_id: 'job-7',
      video_list: [{ video_url: 'https://cdn.example/ref.mp4' }],
      metadata: { image_list: [{ image_url: img(1) }, { image_url: img(2) }], element_list: [{ element_id: 42 }], watermark: true },
    });
    expect(result.warnings).toEqual([]);
  });

  it('accepts a placeholder of a kind it does not name, and an uncommon aspect ratio, with warnings (the interface does not forbid them)', () => {
    const result = accepted(id, { prompt: 'a drum solo <<<audio_1>>>', aspect_ratio: '4:3' });
    expect(result.request.body).toMatchObject({ prompt: 'a drum solo <<<audio_1>>>', aspect_ratio: '4:3' });
    expect(result.warnings.map(noteText)).toEqual([
      'prompt: placeholder_unknown {"token":"audio","index":1,"allowed":"image, video, element"}',
      'aspect_ratio: open_value {"value":"\\"4:3\\"","allowed":"16:9, 9:16, 1:1"}',
    ]);
    expect(messages(id, { prompt: 'p', aspect_ratio: 'wide' })).toContainEqual(
      expect.stringMatching(/(?:^|\.)aspect_ratio: (?:not_a_choice|tier_not_allowed) (?=.*"allowed":"16:9, 9:16, 1:1")/),
    );
  });

  it('accepts sound without a reference video, and warns about unreferenced items', () => {
    const result = accepted(id, { prompt: 'a dance, <<<image_1>>>', audio: true, 'metadata.image_list': imgs(2) });
    expect(result.request.body.audio).toBe(true);
    expect(result.warnings.map(noteText)).toEqual(['metadata.image_list: placeholder_unreferenced {"token":"image","index":2,"list":"metadata.image_list"}']);
  });

  it.each<RejectCase>([
    [
      'audio with a reference video',
      { prompt: '<<<video_1>>>', audio: true, video_list: ['https://cdn.example/v.mp4'] },
      /^video_list: exclusive (?=.*"other":"audio")/,
    ],
    [
      'two reference videos',
      { prompt: 'p', video_list: ['https://cdn.example/a.mp4', 'https://cdn.example/b.mp4'] },
      /(?:^|\.)video_list: too_many (?=.*"limit":[^,}]*\b1\b)(?=.*"value":[^,}]*\b2\b)/,
    ],
    [
      'a placeholder beyond its list',
      { prompt: '<<<image_1>>> <<<image_3>>>', 'metadata.image_list': imgs(2) },
      /^prompt: placeholder_beyond (?=.*"token":"image")(?=.*"index":[^,}]*\b3\b)(?=.*"list":"metadata\.image_list")(?=.*"limit":[^,}]*\b2\b)/,
    ],
    [
      'a video placeholder without videos',
      { prompt: '<<<video_1>>>' },
      /^prompt: placeholder_beyond (?=.*"token":"video")(?=.*"index":[^,}]*\b1\b)(?=.*"list":"video_list")(?=.*"limit":[^,}]*\b0\b)/,
    ],
    [
      'placeholders out of list order',
      { prompt: '<<<image_2>>> then <<<image_1>>>', 'metadata.image_list': imgs(2) },
      /^prompt: placeholder_order (?=.*"token":"image")(?=.*"index":[^,}]*\b2\b)(?=.*"other":1\})/,
    ],
    [
      'placeholder number 0',
      { prompt: '<<<element_0>>>', 'metadata.element_list': [{ element_id: 1 }] },
      /^prompt: placeholder_from_one (?=.*"token":"element")(?=.*"index":[^,}]*\b0\b)/,
    ],
    ['mode ultra', { prompt: 'p', mode: 'ultra' }, /(?:^|\.)mode: (?:not_a_choice|tier_not_allowed) (?=.*"allowed":"std, pro")/],
    ['duration 20', { prompt: 'p', duration: 20 }, /(?:^|\.)duration: out_of_range (?=.*"min":[^,}]*\b3\b)(?=.*"max":[^,}]*\b15\b)(?=.*"value":[^,}]*\b20\b)/],
    ['a Base64 image', { prompt: 'p', 'metadata.image_list': ['data:image/png;base64,AAAA'] }, /(?:^|\.)metadata\.image_list: not_http_url /],
    ['elements that are not objects', { prompt: 'p', 'metadata.element_list': ['hero'] }, /(?:^|\.)metadata\.element_list: wrong_type /],
  ])('rejects %s', (_name, values, pattern) => {
    expect(messages(id, values)).toContainEqual(expect.stringMatching(pattern));
  });
});
