/**
 * The demo gateway's state folder: a simulator started again on the same folder still knows
 * its accounts, tasks, results and uploads, listens on its last port when it can, accepts the
 * addresses it had before when it cannot, keeps its run-time settings, and keeps no usable key
 * on disk.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimulatorOptions } from '../../../src/simulator/options';
import { VirtualClock } from '../../helpers/virtual-clock';
import { MediaSim, at, download, finished, png, text } from './media-harness';

const started: MediaSim[] = [];
const blockers: Server[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((sim) => sim.close().catch(() => undefined)));
  await Promise.all(blockers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

// One clock for every start in this file: a restarted simulator reads on from where the last one stopped.
const clock = new VirtualClock(Date.now());

async function start(stateDir: string, options: SimulatorOptions = {}): Promise<MediaSim> {
  const sim = await MediaSim.start({ stateDir, timing: { image: 1_200, video: 1_500, character: 300 }, ...options }, clock);
  started.push(sim);
  return sim;
}

async function stop(sim: MediaSim): Promise<void> {
  started.splice(started.indexOf(sim), 1);
  await sim.close();
  // Lets this process's fetch pool see its kept-alive sockets closed before the next start
  // reuses the address (otherwise one request may go to a dead socket).
  await new Promise((resolve) => setTimeout(resolve, 100));
}

function freshFolder(): string {
  return mkdtempSync(join(tmpdir(), 'atelier-sim-state-'));
}

function block(port: number): Promise<void> {
  const server = createServer();
  blockers.push(server);
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
}

const portOf = (sim: MediaSim): number => Number(new URL(sim.url).port);

describe('a simulator with a state folder', () => {
  it('finishes tasks, serves uploads and keeps balances and keys across a restart on the same address', async () => {
    const folder = freshFolder();
    const first = await start(folder);
    const upload = await first.uploadUrl(await png(64, 64));
    const image = await first.post('/v1/images/generations', { model: 'gen-image-2', prompt: 'a lantern', size: '1:1', image_urls: [upload] });
    const video = await first.post('/v1/videos/generations', { model: 'clip-3.0-turbo', prompt: 'a kite', duration: 3 });
    const minted = await first.post('/v1/tokens', { name: 'budget', remain_credits: 50 });
    const key = `sk-${text(minted.body, 'data.key')}`;
    const balance = (await first.get('/v1/balance')).body;
    await stop(first);

    const second = await start(folder);
    expect(second.url).toBe(first.url);
    expect((await second.get('/v1/balance')).body).toEqual(balance);
    expect((await second.get('/v1/balance', key)).body).toMatchObject({ success: true, remain_credits: 50 });
    const imageTask = (await second.pollUntil(`/v1/images/generations/${text(image.body, 'id')}`, finished)).pop();
    expect(imageTask?.status).toBe('completed');
    expect((await download(text(at(imageTask, 'result.data.0'), 'url'))).status).toBe(200);
    const videoTask = (await second.pollUntil(`/v1/videos/generations/${text(video.body, 'id')}`, finished)).pop();
    expect((await download(text(videoTask, 'metadata.url'))).type).toBe('video/mp4');
    const served = await download(upload);
    expect(served.status).toBe(200);
    expect((await second.post('/v1/images/generations', { model: 'gen-image-2', prompt: 'again', size: '1:1', image_urls: [upload] })).status).toBe(200);
    // New ids never repeat the ones handed out before the restart.
    const next = await second.post('/v1/videos/generations', { model: 'clip-3.0-turbo', prompt: 'a kite', duration: 3 });
    expect(text(next.body, 'id')).not.toBe(text(video.body, 'id'));

    const saved = readFileSync(join(folder, 'state.json'), 'utf8');
    expect(saved).not.toContain(key.slice(3));
    expect(saved).not.toContain(first.key.slice(3));
  });

  it('takes another port when its last one is taken, and still knows the addresses it gave out', async () => {
    const folder = freshFolder();
    const first = await start(folder);
    const upload = await first.uploadUrl(await png(64, 64));
    const port = portOf(first);
    await stop(first);
    await block(port);

    const second = await start(folder);
    expect(portOf(second)).not.toBe(port);
    // A studio that recorded the old address in a job still gets its reference accepted.
    const task = await second.post('/v1/images/generations', { model: 'gen-image-2', prompt: 'a lantern', size: '1:1', image_urls: [upload] });
    expect(task.status, JSON.stringify(task.body)).toBe(200);
    const gone = upload.replace(/\/files\/[^/]+$/, '/files/0123456789abcdef01234567.png');
    expect((await second.post('/v1/images/generations', { model: 'gen-image-2', prompt: 'x', size: '1:1', image_urls: [gone] })).status).toBe(422);
  });

  it('refunds a task that fails after the restart', async () => {
    const folder = freshFolder();
    const first = await start(folder);
    await first.fault({ kind: 'task-failure', route: 'POST /v1/images/generations', count: 1 });
    const before = (await first.get('/v1/balance')).body.remain_credits as number;
    const task = await first.post('/v1/images/generations', { model: 'gen-image-2', prompt: 'doomed', size: '1:1' });
    expect((await first.get('/v1/balance')).body.remain_credits).toBeLessThan(before);
    await stop(first);

    const second = await start(folder);
    const failed = (await second.pollUntil(`/v1/images/generations/${text(task.body, 'id')}`, finished)).pop();
    expect(failed?.status).toBe('failed');
    expect((await second.get('/v1/balance')).body.remain_credits).toBe(before);
  });

  it('forgets tasks whose results expired over a week ago, but not the characters tasks made', async () => {
    const folder = freshFolder();
    const first = await start(folder, { timing: { image: 50, video: 50, character: 50 } });
    const image = await first.post('/v1/images/generations', { model: 'gen-image-2', prompt: 'old news', size: '1:1' });
    const character = await first.post('/v1/videos/generations', { model: 'vid-2-vvip', prompt: 'Mira the baker', metadata: { character_create: true } });
    await first.pollUntil(`/v1/characters_tasks/${text(character.body, 'id')}`, finished);
    await stop(first);
    // The state as a run two weeks ago would have left it.
    const file = join(folder, 'state.json');
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { tasks: { schedule: Record<string, number | undefined> }[] };
    const twoWeeks = 14 * 24 * 3600 * 1000;
    for (const task of saved.tasks) {
      for (const field of ['createdAtMs', 'startsAtMs', 'endsAtMs', 'expiresAtMs']) task.schedule[field] = (task.schedule[field] ?? 0) - twoWeeks;
    }
    writeFileSync(file, JSON.stringify(saved));

    const second = await start(folder);
    expect(at((await second.get(`/v1/images/generations/${text(image.body, 'id')}`)).body, 'code')).toBe('task_not_exist');
    const made = await second.get(`/v1/characters_tasks/${text(character.body, 'id')}`);
    expect(made.body.status).toBe('completed');
    const username = text(made.body, 'result.data.characters.0.username');
    expect((await second.post('/v1/videos/generations', { model: 'vid-2', prompt: `@${username} waves` })).status).toBe(200);
  });

  it('keeps run-time settings and deleted keys across a restart; a changed start value wins', async () => {
    const folder = freshFolder();
    const first = await start(folder);
    await first.admin('POST', '/settings', { genImage2Routing: 'task', contentRoute: false, characterCreation: 'video' });
    const minted = await first.post('/v1/tokens', { name: 'short-lived', remain_credits: 5 });
    const deleted = `sk-${text(minted.body, 'data.key')}`;
    await first.admin('DELETE', `/keys/${String(at(minted.body, 'data.id'))}`);
    await stop(first);

    const second = await start(folder);
    expect(await second.admin('GET', '/settings')).toEqual({ settings: { genImage2Routing: 'task', contentRoute: false, characterCreation: 'video' } });
    // A pixel size goes to the direct channel by the gateway's own rule; the switch still forces a task.
    const forced = await second.post('/v1/images/generations', { model: 'gen-image-2', prompt: 'a lantern', size: '1024x1024' });
    expect(forced.body).toMatchObject({ status: expect.any(String) as unknown, id: expect.any(String) as unknown });
    const balance = await second.get('/v1/balance', deleted);
    expect(balance.status).toBe(200);
    expect(balance.body).toMatchObject({ success: false, message: '获取令牌信息失败' });
    await stop(second);

    const third = await start(folder, { settings: { genImage2Routing: 'direct' } });
    expect(await third.admin('GET', '/settings')).toEqual({ settings: { genImage2Routing: 'direct', contentRoute: false, characterCreation: 'video' } });
    // An admin reset goes back to this run's start values.
    await third.admin('POST', '/reset');
    expect(await third.admin('GET', '/settings')).toEqual({ settings: { genImage2Routing: 'direct', contentRoute: true, characterCreation: 'request' } });
  });

  it('moves an unreadable state aside, says so, and starts afresh', async () => {
    const folder = freshFolder();
    writeFileSync(join(folder, 'state.json'), '{"version": 99}');
    const warnings: string[] = [];
    const sim = await start(folder, { onWarning: (message) => warnings.push(message) });
    expect((await sim.get('/v1/balance')).body.success).toBe(true);
    expect(warnings.join('\n')).toMatch(/could not be read/);
    const aside = readdirSync(folder).filter((name) => name.startsWith('state.json.unreadable-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(folder, aside[0] ?? ''), 'utf8')).toBe('{"version": 99}');
    expect(existsSync(join(folder, 'state.json'))).toBe(true);
  });
});
