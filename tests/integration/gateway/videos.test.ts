import { describe, expect, it } from 'vitest';
import type { FormValues } from '../../../src/shared/catalog';
import type { GatewayClient } from '../../../src/main/core/gateway/client';
import type { SubmitResult } from '../../../src/main/core/gateway/generation';
import { GatewayError } from '../../../src/main/core/gateway/gateway-error';
import { InvalidRequestError } from '../../../src/main/core/gateway/invalid-request';
import { gatewayForFile, variant, waitForTask } from './harness';

const img = (n: number) => `https://cdn.example/ref-${n}.png`;
const imgs = (count: number) => Array.from({ length: count }, (_unused, i) => img(i + 1));
const clip = (name: string) => `https://cdn.example/${name}.mp4`;

const gw = gatewayForFile();

type LimitCase = [name: string, values: FormValues, message: RegExp];

const limits: Record<string, LimitCase[]> = {
  'video.vid-2.official': [
    ['duration 5', { prompt: 'p', duration: 5 }, /duration: must be one of 4, 8, 12 seconds/],
    ['a 1080p size', { prompt: 'p', size: '1920x1080' }, /size: "1920x1080" is not an allowed size/],
    ['an ftp reference', { prompt: 'p', input_reference: 'ftp://x' }, /input_reference: must be an http\(s\) address/],
  ],
  'video.clip3-720p': [
    ['duration 7', { prompt: 'p', images: imgs(1), duration: 7 }, /duration: must be one of 5, 10, 15 seconds/],
    ['a 1080p size on a 720p model', { prompt: 'p', images: imgs(1), size: '1920x1080' }, /size: "1920x1080" is not an allowed size/],
    ['no reference image', { prompt: 'p' }, /images: at least 1 image required/],
    ['5 reference images', { prompt: 'p', images: imgs(5) }, /images: at most 4 images/],
  ],
  'video.clip-o3-1080p': [['duration 10', { prompt: 'p', duration: 10 }, /duration: must be one of 5, 15 seconds/]],
  'video.clip-3.0-turbo': [
    ['duration 16', { prompt: 'p', duration: 16 }, /duration: must be a whole number from 3 to 15 seconds/],
    ['duration 2', { prompt: 'p', duration: 2 }, /from 3 to 15 seconds \(got 2\)/],
    ['resolution 4k', { prompt: 'p', resolution: '4k' }, /resolution: must be one of 720p, 1080p/],
  ],
  'video.clip-v3-omni': [
    ['duration 16', { prompt: 'p', duration: 16 }, /duration: must be a whole number from 3 to 15 seconds/],
    ['two videos', { prompt: 'p', video_list: [clip('a'), clip('b')] }, /video_list: at most 1 video/],
    ['audio with a video', { prompt: 'p <<<video_1>>>', audio: true, video_list: [clip('a')] }, /audio and video_list cannot be used together/],
    ['a placeholder without its image', { prompt: 'p <<<image_2>>>', 'metadata.image_list': imgs(1) }, /<<<image_2>>> refers to item 2/],
    ['mode ultra', { prompt: 'p', mode: 'ultra' }, /mode: must be one of std, pro/],
  ],
  'video.vid-2-vvip': [
    ['duration 5', { prompt: 'p', duration: 5 }, /duration: must be one of 4, 8, 12 seconds/],
    ['5 variants', { prompt: 'p', 'metadata.n': 5 }, /metadata\.n: must be a whole number from 1 to 4/],
    ['an unknown style', { prompt: 'p', 'metadata.style': 'noir' }, /metadata\.style: must be one of thanksgiving/],
    [
      'a 4-second character segment',
      { prompt: 'p', 'metadata.character_url': clip('v'), 'metadata.character_timestamps': '1,5' },
      /must be a 2-second segment/,
    ],
  ],
  'video.vid-2.character': [['no character', { prompt: 'p' }, /mention a created character as @username/]],
  'video.remix.vid-2': [
    ['duration 25', { video_id: 'task_1', prompt: 'p', duration: 25 }, /duration: must be one of 10, 15 seconds/],
    ['an id that is not a task id', { video_id: 'abc', prompt: 'p' }, /video_id: must be an id starting with task_/],
  ],
  'video.remix.vid-2-pro': [['duration 10', { video_id: 'task_1', prompt: 'p', duration: 10 }, /duration: must be one of 15, 25 seconds/]],
  'video.remix.vid-2-vip': [['aspect 4:3', { video_id: 'task_1', prompt: 'p', aspect_ratio: '4:3' }, /aspect_ratio: must be one of 16:9, 9:16, 1:1/]],
  'video.remix.official': [['no prompt', { video_id: 'video_1' }, /prompt: required/]],
  'character.vid-2-vvip.create': [
    ['no source', { prompt: 'p' }, /one of metadata\.character_from_task or metadata\.character_url is required/],
    ['two sources', { prompt: 'p', 'metadata.character_from_task': 'task_1', 'metadata.character_url': clip('v') }, /send only one of/],
  ],
};

describe('every video variant refuses its limits locally, sending nothing', () => {
  for (const [id, cases] of Object.entries(limits)) {
    it(id, async () => {
      const client = gw.client();
      for (const [name, values, message] of cases) {
        const attempt = client.generation.submit(variant(id), values);
        await expect(attempt, name).rejects.toBeInstanceOf(InvalidRequestError);
        await expect(attempt, name).rejects.toThrow(message);
      }
      expect((await gw.stats()).totalRequests).toBe(0);
    });
  }
});

/** Submits a task variant and waits until it completes. */
async function generate(client: GatewayClient, id: string, values: FormValues) {
  const entry = variant(id);
  const submitted: SubmitResult = await client.generation.submit(entry, values);
  if (submitted.style !== 'task') throw new Error(`${id} answered ${submitted.style}`);
  // A task the demo gateway took may already have started by the time its answer is written (a busy machine).
  expect(['queued', 'running']).toContain(submitted.task.state);
  const done = await waitForTask(client, entry, submitted.task.taskId);
  expect(done.state, `${id}: ${done.errorMessage ?? ''}`).toBe('completed');
  return { taskId: submitted.task.taskId, submitted: submitted.task, done };
}

describe('video generation', () => {
  it('official model on the singular path, polled through the wrapped record', async () => {
    const client = gw.client();
    const { submitted, done } = await generate(client, 'video.vid-2.official', { prompt: 'a slow dolly shot', duration: 8, size: '720x1280' });
    expect(submitted.model).toBe('vid-2-official');
    expect(done.resultUrls).toHaveLength(1);
  });

  it('clip3 and clip-o3 models, polled at /v1/videos/{id}', async () => {
    const client = gw.client();
    await generate(client, 'video.clip3-720p', { prompt: 'p', images: imgs(2), duration: 10 });
    const { done } = await generate(client, 'video.clip-o3-1080p', { prompt: 'p', images: imgs(1), duration: 15 });
    expect(done.resultUrls.length).toBeGreaterThan(0);
  });

  it('turbo and omni; an omni task is found again by its client_business_id', async () => {
    const client = gw.client();
    await generate(client, 'video.clip-3.0-turbo', { prompt: 'p', reference_images: imgs(1), duration: 3 });
    const { taskId } = await generate(client, 'video.clip-v3-omni', {
      prompt: 'a dance, <<<image_1>>>',
      'metadata.image_list': imgs(1),
      client_business_id: 'job-42',
      mode: 'pro',
    });
    const byBusinessId = await client.tasks.pollVideo('job-42');
    expect(byBusinessId).toMatchObject({ taskId, clientBusinessId: 'job-42', state: 'completed' });
  });

  it('VVIP video, a character made from it, then used as @username and remixed', async () => {
    const client = gw.client();
    const vvip = await generate(client, 'video.vid-2-vvip', { prompt: 'a courier on a bike', duration: 4, 'metadata.n': 1 });
    const character = await generate(client, 'character.vid-2-vvip.create', {
      prompt: 'the courier',
      'metadata.character_from_task': vvip.taskId,
    });
    expect(character.done.family).toBe('character');
    const username = character.done.characters[0]?.username;
    expect(username).toBeTruthy();
    const polled = await client.tasks.pollCharacter(character.taskId);
    expect(polled.characters[0]?.username).toBe(username);

    await generate(client, 'video.vid-2.character', { prompt: `@${username ?? ''} waves at the camera` });
    await generate(client, 'video.vid-2.character', { prompt: 'the hero waves', 'metadata.character_url': character.taskId });

    await generate(client, 'video.remix.vid-2', { video_id: vvip.taskId, prompt: 'make it rain', duration: 15 });
    await generate(client, 'video.remix.vid-2-pro', { video_id: vvip.taskId, prompt: 'at night', duration: 25 });
    await generate(client, 'video.remix.vid-2-vip', { video_id: vvip.taskId, prompt: 'in snow' });
  });

  it('official remix of an official video', async () => {
    const client = gw.client();
    const source = await generate(client, 'video.vid-2.official', { prompt: 'a harbour at dawn', size: '1280x720' });
    await generate(client, 'video.remix.official', { video_id: source.taskId, prompt: 'add seagulls' });
  });
});

describe('content download fallback', () => {
  it('answers 400 while unfinished, then streams the video bytes', async () => {
    const client = gw.client();
    const entry = variant('video.clip-3.0-turbo');
    const submitted = await client.generation.submit(entry, { prompt: 'p' });
    if (submitted.style !== 'task') throw new Error(submitted.style);
    const early: unknown = await client.tasks.openContent(submitted.task.taskId).catch((e: unknown) => e);
    expect(early).toBeInstanceOf(GatewayError);
    expect(early).toMatchObject({ status: 400, retryable: false, attempts: 1 });

    await waitForTask(client, entry, submitted.task.taskId);
    const download = await client.tasks.openVariantContent(entry, submitted.task.taskId);
    const chunks: Buffer[] = [];
    for await (const chunk of download.answer.body as AsyncIterable<Buffer>) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    expect(download.contentType).toBe('video/mp4');
    expect(bytes.length).toBe(download.contentLength);
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
  });

  it('polling an unknown video task gives task_not_exist', async () => {
    const error: unknown = await gw
      .client()
      .tasks.pollVideo('task_nope')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, knownCase: 'task_not_found', attempts: 1 });
  });
});
