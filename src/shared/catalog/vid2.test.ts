import { describe, expect, it } from 'vitest';
import type { FormValues } from './request-body';
import type { RejectCase } from './test-support';
import { accepted, entry, messages } from './test-support';
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
    expect(result.warnings.map((w) => w.message.en)).toEqual(['Using a character reference video or segment makes the output 1 second shorter.']);
  });

  it('accepts a minimal request and fractional segments', () => {
    expect(accepted(id, { prompt: 'p' }).request.body).toEqual({ model: 'vid-2-vvip', prompt: 'p' });
    accepted(id, { prompt: 'p', 'metadata.character_url': 'task_char_1', 'metadata.character_timestamps': '0.5, 2.5' });
  });

  it('warns that private videos cannot be remixed', () => {
    expect(accepted(id, { prompt: 'p', 'metadata.private': true }).warnings.map((w) => w.message.en)).toEqual(['A private video cannot be remixed later.']);
  });

  it.each<RejectCase>([
    ['duration 10', { prompt: 'p', duration: 10 }, /duration: must be one of 4, 8, 12 seconds \(got 10\)/],
    ['aspect ratio 1:1', { prompt: 'p', aspect_ratio: '1:1' }, /aspect_ratio: must be one of 16:9, 9:16 \(got "1:1"\)/],
    ['5 variants', { prompt: 'p', 'metadata.n': 5 }, /metadata.n: must be a whole number from 1 to 4 \(got 5\)/],
    ['0 variants', { prompt: 'p', 'metadata.n': 0 }, /metadata.n: must be a whole number from 1 to 4 \(got 0\)/],
    [
      'an unknown style',
      { prompt: 'p', 'metadata.style': 'noir' },
      /metadata.style: must be one of thanksgiving, comic, news, selfie, nostalgic, anime \(got "noir"\)/,
    ],
    [
      'a 3-second segment',
      { prompt: 'p', 'metadata.character_url': 'https://cdn.example/r.mp4', 'metadata.character_timestamps': '1,4' },
      /metadata.character_timestamps: must be a 2-second segment written <start_second>,<end_second>, e.g. 3,5; "1,4" is 3 seconds long/,
    ],
    [
      'a segment in the wrong format',
      { prompt: 'p', 'metadata.character_url': 'https://cdn.example/r.mp4', 'metadata.character_timestamps': '00:01-00:03' },
      /metadata.character_timestamps: must be a 2-second segment/,
    ],
    [
      'a segment without a reference video',
      { prompt: 'p', 'metadata.character_timestamps': '3,5' },
      /^metadata.character_timestamps: requires metadata.character_url$/,
    ],
    ['Base64 images', { prompt: 'p', image_urls: ['data:image/jpeg;base64,/9j/4AAQ'] }, /image_urls\[\]: must be a public http\(s\) address/],
    [
      'a character url with spaces',
      { prompt: 'p', 'metadata.character_url': 'not a url' },
      /metadata.character_url: must be an http\(s\) address or a task id/,
    ],
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
    [
      'no mention and no task id',
      { prompt: 'mail me at someone@example.com' },
      /prompt: mention a created character as @username, or set metadata.character_url to a character task id/,
    ],
    ['a task id with a slash', { prompt: '@a', 'metadata.character_url': 'task/1' }, /metadata.character_url: must be an id without spaces or slashes/],
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
    ['no source', { prompt: 'p' }, /^one of metadata.character_from_task or metadata.character_url is required$/],
    [
      'two sources',
      { prompt: 'p', 'metadata.character_from_task': 'task_1', 'metadata.character_url': 'https://cdn.example/v.mp4' },
      /^send only one of metadata.character_from_task, metadata.character_url$/,
    ],
    ['a task id as the video address', { prompt: 'p', 'metadata.character_url': 'task_1' }, /metadata.character_url: must be a public http\(s\) address/],
    [
      'a 1-second segment',
      { prompt: 'p', 'metadata.character_url': 'https://cdn.example/v.mp4', 'metadata.character_timestamps': '1,2' },
      /must be a 2-second segment/,
    ],
  ])('rejects %s', (_name, values, pattern) => {
    expect(messages(id, values)).toContainEqual(expect.stringMatching(pattern));
  });
});

describe('remix', () => {
  it('fills the video id into the path and polls the plural route', () => {
    const result = accepted('video.remix.vid-2', { video_id: 'task_01HX', prompt: 'make it rain', duration: 15, aspect_ratio: '16:9' });
    expect(result.request).toEqual({
      variantId: 'video.remix.vid-2',
      method: 'POST',
      path: '/v1/videos/task_01HX/remix',
      body: { model: 'vid-2', prompt: 'make it rain', duration: 15, aspect_ratio: '16:9' },
    });
    for (const id of ['video.remix.vid-2', 'video.remix.vid-2-pro', 'video.remix.vid-2-vip', 'video.remix.official']) {
      expect(entry(id).poll?.pathTemplate).toBe('/v1/videos/generations/{task_id}');
    }
  });

  it('accepts each model with its durations', () => {
    accepted('video.remix.vid-2', { video_id: 'task_1', prompt: 'p', duration: 10 });
    accepted('video.remix.vid-2-pro', { video_id: 'task_1', prompt: 'p', duration: 25 });
    accepted('video.remix.vid-2-pro', { video_id: 'task_1', prompt: 'p', duration: 15, aspect_ratio: '1:1' });
    accepted('video.remix.vid-2-vip', { video_id: 'task_1', prompt: 'p' });
    expect(accepted('video.remix.official', { video_id: 'video_68d2', prompt: 'p' }).request).toMatchObject({
      path: '/v1/videos/video_68d2/remix',
      body: { model: 'vid-2-official', prompt: 'p' },
    });
  });

  it.each<[string, string, FormValues, RegExp]>([
    ['vid-2 with 25 seconds', 'video.remix.vid-2', { video_id: 'task_1', prompt: 'p', duration: 25 }, /duration: must be one of 10, 15 seconds \(got 25\)/],
    [
      'vid-2-pro with 10 seconds',
      'video.remix.vid-2-pro',
      { video_id: 'task_1', prompt: 'p', duration: 10 },
      /duration: must be one of 15, 25 seconds \(got 10\)/,
    ],
    [
      'vid-2-vip with a duration',
      'video.remix.vid-2-vip',
      { video_id: 'task_1', prompt: 'p', duration: 10 },
      /duration: not an option of video.remix.vid-2-vip/,
    ],
    ['an id without task_', 'video.remix.vid-2', { video_id: 'video_1', prompt: 'p' }, /video_id: must be an id starting with task_ \(got "video_1"\)/],
    ['no video id', 'video.remix.official', { prompt: 'p' }, /^video_id: required$/],
    ['a video id with a slash', 'video.remix.official', { video_id: '../x', prompt: 'p' }, /video_id: must be an id without spaces or slashes/],
    ['4:3', 'video.remix.vid-2', { video_id: 'task_1', prompt: 'p', aspect_ratio: '4:3' }, /aspect_ratio: must be one of 16:9, 9:16, 1:1/],
    ['official with a duration', 'video.remix.official', { video_id: 'v', prompt: 'p', duration: 10 }, /duration: not an option of video.remix.official/],
    [
      'official with another model',
      'video.remix.official',
      { video_id: 'v', prompt: 'p', model: 'vid-2' },
      /model: video.remix.official accepts vid-2-official \(got "vid-2"\)/,
    ],
    ['no prompt', 'video.remix.vid-2-pro', { video_id: 'task_1' }, /^prompt: required$/],
  ])('rejects %s', (_name, id, values, pattern) => {
    expect(messages(id, values)).toContainEqual(expect.stringMatching(pattern));
  });
});
