/**
 * Interface sections "Variant: first video model, VVIP", "character use with the first video
 * model" and "GET /v1/characters_tasks/{task_id}" (character tasks and `@username`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaSim, at, download, finished, imageFacts, png, text, videoAt } from './media-harness';
import type { Json } from './media-harness';

let sim: MediaSim;
let still: string;
const referenceClip = 'https://cdn.example.com/people/actor.mp4';

beforeAll(async () => {
  sim = await MediaSim.startWithFixtureVideos();
  still = await sim.uploadUrl(await png(64, 36));
});
afterAll(() => sim.close());

const submit = (body: Record<string, unknown>) => sim.post('/v1/videos/generations', body);
const vvip = (extra: Record<string, unknown> = {}) => submit({ model: 'vid-2-vvip', prompt: 'a fox runs through snow', ...extra });
const vid2 = (extra: Record<string, unknown> = {}) => submit({ model: 'vid-2', prompt: 'a walk in the park', ...extra });

async function finishedTask(id: string): Promise<Json> {
  return (await sim.pollUntil(`/v1/videos/generations/${id}`, finished)).pop() ?? {};
}

async function finishedCharacterTask(id: string): Promise<Json> {
  return (await sim.pollUntil(`/v1/characters_tasks/${id}`, finished)).pop() ?? {};
}

/** A character made by a finished VVIP task with character_create. */
async function createdCharacter(key?: string): Promise<{ taskId: string; username: string }> {
  const submitted = await sim.post('/v1/videos/generations', { model: 'vid-2-vvip', prompt: 'Mira the baker', metadata: { character_create: true } }, key);
  const id = text(submitted.body, 'id');
  await sim.pollUntil(`/v1/characters_tasks/${id}`, finished, 10_000);
  const record = (await sim.get(`/v1/characters_tasks/${id}`, key)).body;
  return { taskId: id, username: text(record, 'result.data.characters.0.username') };
}

describe('VVIP (vid-2-vvip)', () => {
  it('answers a generation task whose metadata includes the size; completes with result.data[].url', async () => {
    const { status, body } = await vvip();
    expect(status).toBe(200);
    expect(body).toMatchObject({ object: 'generation.task', model: 'vid-2-vvip', status: 'queued', progress: 0 });
    expect(at(body, 'metadata.size')).toBe('1280x720');
    const done = await finishedTask(text(body, 'id'));
    expect(at(done, 'metadata.seconds')).toBe('4');
    expect(done.seconds).toBeUndefined();
    expect(await videoAt(text(done, 'result.data.0.url'))).toEqual({ width: 1280, height: 720 });
  });

  it('metadata.n 1-4 gives that many videos; 0 and 5 refused', async () => {
    const { body } = await vvip({ metadata: { n: 4 }, aspect_ratio: '9:16' });
    const done = await finishedTask(text(body, 'id'));
    const items = at(done, 'result.data') as unknown[];
    expect(items).toHaveLength(4);
    for (const item of items) expect(await videoAt(text(item, 'url'))).toEqual({ width: 720, height: 1280 });
    expect((await vvip({ metadata: { n: 0 } })).status).toBe(400);
    expect((await vvip({ metadata: { n: 5 } })).status).toBe(400);
  });

  it('duration 4, 8, 12; aspect ratio 16:9 or 9:16; style from its list', async () => {
    expect(at((await vvip({ duration: 12 })).body, 'metadata.seconds')).toBe('12');
    expect((await vvip({ duration: 10 })).status).toBe(400);
    expect((await vvip({ aspect_ratio: '1:1' })).status).toBe(400);
    expect((await vvip({ metadata: { style: 'anime', storyboard: true, watermark: true } })).status).toBe(200);
    expect((await vvip({ metadata: { style: 'noir' } })).status).toBe(400);
  });

  it('image_urls take public URLs only; thumbnail adds a picture per video', async () => {
    expect((await vvip({ image_urls: [(await png(8, 8)).toString('base64')] })).status).toBe(400);
    const { body } = await vvip({ image_urls: [still], thumbnail: true });
    const done = await finishedTask(text(body, 'id'));
    const thumbnail = await download(text(done, 'result.data.0.thumbnail_url'));
    expect(thumbnail.type).toBe('image/png');
    expect(await imageFacts(thumbnail.bytes)).toEqual({ format: 'png', width: 320, height: 180 });
  });

  it('character_url with a reference video (and a 2-second character_timestamps) makes the output 1 second shorter', async () => {
    const withUrl = await vvip({ duration: 8, metadata: { character_url: referenceClip } });
    expect(at(withUrl.body, 'metadata.seconds')).toBe('7');
    const withSegment = await vvip({ duration: 12, metadata: { character_url: referenceClip, character_timestamps: '3,5' } });
    expect(withSegment.status).toBe(200);
    expect(at(withSegment.body, 'metadata.seconds')).toBe('11');
    expect((await vvip({ metadata: { character_url: referenceClip, character_timestamps: '3,6' } })).status).toBe(400);
    expect((await vvip({ metadata: { character_url: referenceClip, character_timestamps: 'three' } })).status).toBe(400);
    expect((await vvip({ metadata: { character_timestamps: '1,3' } })).status).toBe(400);
  });
});

describe('character tasks and @username', () => {
  it('character_create: GET /v1/characters_tasks/{id} answers the task, then characters with profile pictures', async () => {
    const submitted = await vvip({ prompt: 'Mira the baker', metadata: { character_create: true } });
    const id = text(submitted.body, 'id');
    const early = await sim.get(`/v1/characters_tasks/${id}`);
    expect(early.status).toBe(200);
    expect(['queued', 'in_progress']).toContain(early.body.status);
    expect(early.body.result).toBeUndefined();
    const done = await finishedCharacterTask(id);
    expect(done.status).toBe('completed');
    expect(at(done, 'result.type')).toBe('character');
    const character = at(done, 'result.data.characters.0');
    for (const field of ['id', 'username', 'display_name', 'profile_picture_url']) expect(typeof at(character, field)).toBe('string');
    const picture = await download(text(character, 'profile_picture_url'));
    expect(picture.status).toBe(200);
    expect(picture.type).toBe('image/png');
  });

  it('character_from_task makes a character task from a finished video; unfinished or unknown ids are refused', async () => {
    const video = await vvip();
    const early = await vvip({ metadata: { character_from_task: text(video.body, 'id') } });
    expect(early.status).toBe(400);
    await finishedTask(text(video.body, 'id'));
    const task = await vvip({ prompt: undefined, metadata: { character_from_task: text(video.body, 'id') } });
    expect(task.status).toBe(200);
    expect(task.body).toMatchObject({ object: 'generation.task', status: 'queued' });
    const done = await finishedCharacterTask(text(task.body, 'id'));
    expect(at(done, 'result.data.characters')).toHaveLength(1);
    expect((await vvip({ metadata: { character_from_task: 'task_unknown' } })).status).toBe(400);
  });

  it('vid-2 uses created characters by @username; unknown usernames are a clear 400', async () => {
    const { username } = await createdCharacter();
    const used = await vid2({ prompt: `@${username} waves at the camera` });
    expect(used.status).toBe(200);
    const done = await finishedTask(text(used.body, 'id'));
    expect(await videoAt(text(done, 'result.data.0.url'))).toEqual({ width: 1280, height: 720 });
    const unknown = await vid2({ prompt: '@nobody_0000 waves' });
    expect(unknown.status).toBe(400);
    expect(at(unknown.body, 'error.code')).toBe('character_not_found');
    expect(text(unknown.body, 'error.message')).toContain('@nobody_0000');
    expect((await vid2({ prompt: 'write to me@example.com' })).status).toBe(200);
  });

  it('vid-2 metadata.character_url may carry a finished character task id', async () => {
    const { taskId } = await createdCharacter();
    const used = await vid2({ metadata: { character_url: taskId } });
    expect(used.status).toBe(200);
    expect(at(used.body, 'metadata.seconds')).toBe('4');
    expect((await vid2({ metadata: { character_url: 'task_not_a_character' } })).status).toBe(400);
    const pending = await vvip({ metadata: { character_create: true } });
    expect((await vid2({ metadata: { character_url: text(pending.body, 'id') } })).status).toBe(400);
  });

  it('characters belong to their account', async () => {
    const { taskId, username } = await createdCharacter();
    const other = await sim.otherAccountKey();
    expect((await sim.post('/v1/videos/generations', { model: 'vid-2', prompt: `@${username}` }, other)).status).toBe(400);
    expect((await sim.get(`/v1/characters_tasks/${taskId}`, other)).body.code).toBe('task_not_exist');
  });

  it('unknown ids and tasks without characters answer 400 task_not_exist', async () => {
    const unknown = await sim.get('/v1/characters_tasks/task_nothing');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'task_not_exist', data: null });
    const plain = await vvip();
    expect((await sim.get(`/v1/characters_tasks/${text(plain.body, 'id')}`)).status).toBe(400);
  });

  it('a failing character task reports error.message', async () => {
    await sim.fault({ kind: 'task-failure', route: 'POST /v1/videos/generations', count: 1, message: 'no face found' });
    const submitted = await vvip({ metadata: { character_create: true } });
    const done = await finishedCharacterTask(text(submitted.body, 'id'));
    expect(done.status).toBe('failed');
    expect(at(done, 'error.message')).toBe('no face found');
  });
});

describe('character creation readings (the creating call is not shown)', () => {
  // An account of its own: a VVIP request costs 160 credits whatever the answer.
  let key: string;
  beforeAll(async () => {
    key = await sim.otherAccountKey();
  });
  afterAll(() => sim.admin('POST', '/settings', { characterCreation: 'request' }));
  const ask = (body: Record<string, unknown>) => sim.post('/v1/videos/generations', { model: 'vid-2-vvip', prompt: 'a fox runs through snow', ...body }, key);
  const finishedOf = async (id: string): Promise<Json> => {
    for (let polls = 0; polls < 200; polls++) {
      const { body } = await sim.get(`/v1/videos/generations/${id}`, key);
      if (finished(body)) return body;
      await sim.wait(50);
    }
    throw new Error(`task ${id} did not finish`);
  };

  /** What a request asking for a character is answered with: a video, a character, or both under one id. */
  async function answerTo(body: Record<string, unknown>): Promise<{ videos: number; characters: number; charged: number }> {
    const used = async (): Promise<number> => Number(at((await sim.get('/v1/balance', key)).body, 'used_credits'));
    const before = await used();
    const submitted = await ask(body);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const id = text(submitted.body, 'id');
    const record = await finishedOf(id);
    const character = await sim.get(`/v1/characters_tasks/${id}`, key);
    const after = await used();
    const videos = at(record, 'result.type') === 'video' ? (at(record, 'result.data') as unknown[]).length : 0;
    const characters = character.status === 200 ? (at(character.body, 'result.data.characters') as unknown[]).length : 0;
    return { videos, characters, charged: after - before };
  }

  it.each([
    ['request', { fromTask: { videos: 0, characters: 1 }, fromClip: { videos: 1, characters: 1 } }],
    ['character', { fromTask: { videos: 0, characters: 1 }, fromClip: { videos: 0, characters: 1 } }],
    ['video', { fromTask: { videos: 1, characters: 1 }, fromClip: { videos: 1, characters: 1 } }],
  ] as const)('reading "%s"', async (reading, expected) => {
    const { body } = await ask({});
    const source = text(body, 'id');
    await finishedOf(source);
    await sim.admin('POST', '/settings', { characterCreation: reading });
    const fromTask = await answerTo({ prompt: 'the fox', metadata: { character_from_task: source } });
    const fromClip = await answerTo({ prompt: 'the actor', metadata: { character_url: referenceClip, character_timestamps: '1,3', character_create: true } });
    expect({ videos: fromTask.videos, characters: fromTask.characters }).toEqual(expected.fromTask);
    expect({ videos: fromClip.videos, characters: fromClip.characters }).toEqual(expected.fromClip);
    // One charge at the VVIP price per request, whatever the answer.
    expect([fromTask.charged, fromClip.charged].map((credits) => Math.round(credits))).toEqual([160, 160]);
  });

  it('an unknown reading is refused', async () => {
    const bad = await fetch(`${sim.url}/__admin/settings`, {
      method: 'POST',
      headers: { 'x-admin-token': sim.sim.adminToken, 'content-type': 'application/json' },
      body: JSON.stringify({ characterCreation: 'both' }),
    });
    expect(bad.status).toBe(400);
  });
});
