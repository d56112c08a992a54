/**
 * A batch over every image and video variant of the catalog, then the variants that need a
 * finished video (remixes, a character) and the character in a `@username` video: every result
 * ends up in the library with its real dimensions, its metadata and its sidecar.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG } from '../../../src/shared/catalog';
import { listJobAssets, readAssetSidecar, resolveInLibrary, sidecarPathFor } from '../../../src/main/core/library';
import { listJobTasks, type Job } from '../../../src/main/core/jobs/store';
import { characterCreationJob, type EngineJobInput, type JobEngine } from '../../../src/main/core/jobs';
import { bodyOf, mediaFilesIn, startBench, temporaryFilesIn, type Bench } from './harness';

const ref = 'https://cdn.example/ref-1.png';

/** Variants that can run on their own, with the pixel size each result should have. */
const standalone: [variantId: string, values: Record<string, unknown>, size: [number, number] | null][] = [
  ['image.gen-image-2.direct', { prompt: 'a lighthouse at dusk', size: '1024x1024' }, [1024, 1024]],
  ['image.gen-image-2.edit', { prompt: 'make it snow', image_urls: [ref] }, null],
  ['image.gen-image-2.task', { prompt: '一只猫', size: { tier: '1K', ratio: '16:9' } }, [1536, 864]],
  ['image.nova-3.1-flash-image', { prompt: 'a fox', size: '1360x768' }, [1360, 768]],
  ['image.nova-3-pro-image', { prompt: 'a heron', size: '1024x1024' }, [1024, 1024]],
  ['image.nova-3-pro-image.official', { prompt: 'a tram', size: '1:1' }, [1024, 1024]],
  ['video.vid-2.official', { prompt: 'a harbour at dawn', size: '1280x720', duration: 4 }, [1280, 720]],
  ['video.clip3-720p', { prompt: 'waves', images: [ref], duration: 5, size: '720x1280' }, [720, 1280]],
  ['video.clip3-1080p', { prompt: 'dunes', images: [ref], duration: 5, size: '1920x1080' }, [1920, 1080]],
  ['video.clip-o3-720p', { prompt: 'rain', images: [ref], duration: 5, size: '1280x720' }, [1280, 720]],
  ['video.clip-o3-1080p', { prompt: 'snow', images: [ref], duration: 5, size: '1920x1080' }, [1920, 1080]],
  ['video.clip-3.0-turbo', { prompt: 'a kite', duration: 3 }, [1280, 720]],
  ['video.clip-v3-omni', { prompt: 'a dance', duration: 3, aspect_ratio: '9:16' }, [720, 1280]],
  ['video.vid-2-vvip', { prompt: 'a courier on a bike', duration: 4, 'metadata.n': 2 }, [1280, 720]],
];

let bench: Bench;
let engine: JobEngine;
const expectedSize = new Map<string, [number, number] | null>();

beforeAll(async () => {
  bench = await startBench({}, { virtualTime: true });
  engine = bench.engine();
  await engine.start();
});
afterAll(async () => bench.close());

async function runBatch(name: string, jobs: EngineJobInput[]): Promise<Job[]> {
  const { jobs: created } = await engine.commands.createBatch({ name, jobs });
  // Each demo video runs the system's ffmpeg three times (two encodes, one poster); a dynamically
  // linked ffmpeg takes a few tenths of a second just to start on a busy machine.
  await bench.idle(engine);
  return created.map((job) => {
    const view = engine.queries.job(job.id);
    if (!view) throw new Error(`job ${job.id} vanished`);
    return view;
  });
}

async function expectInLibrary(job: Job): Promise<void> {
  const assets = listJobAssets(bench.db, job.id);
  expect(assets.length, `${job.variantId} assets`).toBeGreaterThan(0);
  const tasks = listJobTasks(bench.db, job.id);
  for (const asset of assets) {
    const file = resolveInLibrary(bench.root, asset.filePath);
    expect(existsSync(file), asset.filePath).toBe(true);
    expect(asset.filePath).toMatch(/^\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}\.(png|jpg|webp|mp4)$/);
    expect(asset).toMatchObject({ jobId: job.id, model: job.model, variantId: job.variantId, prompt: job.prompt });
    expect(asset.taskId).toBe(tasks.at(-1)?.id ?? null);
    expect(JSON.stringify(asset.request)).not.toMatch(/sk-|authorization/i);
    expect(asset.request).toMatchObject({ model: job.model });
    if (asset.kind === 'image') {
      const meta = await sharp(file).metadata();
      expect([asset.width, asset.height]).toEqual([meta.width, meta.height]);
    } else {
      expect(asset.durationMs).toBeGreaterThan(0);
      expect(readFileSync(file).subarray(4, 8).toString('latin1')).toBe('ftyp');
    }
    const size = expectedSize.get(job.variantId);
    if (size) expect([asset.width, asset.height], job.variantId).toEqual(size);
    expect(asset.thumbPath).not.toBeNull();
    expect(existsSync(resolveInLibrary(bench.root, asset.thumbPath ?? ''))).toBe(true);
    const sidecar = await readAssetSidecar(join(bench.root, sidecarPathFor(asset.filePath)));
    expect(sidecar).toMatchObject({ id: asset.id, taskId: asset.taskId, model: asset.model, variantId: asset.variantId, width: asset.width });
  }
}

describe('a batch across the whole catalog', () => {
  it('covers every image and video variant of the catalog', () => {
    const covered = new Set([
      ...standalone.map(([id]) => id),
      'video.remix.vid-2',
      'video.remix.vid-2-pro',
      'video.remix.vid-2-vip',
      'video.remix.official',
      'character.vid-2-vvip.create',
      'video.vid-2.character',
    ]);
    expect(CATALOG.map((entry) => entry.id).filter((id) => !covered.has(id))).toEqual([]);
  });

  it('stores every result with its metadata, then remixes, a character and a @username video', async () => {
    for (const [id, , size] of standalone) expectedSize.set(id, size);
    const first = await runBatch(
      'every variant',
      standalone.map(([variantId, values]) => ({ variantId, body: bodyOf(variantId, values) })),
    );
    for (const job of first) {
      if (job.variantId === 'image.gen-image-2.edit') {
        // Edit mode answers with a summary only: done, nothing to store, and said so.
        expect(job).toMatchObject({ state: 'done', errorCode: 'summary_only' });
        expect(job.errorMessage).toMatch(/summary only/);
        continue;
      }
      expect(job.state, `${job.variantId}: ${job.errorMessage ?? ''}`).toBe('done');
      await expectInLibrary(job);
    }
    const vvip = first.find((job) => job.variantId === 'video.vid-2-vvip');
    expect(listJobAssets(bench.db, vvip?.id ?? '').map((asset) => asset.resultIndex)).toEqual([0, 1]);
    const official = first.find((job) => job.variantId === 'video.vid-2.official');
    const vvipTask = listJobTasks(bench.db, vvip?.id ?? '')[0]?.id ?? '';
    const officialTask = listJobTasks(bench.db, official?.id ?? '')[0]?.id ?? '';

    const second = await runBatch('remixes and a character', [
      { variantId: 'video.remix.vid-2', body: bodyOf('video.remix.vid-2', { prompt: 'make it rain', duration: 10 }), pathParams: { video_id: vvipTask } },
      { variantId: 'video.remix.vid-2-pro', body: bodyOf('video.remix.vid-2-pro', { prompt: 'at night', duration: 15 }), pathParams: { video_id: vvipTask } },
      { variantId: 'video.remix.vid-2-vip', body: bodyOf('video.remix.vid-2-vip', { prompt: 'in snow' }), pathParams: { video_id: vvipTask } },
      { variantId: 'video.remix.official', body: bodyOf('video.remix.official', { prompt: 'add seagulls' }), pathParams: { video_id: officialTask } },
      characterCreationJob({ fromTaskId: vvipTask }, 'the courier'),
    ]);
    for (const job of second) expect(job.state, `${job.variantId}: ${job.errorMessage ?? ''}`).toBe('done');
    for (const job of second.filter((j) => j.variantId.startsWith('video.remix'))) {
      await expectInLibrary(job);
      // Stored as sent: the source video is a path parameter, not part of the body.
      expect(job.pathParams).toEqual({ video_id: expect.stringMatching(/^(task|video)_/) as unknown });
      expect(job.request).not.toHaveProperty('video_id');
    }
    const characters = engine.characters.list();
    expect(characters).toHaveLength(1);
    const [character] = characters;
    const creation = second.find((job) => job.variantId === 'character.vid-2-vvip.create');
    expect(character).toMatchObject({ sourceTaskId: listJobTasks(bench.db, creation?.id ?? '')[0]?.id });
    expect(engine.characters.unknownMentions(`@${character?.username ?? ''} and @nobody`)).toEqual(['nobody']);

    const [mention] = await runBatch('a character in a video', [
      { variantId: 'video.vid-2.character', body: bodyOf('video.vid-2.character', { prompt: `@${character?.username ?? ''} waves at the camera` }) },
    ]);
    expect(mention?.state, mention?.errorMessage ?? '').toBe('done');
    if (mention) await expectInLibrary(mention);

    // Every result once: one asset row per stored file, no leftovers, nothing submitted twice.
    const rows = bench.db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM assets').get()?.n;
    expect(mediaFilesIn(bench.root)).toHaveLength(rows ?? -1);
    expect(temporaryFilesIn(bench.root)).toEqual([]);
    const stats = await bench.stats();
    const jobs = bench.db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM jobs').get()?.n ?? 0;
    // The VVIP job asked for 2 videos and is counted per video by the simulator.
    expect(stats.totalSubmissions).toBeLessThanOrEqual(jobs + 1);
  }, 120_000);

  it('collects the character a VVIP video creates with character_create', async () => {
    const before = engine.characters.list().length;
    const [job] = await runBatch('video with a character', [
      { variantId: 'video.vid-2-vvip', body: bodyOf('video.vid-2-vvip', { prompt: 'a juggler in a park', 'metadata.character_create': true }) },
    ]);
    expect(job?.state).toBe('done');
    await bench.idle(engine);
    const characters = engine.characters.list();
    expect(characters).toHaveLength(before + 1);
    expect(characters[0]?.sourceTaskId).toBe(listJobTasks(bench.db, job?.id ?? '')[0]?.id);
  });

  it('creates a character from a 2-second segment of a video address', async () => {
    const [job] = await runBatch('character from a clip', [characterCreationJob({ videoUrl: 'https://cdn.example/dancer.mp4', segment: '1,3' }, 'the dancer')]);
    expect(job?.state, job?.errorMessage ?? '').toBe('done');
    expect(job?.request).toMatchObject({ metadata: { character_url: 'https://cdn.example/dancer.mp4', character_timestamps: '1,3', character_create: true } });
    const made = engine.characters.list().find((character) => character.sourceTaskId === listJobTasks(bench.db, job?.id ?? '')[0]?.id);
    expect(made?.username).toMatch(/^\w+/);
    expect(engine.characters.findByUsername(`@${made?.username ?? ''}`)?.id).toBe(made?.id);
  });
});
