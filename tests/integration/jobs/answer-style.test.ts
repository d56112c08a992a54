/**
 * The answer, not the request, decides how a job is followed. The demo gateway routes
 * `gen-image-2` by its own rule, always to the direct channel, or always to the task channel;
 * every kind of `gen-image-2` request the studio sends must then complete whichever style comes
 * back, with its files in the library, and none may end `unknown`. A task answered to a request
 * that usually gets images is polled on the image task route, also after a restart.
 */
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listJobAssets, resolveInLibrary } from '../../../src/main/core/library';
import { listJobTasks, type Job } from '../../../src/main/core/jobs/store';
import type { EngineJobInput, JobEngine } from '../../../src/main/core/jobs';
import { bodyOf, mediaFilesIn, startBench, temporaryFilesIn, type Bench } from './harness';

const ref = (n: number) => `https://cdn.example/ref-${n}.png`;

interface Kind {
  name: string;
  job: EngineJobInput;
  /** Pixel size of every stored image, the same on either channel. */
  size: [number, number];
  edit: boolean;
}

const kind = (name: string, variantId: string, values: Record<string, unknown>, size: [number, number], edit = false): Kind => ({
  name,
  job: { variantId, body: bodyOf(variantId, { prompt: `${name}: a heron at dawn`, ...values }) },
  size,
  edit,
});

/** Every kind of gen-image-2 request the studio's forms and the CLI make. */
const KINDS: Kind[] = [
  kind('text to image', 'image.gen-image-2.direct', {}, [1024, 1024]),
  kind('pixel size at 2K', 'image.gen-image-2.direct', { size: '2560x1440' }, [2560, 1440]),
  kind('auto', 'image.gen-image-2.direct', { size: 'auto' }, [1024, 1024]),
  kind('reference images, two images', 'image.gen-image-2.direct', { size: '1280x720', reference_images: [ref(1)], n: 2 }, [1280, 720]),
  kind('edit', 'image.gen-image-2.edit', { image_urls: [ref(1), ref(2)] }, [1024, 1024], true),
  kind('inpainting', 'image.gen-image-2.edit', { image_urls: [ref(1)], mask_url: 'https://cdn.example/mask.png' }, [1024, 1024], true),
  kind('ratio', 'image.gen-image-2.task', { size: { tier: '1K', ratio: '16:9' } }, [1536, 864]),
  kind('ratio with auto', 'image.gen-image-2.task', { size: 'auto' }, [1024, 1024]),
  kind('ratio with four references', 'image.gen-image-2.task', { size: '3:2', image_urls: [ref(1), ref(2), ref(3), ref(4)] }, [1536, 1024], true),
];

/** The style each routing gives each kind (edit kinds get the summary from the direct channel). */
function expectedStyle(routing: 'request' | 'direct' | 'task', k: Kind): 'direct' | 'summary' | 'task' {
  if (routing === 'task') return 'task';
  if (routing === 'direct') return k.edit ? 'summary' : 'direct';
  if (k.job.variantId === 'image.gen-image-2.task') return k.job.body.size === 'auto' ? 'direct' : 'task';
  return k.edit ? 'summary' : 'direct';
}

let bench: Bench;
let engine: JobEngine;

beforeAll(async () => {
  bench = await startBench({}, { virtualTime: true });
  engine = bench.engine();
  await engine.start();
});
afterAll(async () => bench.close());

async function route(routing: 'request' | 'direct' | 'task'): Promise<void> {
  await bench.admin('POST', '/settings', { genImage2Routing: routing });
}

async function runAll(name: string, jobs: EngineJobInput[]): Promise<Job[]> {
  const { jobs: created } = await engine.commands.createBatch({ name, jobs });
  await bench.idle(engine);
  return created.map((job) => {
    const view = engine.queries.job(job.id);
    if (!view) throw new Error(`job ${job.id} vanished`);
    return view;
  });
}

async function expectImagesInLibrary(job: Job, size: [number, number]): Promise<void> {
  const assets = listJobAssets(bench.db, job.id);
  expect(assets.length, `${job.prompt}: assets`).toBeGreaterThan(0);
  for (const asset of assets) {
    const file = resolveInLibrary(bench.root, asset.filePath);
    expect(existsSync(file), asset.filePath).toBe(true);
    const meta = await sharp(file).metadata();
    expect([meta.width, meta.height], job.prompt).toEqual(size);
  }
}

describe.each(['request', 'direct', 'task'] as const)('gen-image-2 routed "%s"', (routing) => {
  it('every kind of request completes in the style the answer had; none ends unknown', async () => {
    await route(routing);
    const kinds = KINDS;
    const jobs = await runAll(
      `routing ${routing}`,
      kinds.map((k) => k.job),
    );
    for (const [index, job] of jobs.entries()) {
      const k = kinds[index] as Kind;
      const style = expectedStyle(routing, k);
      expect(job.state, `${k.name}: ${job.errorMessage ?? ''}`).toBe('done');
      expect(job.answerStyle, k.name).toBe(style);
      expect(job.rawAnswer).toBeNull();
      const tasks = listJobTasks(bench.db, job.id);
      if (style === 'summary') {
        // The direct channel's edit answer carries no image data: done, and said so.
        expect(job.errorCode).toBe('summary_only');
        expect(listJobAssets(bench.db, job.id)).toEqual([]);
        continue;
      }
      expect(job.errorCode, k.name).toBeNull();
      if (style === 'task') {
        // Polled on the image task route, with the queued channel's deadline of five minutes.
        expect(tasks).toHaveLength(1);
        expect(tasks[0]?.pollRoute).toBe(`/v1/images/generations/${tasks[0]?.id ?? ''}`);
        expect(tasks[0]?.family).toBe('image');
      } else {
        expect(tasks).toEqual([]);
      }
      await expectImagesInLibrary(job, k.size);
    }
  });
});

describe('models the catalog does not know', () => {
  it('run end to end on their generic variants, the image answer style detected', async () => {
    await route('request');
    const [image, video] = await runAll('unknown models', [
      { variantId: 'image.generic:lumen-image-1', body: bodyOf('image.generic:lumen-image-1', { prompt: 'a paper lamp', size: '768x512', n: 2 }) },
      { variantId: 'video.generic:lumen-video-1', body: bodyOf('video.generic:lumen-video-1', { prompt: 'a paper lamp', duration: 4, aspect_ratio: '9:16' }) },
    ]);
    expect(image).toMatchObject({ state: 'done', answerStyle: 'direct', model: 'lumen-image-1' });
    if (image) await expectImagesInLibrary(image, [768, 512]);
    expect(listJobAssets(bench.db, image?.id ?? '')).toHaveLength(2);
    expect(video).toMatchObject({ state: 'done', answerStyle: 'task', model: 'lumen-video-1' });
    const [clip] = listJobAssets(bench.db, video?.id ?? '');
    expect(clip).toMatchObject({ kind: 'video', width: 720, height: 1280 });
  });
});

describe('what one channel refuses', () => {
  it('16 references routed to the direct channel fail with its reason, before anything is charged', async () => {
    await route('direct');
    const before = await bench.stats();
    const [job] = await runAll('sixteen references', [
      {
        variantId: 'image.gen-image-2.task',
        body: bodyOf('image.gen-image-2.task', { prompt: 'a collage', size: '1:1', image_urls: Array.from({ length: 16 }, (_u, i) => ref(i)) }),
      },
    ]);
    expect(job).toMatchObject({ state: 'failed', answerStyle: null });
    expect(job?.errorMessage).toMatch(/at most 4 images/);
    expect((await bench.stats()).totalSubmissions).toBe(before.totalSubmissions);
    await route('task');
    const [queued] = await runAll('sixteen references, queued', [
      {
        variantId: 'image.gen-image-2.task',
        body: bodyOf('image.gen-image-2.task', { prompt: 'a collage', size: '1:1', image_urls: Array.from({ length: 16 }, (_u, i) => ref(i)) }),
      },
    ]);
    expect(queued).toMatchObject({ state: 'done', answerStyle: 'task' });
  });
});

describe('after a restart', () => {
  it('a task answered to a direct request is still polled on the image task route and completes', async () => {
    await route('task');
    await engine.stop();
    const stopped = bench.engine({ pollTimings: { image: { initialDelayMs: 1_500, intervalMs: 1_500, deadlineMs: 60_000 } } });
    await stopped.start();
    const job = stopped.commands.enqueue({
      variantId: 'image.gen-image-2.direct',
      body: bodyOf('image.gen-image-2.direct', { prompt: 'a lantern', size: '1280x720' }),
    });
    for (let i = 0; i < 100 && stopped.queries.job(job.id)?.state !== 'submitted'; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped.queries.job(job.id)).toMatchObject({ state: 'submitted', answerStyle: 'task' });
    await stopped.stop();

    const resumed = bench.engine();
    await resumed.start();
    await bench.idle(resumed);
    const done = resumed.queries.job(job.id);
    expect(done).toMatchObject({ state: 'done', answerStyle: 'task' });
    if (done) await expectImagesInLibrary(done, [1280, 720]);
    expect((await bench.stats()).submissions['gen-image-2']).toBeGreaterThan(0);
    // One submission for this job: the restart polled, it did not send again.
    expect(listJobTasks(bench.db, job.id)).toHaveLength(1);
    expect(mediaFilesIn(bench.root).length).toBeGreaterThan(0);
    expect(temporaryFilesIn(bench.root)).toEqual([]);
    engine = resumed;
  });
});
