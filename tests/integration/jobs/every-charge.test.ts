/**
 * The promise that matters most, checked over a mixed session against the demo gateway's own
 * ledger: for every task the gateway charged, the studio holds its result (asset or character)
 * or shows the gateway's own failure for it; every direct answer paid for is in the library.
 * The session mixes images, edits, videos, a remix, characters and faults (failing tasks, a
 * server error after the work was done, throttled and broken polls, a cut download, an expired
 * result, a task that outlives its deadline); a second session adds a key that runs dry while
 * its tasks are on the gateway, a result host that is down, an address that expires meanwhile
 * and an omni job whose look-up never finds it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobStates } from '../../../src/shared/jobs/job-states';
import { listCharactersOfTask } from '../../../src/main/core/library';
import { getTask, listJobsInStates, type Job } from '../../../src/main/core/jobs/store';
import { characterCreationJob, type EngineJobInput, type JobEngine } from '../../../src/main/core/jobs';
import type { LedgerEntry } from '../../../src/simulator/admin/task-ledger';
import { bodyOf, startBench, type Bench } from './harness';

const ref = 'https://cdn.example/ref-1.png';
const SUBMIT_IMAGE = 'POST /v1/images/generations';
const SUBMIT_VIDEO = 'POST /v1/videos/generations';

const job = (variantId: string, values: Record<string, unknown>, pathParams?: Record<string, string>): EngineJobInput => ({
  variantId,
  body: bodyOf(variantId, values),
  ...(pathParams === undefined ? {} : { pathParams }),
});

let bench: Bench;
let engine: JobEngine;

beforeAll(async () => {
  bench = await startBench({ timing: { image: 250, video: 600, character: 300, textChunk: 0 } }, { virtualTime: true });
  // Video deadlines shorter than a video takes: some run past them and must still be collected.
  engine = bench.engine({ pollTimings: { video: { initialDelayMs: 40, intervalMs: 40, deadlineMs: 300 } } });
  await engine.start();
});
afterAll(async () => bench.close());

async function run(name: string, jobs: EngineJobInput[]): Promise<Job[]> {
  const { jobs: created } = await engine.commands.createBatch({ name, jobs });
  await bench.idle(engine);
  return created;
}

describe('a mixed session with faults', () => {
  it('leaves nothing the gateway charged for unaccounted for', async () => {
    await bench.addFault({ kind: 'task-failure', route: SUBMIT_VIDEO, model: 'clip-3.0-turbo', count: 1, message: '内容审核未通过' });
    await bench.addFault({ kind: 'error', status: 500, route: SUBMIT_VIDEO, model: 'clip-v3-omni', count: 1, phase: 'after-handler' });
    await bench.addFault({ kind: 'result-expiry', route: SUBMIT_IMAGE, model: 'nova-3-pro-image-preview-official', count: 1, afterMs: 0 });
    await bench.addFault({ kind: 'rate-limit', route: 'GET /v1/*', count: 6, retryAfterSeconds: null });
    await bench.addFault({ kind: 'error', status: 503, route: 'GET /v1/videos/generations/*', count: 4 });
    await bench.addFault({ kind: 'malformed-json', route: 'GET /v1/images/generations/*', count: 2 });
    await bench.addFault({ kind: 'truncated-body', route: 'GET /files/*', count: 2 });

    await run('first round', [
      job('image.gen-image-2.direct', { prompt: 'a lighthouse', size: '1024x1024' }),
      job('image.gen-image-2.task', { prompt: 'a harbour at 4K', size: { tier: '4K', ratio: 'auto' } }),
      job('image.gen-image-2.task', { prompt: 'make it snow', image_urls: [ref] }),
      job('image.nova-3.1-flash-image', { prompt: 'a fox', size: '1360x768' }),
      job('image.nova-3-pro-image.official', { prompt: 'an expired tram', size: '1:1' }),
      job('image.nova-3-pro-image.official', { prompt: 'a tram at 2K', size: { tier: '2K', ratio: '16:9' }, image_urls: [ref] }),
      job('video.clip-3.0-turbo', { prompt: 'a banned kite', duration: 3 }),
      job('video.clip-3.0-turbo', { prompt: 'a kite', duration: 3 }),
      job('video.clip-v3-omni', { prompt: 'a dance', duration: 3 }),
      job('video.vid-2.official', { prompt: 'a harbour at dawn', size: '1280x720', duration: 4 }),
      job('video.clip3-720p', { prompt: 'waves', images: [ref], duration: 5, size: '720x1280' }),
      job('video.vid-2-vvip', { prompt: 'a courier on a bike', duration: 4, 'metadata.n': 2 }),
      job('video.vid-2-vvip', { prompt: 'a juggler', 'metadata.character_create': true }),
    ]);
    const vvip = listJobsInStates(bench.db, ['done']).find((done) => done.prompt === 'a courier on a bike');
    const vvipTask = engine.queries.job(vvip?.id ?? '')?.taskId ?? '';
    const official = listJobsInStates(bench.db, ['done']).find((done) => done.variantId === 'video.vid-2.official');
    await run('second round', [
      job('video.remix.vid-2', { prompt: 'make it rain', duration: 10 }, { video_id: vvipTask }),
      job('video.remix.official', { prompt: 'add seagulls' }, { video_id: engine.queries.job(official?.id ?? '')?.taskId ?? '' }),
      characterCreationJob({ fromTaskId: vvipTask }, 'the courier'),
      job('video.vid-2-vvip', { prompt: 'the courier again', 'metadata.character_from_task': vvipTask }),
    ]);

    // Nothing is left half-way: every job ended, and only the gateway's own failures failed.
    const jobs = listJobsInStates(bench.db, jobStates);
    expect(jobs.filter((j) => !['done', 'failed', 'expired'].includes(j.state)).map((j) => [j.prompt, j.state])).toEqual([]);
    expect(jobs.filter((j) => j.state === 'failed').map((j) => [j.prompt, j.errorCode, j.gatewayMessage])).toEqual([
      ['a banned kite', 'task_failed', '内容审核未通过'],
    ]);
    expect(jobs.filter((j) => j.state === 'expired').map((j) => [j.prompt, j.errorCode])).toEqual([['an expired tram', 'result_expired']]);
    const faults = (await bench.stats()).faults;
    expect(faults).toMatchObject({ 'task-failure': 1, error: 5, 'result-expiry': 1, 'rate-limit': 6, 'malformed-json': 2, 'truncated-body': 2 });

    const { tasks } = await bench.admin<{ tasks: LedgerEntry[] }>('GET', '/tasks');
    for (const task of tasks) {
      const known = getTask(bench.db, task.id);
      expect(known, `task ${task.id} (${task.model}) is followed by a job`).toBeDefined();
      const owner = jobs.find((j) => j.id === known?.jobId);
      const assets = bench.db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM assets WHERE task_id = ?').get(task.id)?.n ?? 0;
      const characters = listCharactersOfTask(bench.db, task.id).length;
      if (!task.charged) {
        // Refunded by the gateway: its failure is shown in its own words.
        expect([owner?.state, owner?.errorCode, owner?.gatewayMessage]).toEqual(['failed', 'task_failed', '内容审核未通过']);
      } else if (owner?.state === 'expired') {
        expect(owner.errorMessage).toMatch(/expired/);
      } else {
        expect({ task: task.id, model: task.model, state: owner?.state, assets, characters }).toEqual({
          task: task.id,
          model: task.model,
          state: 'done',
          assets: task.outputs,
          characters: task.characters.length,
        });
      }
    }
    // Answers paid for at once (no task) are all in the library.
    const direct = jobs.filter((j) => j.answerStyle === 'direct');
    // (auto at 4K without a ratio goes to the direct channel by the gateway's own rule; it is still made at 4K.)
    expect(direct.map((j) => j.prompt).sort()).toEqual(['a fox', 'a harbour at 4K', 'a lighthouse']);
    for (const j of direct) expect(engine.queries.job(j.id)?.assetIds.length, j.prompt).toBeGreaterThan(0);
    const harbour = direct.find((j) => j.prompt === 'a harbour at 4K');
    const size = bench.db.prepare<[string], { width: number; height: number }>('SELECT width, height FROM assets WHERE job_id = ?').get(harbour?.id ?? '');
    expect(size).toEqual({ width: 3840, height: 2160 });
    // Each request went out once: the server error after the work was done was reconciled, not resent.
    const stats = await bench.stats();
    // Two turbo, the omni, three VVIP and the character job post here.
    expect(stats.requests[SUBMIT_VIDEO]).toBe(7);
  });

  it('keeps every charge through a spent key, a result host that is down and an omni look-up that finds nothing', async () => {
    const before = await bench.admin<{ tasks: LedgerEntry[] }>('GET', '/tasks');
    const known = new Set(before.tasks.map((task) => task.id));
    const videoSubmissions = (await bench.stats()).requests[SUBMIT_VIDEO] ?? 0;
    await bench.admin('DELETE', '/faults');
    await bench.addFault({ kind: 'error', status: 503, route: 'GET /files/*', count: 16 });
    await bench.addFault({ kind: 'result-expiry', route: SUBMIT_IMAGE, model: 'nova-3-pro-image-preview-official', count: 1, afterMs: 60_000 });
    // Refused before anything was made: its look-ups by business id never find it.
    await bench.addFault({ kind: 'error', status: 500, route: SUBMIT_VIDEO, model: 'clip-v3-omni', count: 1 });
    const { jobs: created } = await engine.commands.createBatch({
      name: 'field conditions',
      jobs: [
        job('image.gen-image-2.task', { prompt: 'a key that runs dry' }),
        job('image.gen-image-2.task', { prompt: 'a second task on it' }),
        job('image.nova-3.1-flash-image', { prompt: 'a direct answer', size: '1360x768' }),
        job('image.nova-3-pro-image.official', { prompt: 'gone while the host was down', size: '1:1' }),
        job('video.clip-v3-omni', { prompt: 'never arrived', duration: 3 }),
      ],
    });
    // Every job was sent; then the demo key runs dry while the tasks are on the gateway, for ten minutes.
    await bench.run(
      new Promise<void>((resolve) => {
        const sent = (): boolean => created.every((made) => !['queued', 'submitting'].includes(engine.queries.job(made.id)?.state ?? 'queued'));
        const stop = engine.onChange(() => {
          if (sent()) {
            stop();
            resolve();
          }
        });
      }),
    );
    const waitedForKey = new Set<string>();
    const watching = engine.onChange((event) => {
      if (event.type === 'jobs.changed') for (const seen of event.jobs) if (seen.waitingFor === 'key') waitedForKey.add(seen.prompt);
    });
    await bench.admin('PATCH', '/keys/1', { remain_credits: 0 });
    await bench.run(new Promise<void>((resolve) => bench.clock?.setTimeout(resolve, 10 * 60_000)), { maxVirtualMs: 11 * 60_000 });
    await bench.admin('PATCH', '/keys/1', { remain_credits: 100_000, status: 1 });
    engine.commands.keysChanged();
    await bench.idle(engine);
    watching();
    // The fault did happen: tasks on the gateway waited for a usable key rather than failing.
    expect(waitedForKey.size).toBeGreaterThan(0);

    const states = created.map((made) => engine.queries.job(made.id));
    expect(states.map((view) => [view?.prompt, view?.state, view?.errorCode])).toEqual([
      ['a key that runs dry', 'done', null],
      ['a second task on it', 'done', null],
      ['a direct answer', 'done', null],
      ['gone while the host was down', 'expired', 'result_expired'],
      ['never arrived', 'unknown', 'server_error_unknown'],
    ]);
    const { tasks } = await bench.admin<{ tasks: LedgerEntry[] }>('GET', '/tasks');
    for (const task of tasks.filter((entry) => !known.has(entry.id) && entry.charged)) {
      const owner = getTask(bench.db, task.id);
      const view = engine.queries.job(owner?.jobId ?? '');
      expect(view?.state === 'done' ? view.assetIds.length : view?.state, `task ${task.id} (${task.model})`).toBe(
        view?.state === 'expired' ? 'expired' : task.outputs,
      );
    }
    // Nothing was submitted twice without consent: one attempt each, the omni job never resent.
    expect(states.map((view) => view?.attempts)).toEqual([1, 1, 1, 1, 1]);
    expect((await bench.stats()).requests[SUBMIT_VIDEO]).toBe(videoSubmissions + 1);
  });
});
