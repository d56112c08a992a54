/**
 * Character creation is not shown by the interface, so a gateway may answer a request that asks
 * for a character with a video task, a character task, or a video task that also yields the
 * character. Under each reading the demo gateway offers, everything the answer yields is kept:
 * the video in the library, the character in the registry (with its picture), and nothing the
 * gateway charged for is left behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCharactersOfTask, listJobAssets } from '../../../src/main/core/library';
import { listJobTasks } from '../../../src/main/core/jobs/store';
import { characterCreationJob, type JobEngine, type JobDetail } from '../../../src/main/core/jobs';
import type { LedgerEntry } from '../../../src/simulator/admin/task-ledger';
import { bodyOf, runOne, startBench, type Bench } from './harness';

type Reading = 'request' | 'character' | 'video';

/** What a job yielded: videos in the library, characters in the registry. */
interface Yield {
  videos: number;
  characters: number;
}

const VVIP = 'video.vid-2-vvip';

describe.each<Reading>(['request', 'character', 'video'])('character creation answered by the "%s" reading', (reading) => {
  let bench: Bench;
  let engine: JobEngine;
  let source: { taskId: string; url: string };

  const yieldOf = (job: JobDetail): Yield => {
    const taskId = listJobTasks(bench.db, job.id).at(-1)?.id ?? '';
    return {
      videos: listJobAssets(bench.db, job.id).filter((asset) => asset.kind === 'video').length,
      characters: listCharactersOfTask(bench.db, taskId).length,
    };
  };

  beforeAll(async () => {
    bench = await startBench({}, { virtualTime: true });
    await bench.admin('POST', '/settings', { characterCreation: reading });
    engine = bench.engine();
    await engine.start();
    const made = await runOne(engine, { variantId: VVIP, body: bodyOf(VVIP, { prompt: 'a courier on a red bicycle' }) });
    expect(made.state, made.errorMessage ?? '').toBe('done');
    const task = listJobTasks(bench.db, made.id)[0];
    source = { taskId: task?.id ?? '', url: task?.resultUrls[0] ?? '' };
  });

  afterAll(async () => bench.close());

  const expected: Record<Reading, Record<string, Yield>> = {
    request: { fromTask: { videos: 0, characters: 1 }, fromClip: { videos: 1, characters: 1 }, vvipFromTask: { videos: 0, characters: 1 } },
    character: { fromTask: { videos: 0, characters: 1 }, fromClip: { videos: 0, characters: 1 }, vvipFromTask: { videos: 0, characters: 1 } },
    video: { fromTask: { videos: 1, characters: 1 }, fromClip: { videos: 1, characters: 1 }, vvipFromTask: { videos: 1, characters: 1 } },
  };

  it('"Create a character" from a finished video task keeps what comes back', async () => {
    const job = await runOne(engine, characterCreationJob({ fromTaskId: source.taskId }, 'the courier'));
    expect(job.state, job.errorMessage ?? '').toBe('done');
    expect(yieldOf(job)).toEqual(expected[reading].fromTask);
    const [character] = listCharactersOfTask(bench.db, job.taskId ?? '');
    expect(character?.profilePictureUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/.+\.png$/);
    expect(job.characters).toEqual([character?.username]);
  });

  it('"Create a character" from a 2-second segment of a video address keeps what comes back', async () => {
    const job = await runOne(engine, characterCreationJob({ videoUrl: source.url, segment: '1,3' }, 'the rider'));
    expect(job.state, job.errorMessage ?? '').toBe('done');
    expect(yieldOf(job)).toEqual(expected[reading].fromClip);
    const [video] = listJobAssets(bench.db, job.id);
    // A paid VVIP video from a reference clip is 1 second shorter than the 4 seconds asked.
    if (video) expect(video.durationMs).toBeGreaterThan(2_500);
    if (video) expect(video.durationMs).toBeLessThan(3_500);
  });

  it('a VVIP video asked to make a character from a finished task keeps the character it is answered with', async () => {
    const job = await runOne(engine, { variantId: VVIP, body: bodyOf(VVIP, { prompt: 'the courier again', 'metadata.character_from_task': source.taskId }) });
    expect(job.state, job.errorMessage ?? '').toBe('done');
    expect(job.errorCode).toBeNull();
    expect(yieldOf(job)).toEqual(expected[reading].vvipFromTask);
  });

  it('a VVIP video with character_create keeps its video and its character', async () => {
    const job = await runOne(engine, { variantId: VVIP, body: bodyOf(VVIP, { prompt: 'a juggler in a park', 'metadata.character_create': true }) });
    expect(job.state, job.errorMessage ?? '').toBe('done');
    expect(yieldOf(job)).toEqual({ videos: 1, characters: 1 });
  });

  it('every task the gateway charged has its result in the studio', async () => {
    const { tasks } = await bench.admin<{ tasks: LedgerEntry[] }>('GET', '/tasks');
    const charged = tasks.filter((task) => task.charged);
    expect(charged.length).toBeGreaterThanOrEqual(5);
    for (const task of charged) {
      const assets = bench.db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM assets WHERE task_id = ?').get(task.id)?.n ?? 0;
      expect({ task: task.id, videos: assets, characters: listCharactersOfTask(bench.db, task.id).length }).toEqual({
        task: task.id,
        videos: task.outputs,
        characters: task.characters.length,
      });
    }
  });
});

describe('a character whose video cannot be saved', () => {
  it('keeps the character: the job is done, saying the video is missing', async () => {
    const bench = await startBench({}, { virtualTime: true });
    try {
      await bench.admin('POST', '/settings', { characterCreation: 'video' });
      const engine = bench.engine();
      await engine.start();
      const made = await runOne(engine, { variantId: VVIP, body: bodyOf(VVIP, { prompt: 'a ferry' }) });
      // The video made for the character expires the moment it is done.
      await bench.addFault({ kind: 'result-expiry', route: 'POST /v1/videos/generations', count: 1, afterMs: 0 });
      const job = await runOne(engine, characterCreationJob({ fromTaskId: made.taskId ?? '' }, 'the ferryman'));
      expect(job).toMatchObject({ state: 'done', errorCode: 'partial' });
      expect(job.errorMessage).toMatch(/The character was saved, but the video could not be/);
      expect(job.characters).toHaveLength(1);
      expect(job.assetIds).toEqual([]);
    } finally {
      await bench.close();
    }
  });
});

describe('a route that does not know the task', () => {
  it('is passed over: the character of a video request answered with a character task is collected from the character route', async () => {
    const bench = await startBench({}, { virtualTime: true });
    try {
      await bench.admin('POST', '/settings', { characterCreation: 'character' });
      const engine = bench.engine();
      await engine.start();
      const made = await runOne(engine, { variantId: VVIP, body: bodyOf(VVIP, { prompt: 'a lighthouse keeper' }) });
      const sourceTask = made.taskId ?? '';
      // A deployment that serves character tasks on the character route only.
      await bench.addFault({
        kind: 'error',
        status: 400,
        route: 'GET /v1/videos/generations/*',
        body: { code: 'task_not_exist', message: 'task_not_exist', data: null },
      });
      const job = await runOne(engine, { variantId: VVIP, body: bodyOf(VVIP, { prompt: 'the keeper', 'metadata.character_from_task': sourceTask }) });
      expect(job.state, job.errorMessage ?? '').toBe('done');
      expect(job.characters).toHaveLength(1);
      expect(listJobTasks(bench.db, job.id).map((task) => [task.pollRoute, task.firstAnswer])).toEqual([
        [`/v1/characters_tasks/${job.taskId ?? ''}`, 'refused'],
      ]);
    } finally {
      await bench.close();
    }
  });
});
