import { describe, expect, it } from 'vitest';
import type { FormValues } from './request-body';
import type { RejectCase } from './test-support';
import { requestPath } from './request-check';
import { accepted, entry, messages, noteText } from './test-support';
import { companionPoll } from './registry';

describe('VVIP (video.vid-2-vvip)', () => {
  const id = 'video.vid-2-vvip';

  it('accepts every option, with character mentions', () => {
    const result = accepted(id, {
      prompt: '@mira.v and @neo_1 share a taxi',
      duration: '12',
      aspect_ratio: '9:16',
      image_urls: ['https://cdn.example/a.png'],
      thumbnail: true,
      'metadata.n': '4',
      'metadata.watermark': false,
      'metadata.private': false,
      'metadata.style': 'anime',
      'metadata.storyboard': true,
      'metadata.character_url': 'https://cdn.example/ref.mp4',
      'metadata.character_timestamps': '3,5',
      'metadata.character_create': true,
      'metadata.character_from_task': 'task_abc',
    });
    expect(result.request.body).toEqual({
      model: 'vid-2-vvip',
      prompt: '@mira.v and @neo_1 share a taxi',
      duration: 12,
      aspect_ratio: '9:16',
      image_urls: ['https://cdn.example/a.png'],
      thumbnail: true,
      metadata: {
        n: 4,
        watermark: false,
        private: false,
        style: 'anime',
        storyboard: true,
        character_url: 'https://cdn.example/ref.mp4',
        character_timestamps: '3,5',
        character_create: true,
        character_from_task: 'task_abc',
      },
    });
    expect(result.warnings.map(noteText)).toEqual(['Using a character reference video or segment makes the output 1 second shorter.']);
  });

  it('accepts a minimal request and fractional segments', () => {
    expect(accepted(id, { prompt: 'p' }).request.body).toEqual({ model: 'vid-2-vvip', prompt: 'p' });
    accepted(id, { prompt: 'p', 'metadata.character_url': 'task_char_1', 'metadata.character_timestamps': '0.5, 2.5' });
  });

  it('warns that private videos cannot be remixed', () => {
    expect(accepted(id, { prompt: 'p', 'metadata.private': true }).warnings.map(noteText)).toEqual(['A private video cannot be remixed later.']);
  });

  it.each<RejectCase>([
    ['duration 10', { prompt: 'p', duration: 10 }, /(?:^|\.)duration: (?:not_a_choice|tier_not_allowed) (?=.*"allowed":"4, 8, 12")/],
    ['aspect ratio 1:1', { prompt: 'p', aspect_ratio: '1:1' }, /(?:^|\.)aspect_ratio: (?:not_a_choice|tier_not_allowed) (?=.*"allowed":"16:9, 9:16")/],
    [
      '5 variants',
      { prompt: 'p', 'metadata.n': 5 },
      /(?:^|\.)metadata\.n: out_of_range (?=.*"min":[^,}]*\b1\b)(?=.*"max":[^,}]*\b4\b)(?=.*"value":[^,}]*\b5\b)/,
    ],
    [
      '0 variants',
      { prompt: 'p', 'metadata.n': 0 },
      /(?:^|\.)metadata\.n: out_of_range (?=.*"min":[^,}]*\b1\b)(?=.*"max":[^,}]*\b4\b)(?=.*"value":[^,}]*\b0\b)/,
    ],
    [
      'an unknown style',
      { prompt: 'p', 'metadata.style': 'noir' },
      /(?:^|\.)metadata\.style: (?:not_a_choice|tier_not_allowed) (?=.*"allowed":"thanksgiving, comic, news, selfie, nostalgic, anime")/,
    ],
    [
      'a 3-second segment',
      { prompt: 'p', 'metadata.character_url': 'https://cdn.example/r.mp4', 'metadata.character_timestamps': '1,4' },
      /(?:^|\.)metadata\.character_timestamps: bad_segment (?=.*"limit":[^,}]*\b2\b)/,
    ],
    [
      'a segment in the wrong format',
      { prompt: 'p', 'metadata.character_url': 'https://cdn.example/r.mp4', 'metadata.character_timestamps': '00:01-00:03' },
      /(?:^|\.)metadata\.character_timestamps: bad_segment (?=.*"limit":[^,}]*\b2\b)/,
    ],
    [
      'a segment without a reference video',
      { prompt: 'p', 'metadata.character_timestamps': '3,5' },
      /^metadata\.character_timestamps: (?:requires|mask_needs_reference) (?=.*"other":"metadata\.character_url")/,
    ],
    ['Base64 images', { prompt: 'p', image_urls: ['data:image/jpeg;base64,/9j/4AAQ'] }, /(?:^|\.)image_urls: not_http_url /],
    ['a character url with spaces', { prompt: 'p', 'metadata.character_url': 'not a url' }, /(?:^|\.)metadata\.character_url: not_url_or_id /],
  ])('rejects %s', (_name, values, pattern) => {
    expect(messages(id, values)).toContainEqual(expect.stringMatching(pattern));
  });
});

describe('character use with vid-2 (video.vid-2.character)', () => {
  const id = 'video.vid-2.character';

  it('accepts a prompt with @username, or a character task id', () => {
    expect(accepted(id, { prompt: '@mira.v waves' }).request.body).toEqual({ model: 'vid-2', prompt: '@mira.v waves' });
    expect(accepted(id, { prompt: 'the hero waves', 'metadata.character_url': 'task_char_9' }).request.body).toEqual({
      model: 'vid-2',
      prompt: 'the hero waves',
      metadata: { character_url: 'task_char_9' },
    });
    expect(entry(id).path).toBe('/v1/videos/generations');
  });

  it.each<RejectCase>([
    ['no mention and no task id', { prompt: 'mail me at someone@example.com' }, /^prompt: mention_required /],
    ['a task id with a slash', { prompt: '@a', 'metadata.character_url': 'task/1' }, /(?:^|\.)metadata\.character_url: not_id /],
  ])('rejects %s', (_name, values, pattern) => {
    expect(messages(id, values)).toContainEqual(expect.stringMatching(pattern));
  });
});

describe('character creation (character.vid-2-vvip.create)', () => {
  const id = 'character.vid-2-vvip.create';

  it('is polled on the character route with the character cadence, then asked on the video route (it may be answered as a video)', () => {
    expect(entry(id).poll).toEqual({
      pathTemplate: '/v1/characters_tasks/{task_id}',
      recordShape: 'generation-task',
      cadence: 'character',
      alsoAsk: { poll: { pathTemplate: '/v1/videos/generations/{task_id}', recordShape: 'generation-task', cadence: 'video' } },
    });
    expect(entry(id).kind).toBe('character');
    expect(entry(id).contentPathTemplate).toBe('/v1/videos/{task_id}/content');
  });

  it('asks a VVIP video on the character route too only when it asks for a character', () => {
    const vvip = entry('video.vid-2-vvip');
    const poll = vvip.poll ?? expect.unreachable('VVIP is polled');
    expect(companionPoll(poll, { prompt: 'p' })).toBeUndefined();
    expect(companionPoll(poll, { prompt: 'p', metadata: { character_create: false } })).toBeUndefined();
    expect(companionPoll(poll, { prompt: 'p', metadata: { character_create: true } })?.pathTemplate).toBe('/v1/characters_tasks/{task_id}');
    expect(companionPoll(poll, { prompt: 'p', metadata: { character_from_task: 'task_1' } })?.pathTemplate).toBe('/v1/characters_tasks/{task_id}');
  });

  it('accepts a finished video task or a video segment as the source', () => {
    expect(accepted(id, { prompt: 'the courier', 'metadata.character_from_task': 'task_v1' }).request.body).toEqual({
      model: 'vid-2-vvip',
      prompt: 'the courier',
      metadata: { character_from_task: 'task_v1', character_create: true },
    });
    expect(
      accepted(id, { prompt: 'the courier', 'metadata.character_url': 'https://cdn.example/v.mp4', 'metadata.character_timestamps': '10,12' }).request.body,
    ).toEqual({
      model: 'vid-2-vvip',
      prompt: 'the courier',
      metadata: { character_url: 'https://cdn.example/v.mp4', character_timestamps: '10,12', character_create: true },
    });
  });

  it.each<RejectCase>([
    ['no source', { prompt: 'p' }, /^metadata\.character_from_task: exactly_one_missing /],
    [
      'two sources',
      { prompt: 'p', 'metadata.character_from_task': 'task_1', 'metadata.character_url': 'https://cdn.example/v.mp4' },
      /^metadata\.character_from_task: exactly_one_many /,
    ],
    ['a task id as the video address', { prompt: 'p', 'metadata.character_url': 'task_1' }, /(?:^|\.)metadata\.character_url: not_http_url /],
    ['a 1-second segment', { prompt: 'p', 'metadata.character_url': 'https://cdn.example/v.mp4', 'metadata.character_timestamps': '1,2' }, /bad_segment /],
  ])('rejects %s', (_name, values, pattern) => {
    expect(messages(id, values)).toContainEqual(expect.stringMatching(pattern));
  });
});

describe('remix', () => {
  it('fills the video id into the path and polls the plural route', () => {
    const result = accepted('video.remix.vid-2', { video_id: 'task_01HX', prompt: 'make it rain', duration: 15, aspect_ratio: '16:9' });
    expect(result.request).toEqual({
      pathParams: { video_id: 'task_01HX' },
      body: { model: 'vid-2', prompt: 'make it rain', duration: 15, aspect_ratio: '16:9' },
    });
    expect(requestPath(entry('video.remix.vid-2'), result.request)).toBe('/v1/videos/task_01HX/remix');
    for (const id of ['video.remix.vid-2', 'video.remix.vid-2-pro', 'video.remix.vid-2-vip', 'video.remix.official']) {
      expect(entry(id).poll?.pathTemplate).toBe('/v1/videos/generations/{task_id}');
    }
  });

  it('accepts each model with its durations', () => {
    accepted('video.remix.vid-2', { video_id: 'task_1', prompt: 'p', duration: 10 });
    accepted('video.remix.vid-2-pro', { video_id: 'task_1', prompt: 'p', duration: 25 });
    accepted('video.remix.vid-2-pro', { video_id: 'task_1', prompt: 'p', duration: 15, aspect_ratio: '1:1' });
    accepted('video.remix.vid-2-vip', { video_id: 'task_1', prompt: 'p' });
    const official = accepted('video.remix.official', { video_id: 'video_68d2', prompt: 'p' }).request;
    expect(official).toEqual({ pathParams: { video_id: 'video_68d2' }, body: { model: 'vid-2-official', prompt: 'p' } });
    expect(requestPath(entry('video.remix.official'), official)).toBe('/v1/videos/video_68d2/remix');
  });

  it.each<[string, string, FormValues, RegExp]>([
    [
      'vid-2 with 25 seconds',
      'video.remix.vid-2',
      { video_id: 'task_1', prompt: 'p', duration: 25 },
      /(?:^|\.)duration: (?:not_a_choice|tier_not_allowed) (?=.*"allowed":"10, 15")/,
    ],
    [
      'vid-2-pro with 10 seconds',
      'video.remix.vid-2-pro',
      { video_id: 'task_1', prompt: 'p', duration: 10 },
      /(?:^|\.)duration: (?:not_a_choice|tier_not_allowed) (?=.*"allowed":"15, 25")/,
    ],
    ['vid-2-vip with a duration', 'video.remix.vid-2-vip', { video_id: 'task_1', prompt: 'p', duration: 10 }, /(?:^|\.)duration: not_an_option /],
    ['an id without task_', 'video.remix.vid-2', { video_id: 'video_1', prompt: 'p' }, /(?:^|\.)video_id: id_prefix (?=.*"limit":[^,}]*\btask_\b)/],
    ['no video id', 'video.remix.official', { prompt: 'p' }, /^video_id: required /],
    ['a video id with a slash', 'video.remix.official', { video_id: '../x', prompt: 'p' }, /(?:^|\.)video_id: not_id /],
    [
      '4:3',
      'video.remix.vid-2',
      { video_id: 'task_1', prompt: 'p', aspect_ratio: '4:3' },
      /(?:^|\.)aspect_ratio: (?:not_a_choice|tier_not_allowed) (?=.*"allowed":"16:9, 9:16, 1:1")/,
    ],
    ['official with a duration', 'video.remix.official', { video_id: 'v', prompt: 'p', duration: 10 }, /(?:^|\.)duration: not_an_option /],
    ['official with another model', 'video.remix.official', { video_id: 'v', prompt: 'p', model: 'vid-2' }, /^model: wrong_model /],
    ['no prompt', 'video.remix.vid-2-pro', { video_id: 'task_1' }, /^prompt: required /],
  ])('rejects %s', (_name, id, values, pattern) => {
    expect(messages(id, values)).toContainEqual(expect.stringMatching(pattern));
  });
});
